/**
 * Quizzes (issue 29, decision 0043): the demo quiz on class 14's QCM lesson, named by the lesson's
 * content_qcm_id and sent without its right answers; attempts scored by the server with each
 * question's correction and explanation, the best score kept; an answer for a question of another
 * quiz and a locked lesson refused with nothing recorded; an attempt sent twice (same attempt id,
 * same Idempotency-Key) counted once; the operator's `lesson quiz` command; random bodies (T1).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Lesson } from '../../src/shared/api/learning.ts'
import { QuizAttemptResultSchema, QuizSchema, type Quiz, type QuizAttemptResult } from '../../src/shared/api/quizzes.ts'
import { runAdmin } from '../../server/src/admin.ts'
import { chapters, contents, quizAttempts, quizOptions, quizQuestions, quizzes, subjects } from '../../server/src/db/schema.ts'
import { DEMO_QUIZ, DEMO_QUIZ_LESSON_SLUG } from '../../server/src/seed/quiz.ts'
import { call, startTestServer, type TestServer, newPupil } from './harness.ts'

let server: TestServer
let api = ''
let demoQuizId = 0
const LESSON_URL = `/api/student/subjects/mathematiques/chapters/methodologie/contents/${DEMO_QUIZ_LESSON_SLUG}`
const dir = mkdtempSync(join(tmpdir(), 'darsi-quiz-'))

const db = () => server.app.services.database.db
const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })

beforeAll(async () => {
  server = await startTestServer()
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
  const [row] = await db()
    .select({ id: quizzes.id })
    .from(quizzes)
    .innerJoin(contents, eq(contents.id, quizzes.contentId))
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'mathematiques'), eq(contents.slug, DEMO_QUIZ_LESSON_SLUG)))
  demoQuizId = row!.id
})
afterAll(async () => {
  await server?.close()
})

/** A pupil of a class, with a subscription opening every subject (or none: the quiz's lesson is locked). */
const pupil = (options: { division?: number; subscribed?: boolean } = {}) =>
  newPupil(server.app, { ...options, subscribed: options.subscribed !== false })

const getQuiz = (token: string, id = demoQuizId) =>
  call<Quiz & { code?: string }>(server.app, 'GET', `/api/student/quizzes/${id}`, { token })
const submit = (token: string, body: unknown, options: { id?: number; key?: string } = {}) =>
  call<QuizAttemptResult & { code?: string; message?: string }>(
    server.app,
    'POST',
    `/api/student/quizzes/${options.id ?? demoQuizId}/attempts`,
    {
      token,
      body,
      ...(options.key ? { headers: { 'idempotency-key': options.key } } : {})
    }
  )
const attemptsOf = async (userId: number) =>
  (await db().select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.userId, userId)))[0]!.n

/** The right options of the demo quiz, by question id, read from the database. */
async function rightOptions(quizId = demoQuizId): Promise<Map<number, number[]>> {
  const rows = await db()
    .select({ questionId: quizQuestions.id, optionId: quizOptions.id })
    .from(quizOptions)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizOptions.questionId))
    .where(and(eq(quizQuestions.quizId, quizId), eq(quizOptions.correct, true)))
    .orderBy(quizOptions.id)
  const map = new Map<number, number[]>()
  for (const row of rows) map.set(row.questionId, [...(map.get(row.questionId) ?? []), row.optionId])
  return map
}

describe('the demo quiz', () => {
  it('is the QCM lesson’s content_qcm_id and is sent without its right answers or explanations', async () => {
    const { token } = await pupil()
    const lesson = await call<Lesson>(server.app, 'GET', LESSON_URL, { token })
    expect(lesson.status).toBe(200)
    expect(lesson.body.content_qcm_id).toBe(demoQuizId)

    const reply = await getQuiz(token)
    expect(reply.status).toBe(200)
    const quiz = QuizSchema.parse(reply.body)
    expect(quiz).toMatchObject({ id: demoQuizId, title: DEMO_QUIZ.title, best: null, attempts: 0 })
    expect(quiz.questions.map((question) => [question.text, question.multiple, question.options.length])).toEqual(
      DEMO_QUIZ.questions.map((question) => [question.text, question.multiple, question.options.length])
    )
    expect(JSON.stringify(reply.body)).not.toMatch(/correct|explanation/)
  })
})

