/**
 * A lesson's quiz (part 2, §3 `content_qcm_id`; docs/decisions/0043-quizzes.md): the questions
 * one at a time or all together, one option or several, then the server's score with each
 * question's correction and explanation, and a retry. An attempt carries its own id: sent again
 * after a lost answer it counts once; a new attempt gets a new id.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { Resource } from '../../../lib/loadable.ts'
import type { LearningApi, Quiz, QuizAttemptResult } from '../api.ts'

export type QuizMode = 'all' | 'one'

export class QuizStore {
  readonly quiz: Resource<Quiz>
  mode: QuizMode = 'all'
  /** The question shown in one-at-a-time mode. */
  index = 0
  /** The options chosen, by question. */
  chosen = new Map<number, number[]>()
  result: QuizAttemptResult | null = null
  submitting = false
  failed = false

  private readonly id: number
  private readonly api: () => LearningApi
  private readonly newId: () => string
  private attemptId: string

  constructor(id: number, api: () => LearningApi, newId: () => string = () => crypto.randomUUID()) {
    this.id = id
    this.api = api
    this.newId = newId
    this.attemptId = newId()
    this.quiz = new Resource(() => api().quiz(id))
    makeAutoObservable<QuizStore, 'id' | 'api' | 'newId' | 'attemptId'>(
      this,
      { quiz: false, id: false, api: false, newId: false, attemptId: false },
      { autoBind: true }
    )
  }

  load(): Promise<void> {
    return this.quiz.load()
  }

  get questions(): Quiz['questions'] {
    return this.quiz.data?.questions ?? []
  }

  setMode(mode: QuizMode): void {
    this.mode = mode
    this.index = 0
  }

  go(index: number): void {
    this.index = Math.min(Math.max(0, index), Math.max(0, this.questions.length - 1))
  }

  isChosen(questionId: number, optionId: number): boolean {
    return this.chosen.get(questionId)?.includes(optionId) ?? false
  }

  /** One option of a one-answer question replaces the other; several are toggled. */
  choose(questionId: number, optionId: number): void {
    if (this.result || this.submitting) return
    const question = this.questions.find((candidate) => candidate.id === questionId)
    if (!question?.options.some((option) => option.id === optionId)) return
    const current = this.chosen.get(questionId) ?? []
    const next = question.multiple
      ? current.includes(optionId)
        ? current.filter((id) => id !== optionId)
        : [...current, optionId]
      : [optionId]
    this.chosen.set(questionId, next)
  }

  get answered(): number {
    return this.questions.filter((question) => (this.chosen.get(question.id)?.length ?? 0) > 0).length
  }

  async submit(): Promise<void> {
    if (this.submitting || this.result || this.answered === 0) return
    this.submitting = true
    this.failed = false
    const answers = this.questions.map((question) => ({ question_id: question.id, option_ids: this.chosen.get(question.id) ?? [] }))
    try {
      const result = await this.api().submitQuiz(this.id, { attempt_id: this.attemptId, answers })
      runInAction(() => {
        this.result = result
        this.submitting = false
      })
    } catch {
      // The same attempt id is sent again by the next submit: counted once if it arrived.
      runInAction(() => {
        this.failed = true
        this.submitting = false
      })
    }
  }

  correctionOf(questionId: number): QuizAttemptResult['corrections'][number] | null {
    return this.result?.corrections.find((correction) => correction.question_id === questionId) ?? null
  }

  /** Another attempt: the choices cleared, a new attempt id, the best score asked again. */
  retry(): void {
    this.result = null
    this.failed = false
    this.chosen = new Map()
    this.index = 0
    this.attemptId = this.newId()
    void this.quiz.reload()
  }
}
