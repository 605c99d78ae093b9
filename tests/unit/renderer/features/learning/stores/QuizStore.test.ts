import { describe, expect, it } from 'vitest'
import type { LearningApi, Quiz, QuizAttemptBody, QuizAttemptResult } from '../../../../../../src/renderer/src/features/learning/api.ts'
import { QuizStore } from '../../../../../../src/renderer/src/features/learning/stores/QuizStore.ts'

const quiz: Quiz = {
  id: 3,
  content_id: 40,
  title: 'Quiz',
  best: null,
  attempts: 0,
  questions: [
    {
      id: 1,
      position: 1,
      text: 'Un',
      multiple: false,
      options: [
        { id: 11, position: 1, text: 'a' },
        { id: 12, position: 2, text: 'b' }
      ]
    },
    {
      id: 2,
      position: 2,
      text: 'Deux',
      multiple: true,
      options: [
        { id: 21, position: 1, text: 'c' },
        { id: 22, position: 2, text: 'd' },
        { id: 23, position: 3, text: 'e' }
      ]
    }
  ]
}

const result = (body: QuizAttemptBody): QuizAttemptResult => ({
  id: 1,
  attempt_id: body.attempt_id,
  quiz_id: 3,
  submitted_at: '2026-11-26T10:00:00.000Z',
  score: 1,
  total: 2,
  percent: 50,
  corrections: [
    { question_id: 1, correct: true, chosen_option_ids: [11], correct_option_ids: [11], explanation: null },
    { question_id: 2, correct: false, chosen_option_ids: [21], correct_option_ids: [21, 22], explanation: 'c et d' }
  ],
  best: { score: 1, total: 2, percent: 50 }
})

function setup(answers: Array<(body: QuizAttemptBody) => Promise<QuizAttemptResult>>) {
  const sent: QuizAttemptBody[] = []
  let ids = 0
  const api = {
    quiz: () => Promise.resolve(quiz),
    submitQuiz: (_id: number, body: QuizAttemptBody) => {
      sent.push(body)
      return answers.shift()!(body)
    }
  } as unknown as LearningApi
  const store = new QuizStore(
    3,
    () => api,
    () => `00000000-0000-4000-8000-00000000000${++ids}`
  )
  return { store, sent }
}

describe('a lesson’s quiz', () => {
  it('one option replaces the other; several are toggled; an option of another question is ignored', async () => {
    const { store } = setup([])
    await store.load()
    store.choose(1, 11)
    store.choose(1, 12)
    store.choose(2, 21)
    store.choose(2, 22)
    store.choose(2, 21)
    store.choose(1, 21)
    expect([store.chosen.get(1), store.chosen.get(2)]).toEqual([[12], [22]])
    expect(store.answered).toBe(2)
  })

  it('sends every question (one left out counts as wrong), shows the corrections, and a failed send goes again with the same attempt id', async () => {
    const { store, sent } = setup([() => Promise.reject(new Error('offline')), (body) => Promise.resolve(result(body))])
    await store.load()
    store.choose(1, 11)
    await store.submit()
    expect(store.failed).toBe(true)
    await store.submit()
    expect(sent.map((body) => body.attempt_id)).toEqual([sent[0]!.attempt_id, sent[0]!.attempt_id])
    expect(sent[1]!.answers).toEqual([
      { question_id: 1, option_ids: [11] },
      { question_id: 2, option_ids: [] }
    ])
    expect(store.result?.score).toBe(1)
    expect(store.correctionOf(2)?.explanation).toBe('c et d')
    // Answers are fixed once scored.
    store.choose(1, 12)
    expect(store.chosen.get(1)).toEqual([11])
  })

  it('a retry clears the answers and starts a new attempt', async () => {
    const { store, sent } = setup([(body) => Promise.resolve(result(body)), (body) => Promise.resolve(result(body))])
    await store.load()
    store.choose(1, 11)
    await store.submit()
    store.retry()
    expect([store.result, store.answered]).toEqual([null, 0])
    store.choose(1, 12)
    await store.submit()
    expect(new Set(sent.map((body) => body.attempt_id)).size).toBe(2)
  })

  it('shows one question at a time within bounds', async () => {
    const { store } = setup([])
    await store.load()
    store.setMode('one')
    store.go(5)
    expect(store.index).toBe(1)
    store.go(-1)
    expect(store.index).toBe(0)
  })
})