describe('attempts', () => {
  it('are scored by the server with corrections and explanations; the best score is kept', async () => {
    const me = await pupil()
    const quiz = QuizSchema.parse((await getQuiz(me.token)).body)
    const right = await rightOptions()
    const [q1, q2, q3] = quiz.questions

    // Q1 right, Q2 wrong, Q3 half right (wrong), the others left out.
    const wrongQ2 = q2!.options.find((option) => !right.get(q2!.id)!.includes(option.id))!.id
    const first = await submit(me.token, {
      attempt_id: randomUUID(),
      answers: [
        { question_id: q1!.id, option_ids: right.get(q1!.id)! },
        { question_id: q2!.id, option_ids: [wrongQ2] },
        { question_id: q3!.id, option_ids: [right.get(q3!.id)![0]!] }
      ]
    })
    expect(first.status).toBe(201)
    const result = QuizAttemptResultSchema.parse(first.body)
    expect(result).toMatchObject({ quiz_id: demoQuizId, score: 1, total: 5, percent: 20, best: { score: 1, total: 5, percent: 20 } })
    expect(result.corrections.map((c) => c.correct)).toEqual([true, false, false, false, false])
    expect(result.corrections[1]).toEqual({
      question_id: q2!.id,
      correct: false,
      chosen_option_ids: [wrongQ2],
      correct_option_ids: right.get(q2!.id),
      explanation: DEMO_QUIZ.questions[1]!.explanation
    })
    expect(result.corrections[3]!.explanation).toBeNull()

    const all = await submit(me.token, {
      attempt_id: randomUUID(),
      answers: quiz.questions.map((q) => ({ question_id: q.id, option_ids: right.get(q.id)! }))
    })
    expect(all.body).toMatchObject({ score: 5, total: 5, percent: 100, best: { score: 5, percent: 100 } })
    const worse = await submit(me.token, { attempt_id: randomUUID(), answers: [] })
    expect(worse.body).toMatchObject({ score: 0, best: { score: 5, percent: 100 } })
    expect((await getQuiz(me.token)).body).toMatchObject({ best: { score: 5, total: 5, percent: 100 }, attempts: 3 })
    // Another pupil's best is their own.
    expect((await getQuiz((await pupil()).token)).body).toMatchObject({ best: null, attempts: 0 })
  })

  it('sent twice with the same attempt id or Idempotency-Key count once; other answers under a used id are refused', async () => {
    const me = await pupil()
    const quiz = QuizSchema.parse((await getQuiz(me.token)).body)
    const body = {
      attempt_id: randomUUID(),
      answers: [{ question_id: quiz.questions[0]!.id, option_ids: [quiz.questions[0]!.options[0]!.id] }]
    }
    const once = await submit(me.token, body)
    const again = await submit(me.token, body)
    expect(once.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(once.body)
    expect(await attemptsOf(me.id)).toBe(1)

    const other = await submit(me.token, { ...body, answers: [] })
    expect(other.status).toBe(409)
    expect(other.body.code).toBe('quiz_attempt_submitted')

    const key = `quiz-${randomUUID()}`
    const keyed = { attempt_id: randomUUID(), answers: [] }
    const [a, b] = await Promise.all([submit(me.token, keyed, { key }), submit(me.token, keyed, { key })])
    expect([a.status, b.status].filter((status) => status === 201).length).toBeGreaterThanOrEqual(1)
    expect((await submit(me.token, keyed, { key })).body).toMatchObject({ attempt_id: keyed.attempt_id })
    expect(await attemptsOf(me.id)).toBe(2)

    // Many at once with one attempt id: one attempt.
    const burst = { attempt_id: randomUUID(), answers: [] }
    const replies = await Promise.all(Array.from({ length: 10 }, () => submit(me.token, burst)))
    expect(replies.every((reply) => reply.status === 201 && reply.body.id === replies[0]!.body.id)).toBe(true)
    expect(await attemptsOf(me.id)).toBe(3)
  })
})

/** The demo QCM lesson of a class's mathematics. */
async function quizLessonOf(divisionId: number): Promise<{ id: number }> {
  const [lesson] = await db()
    .select({ id: contents.id })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, divisionId), eq(subjects.slug, 'mathematiques'), eq(contents.slug, DEMO_QUIZ_LESSON_SLUG)))
  return lesson!
}

describe('refusals', () => {
  it('an answer for a question of another quiz, an option of another question or two options of a one-answer question: quiz_answer_invalid, nothing recorded', async () => {
    // The operator gives class 13's QCM lesson a quiz of its own.
    const lesson = await quizLessonOf(13)
    const file = join(dir, 'quiz.json')
    writeFileSync(
      file,
      JSON.stringify({ title: 'Autre quiz', questions: [{ text: '1 + 1 ?', options: [{ text: '2', correct: true }, { text: '3' }] }] })
    )
    expect(await admin('lesson', 'quiz', String(lesson.id), file)).toMatch(/^Quiz \d+ ajouté à la leçon \d+ \(1 questions\)$/)
    await expect(admin('lesson', 'quiz', String(lesson.id), file)).rejects.toThrow(/409 .*a déjà un quiz/)
    const [other] = await db().select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.contentId, lesson.id))
    const [otherQuestion] = await db().select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.quizId, other!.id))
    const [otherOption] = await db().select({ id: quizOptions.id }).from(quizOptions).where(eq(quizOptions.questionId, otherQuestion!.id))

    const me = await pupil()
    const quiz = QuizSchema.parse((await getQuiz(me.token)).body)
    const single = quiz.questions.find((q) => !q.multiple)!
    const multiple = quiz.questions.find((q) => q.multiple)!
    const bodies = [
      [{ question_id: otherQuestion!.id, option_ids: [otherOption!.id] }],
      [{ question_id: single.id, option_ids: [otherOption!.id] }],
      [{ question_id: single.id, option_ids: [multiple.options[0]!.id] }],
      [{ question_id: single.id, option_ids: single.options.slice(0, 2).map((o) => o.id) }],
      [
        { question_id: single.id, option_ids: [single.options[0]!.id] },
        { question_id: single.id, option_ids: [single.options[1]!.id] }
      ]
    ]
    for (const answers of bodies) {
      const reply = await submit(me.token, { attempt_id: randomUUID(), answers })
      expect(reply.status, JSON.stringify(answers)).toBe(422)
      expect(reply.body.code).toBe('quiz_answer_invalid')
    }
    expect(await attemptsOf(me.id)).toBe(0)
    // Class 13's quiz is another class's lesson for this pupil.
    expect((await getQuiz(me.token, other!.id)).body.code).toBe('level_not_allowed')
  })

  it('a locked lesson’s quiz: content_locked, nothing recorded; an unknown quiz: 404', async () => {
    const me = await pupil({ subscribed: false })
    const read = await getQuiz(me.token)
    expect(read.status).toBe(403)
    expect(read.body.code).toBe('content_locked')
    const sent = await submit(me.token, { attempt_id: randomUUID(), answers: [] })
    expect(sent.status).toBe(403)
    expect(sent.body.code).toBe('content_locked')
    expect(await attemptsOf(me.id)).toBe(0)
    expect((await getQuiz(me.token, 2_000_000_000)).status).toBe(404)
  })

  it('the operator’s file is checked: a one-answer question with two right options is refused', async () => {
    const lesson = await quizLessonOf(15)
    const file = join(dir, 'bad.json')
    writeFileSync(
      file,
      JSON.stringify({
        title: 'Faux',
        questions: [
          {
            text: '?',
            options: [
              { text: 'a', correct: true },
              { text: 'b', correct: true }
            ]
          }
        ]
      })
    )
    await expect(admin('lesson', 'quiz', String(lesson.id), file)).rejects.toThrow(/422/)
    expect(await db().select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.contentId, lesson.id))).toEqual([])
  })
})

describe('random attempt bodies (T1)', () => {
  it('are answered 201, 409 or 422, never 5xx, and each 201 is one recorded attempt', async () => {
    const me = await pupil()
    const quiz = QuizSchema.parse((await getQuiz(me.token)).body)
    const questionIds = quiz.questions.map((q) => q.id)
    const optionIds = quiz.questions.flatMap((q) => q.options.map((o) => o.id))
    const id = fc.oneof(fc.constantFrom(...questionIds, ...optionIds), fc.integer({ min: -3, max: 2_147_483_648 }))
    const answer = fc.oneof(fc.record({ question_id: id, option_ids: fc.array(id, { maxLength: 9 }) }), fc.anything())
    const body = fc.oneof(
      fc.record({ attempt_id: fc.oneof(fc.uuid(), fc.string()), answers: fc.array(answer, { maxLength: 6 }) }),
      fc.record({ attempt_id: fc.uuid(), answers: fc.array(answer, { maxLength: 6 }), extra: fc.anything() }),
      fc.object(),
      fc.array(fc.anything(), { maxLength: 3 })
    )
    const attempts = new Set<number>()
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const reply = await submit(me.token, sent)
        expect([201, 409, 422]).toContain(reply.status)
        if (reply.status === 201) {
          const result = QuizAttemptResultSchema.parse(reply.body)
          expect(result.score).toBeLessThanOrEqual(result.total)
          attempts.add(result.id)
        }
      }),
      { numRuns: 60 }
    )
    expect(await attemptsOf(me.id)).toBe(attempts.size)
  })
})
