/**
 * Quizzes (QCM) of a lesson (specification part 2, §3 `content_qcm_id`, content type 7). The
 * specification names them but not their shape: docs/decisions/0043-quizzes.md decides it.
 *
 * A QCM lesson has one quiz; a quiz has questions in order, each with one right answer or
 * several (`multiple`) among its options and an optional explanation. The quiz is sent WITHOUT
 * its right answers; an attempt is scored by the server, which answers the score, each
 * question's correction and its explanation, and the pupil's best score. An attempt carries the
 * client's `attempt_id`: sent again (a retry, or with the same Idempotency-Key) it counts once.
 * Refused on a lesson the pupil cannot open (`content_locked`), another class's
 * (`level_not_allowed`), an unknown one (404); an answer naming a question of another quiz, an
 * option of another question or two options of a one-answer question: `quiz_answer_invalid`.
 */
import { z } from 'zod'
import { type Endpoint, IdPathSchema } from './common.ts'

/** The sizes a quiz keeps to (the operator's file is checked against them). */
export const QUIZ_LIMITS = { title: 200, questions: 50, options: 8, questionText: 1000, optionText: 300, explanation: 2000 } as const

const id = z
  .number({ error: 'common.required' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })
const text = (max: number) =>
  z.string({ error: 'common.required' }).trim().min(1, { error: 'common.required' }).max(max, { error: 'common.tooLong' })

// ── The operator's quiz file (`npm run admin -- lesson quiz <lessonId> <file.json>`) ──────────

export const QuizOptionInputSchema = z.strictObject({ text: text(QUIZ_LIMITS.optionText), correct: z.boolean().default(false) })

export const QuizQuestionInputSchema = z
  .strictObject({
    text: text(QUIZ_LIMITS.questionText),
    multiple: z.boolean().default(false),
    explanation: text(QUIZ_LIMITS.explanation).optional(),
    options: z.array(QuizOptionInputSchema).min(2, { error: 'common.invalid' }).max(QUIZ_LIMITS.options, { error: 'common.invalid' })
  })
  .refine(
    (question) => {
      const right = question.options.filter((option) => option.correct).length
      return question.multiple ? right >= 1 : right === 1
    },
    { error: 'common.invalid', path: ['options'] }
  )

/** A quiz as the operator writes it: a one-answer question has exactly one right option, a multiple one at least one. */
export const QuizDefinitionSchema = z.strictObject({
  title: text(QUIZ_LIMITS.title),
  questions: z.array(QuizQuestionInputSchema).min(1, { error: 'common.required' }).max(QUIZ_LIMITS.questions, { error: 'common.invalid' })
})
export type QuizDefinition = z.infer<typeof QuizDefinitionSchema>

export const CreatedQuizSchema = z.object({
  id: z.number().int(),
  content_id: z.number().int(),
  questions: z.number().int(),
  message: z.string()
})

// ── The pupil's side ──────────────────────────────────────────────────────────────────────────

/** A score: right questions out of all, and its share in whole percent. */
export const QuizScoreSchema = z.object({
  score: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  percent: z.number().int().min(0).max(100)
})
export type QuizScore = z.infer<typeof QuizScoreSchema>

/** A quiz as the pupil receives it: no option says whether it is right. */
export const QuizSchema = z.object({
  id: z.number().int(),
  content_id: z.number().int(),
  title: z.string(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      text: z.string(),
      multiple: z.boolean(),
      options: z.array(z.strictObject({ id: z.number().int(), position: z.number().int(), text: z.string() }))
    })
  ),
  /** The pupil's best attempt, null before the first. */
  best: QuizScoreSchema.nullable(),
  attempts: z.number().int().nonnegative()
})
export type Quiz = z.infer<typeof QuizSchema>

/** `POST /student/quizzes/{id}/attempts`: the options chosen per question; a question left out counts as wrong. */
export const QuizAttemptBodySchema = z.strictObject({
  /** Made by the app once per attempt (a UUID): sent again, the attempt counts once. */
  attempt_id: z.uuid({ error: 'common.invalid' }),
  answers: z
    .array(
      z.strictObject({
        question_id: id,
        option_ids: z.array(id).max(QUIZ_LIMITS.options, { error: 'common.invalid' })
      })
    )
    .max(QUIZ_LIMITS.questions, { error: 'common.invalid' })
})
export type QuizAttemptBody = z.infer<typeof QuizAttemptBodySchema>

export const QuizCorrectionSchema = z.object({
  question_id: z.number().int(),
  /** The options chosen are exactly the right ones. */
  correct: z.boolean(),
  chosen_option_ids: z.array(z.number().int()),
  correct_option_ids: z.array(z.number().int()),
  explanation: z.string().nullable()
})

export const QuizAttemptResultSchema = QuizScoreSchema.extend({
  id: z.number().int(),
  attempt_id: z.string(),
  quiz_id: z.number().int(),
  submitted_at: z.string(),
  corrections: z.array(QuizCorrectionSchema),
  /** The pupil's best attempt, this one included. */
  best: QuizScoreSchema
})
export type QuizAttemptResult = z.infer<typeof QuizAttemptResultSchema>

export const quizEndpoints = {
  quiz: {
    method: 'GET',
    service: 'api',
    path: '/student/quizzes/:id',
    access: 'user',
    summary:
      "A lesson's quiz (its content_qcm_id) without its right answers, with the pupil's best score; refused on a locked lesson (content_locked)",
    params: IdPathSchema,
    response: QuizSchema,
    errors: [401, 403, 404]
  },
  submit: {
    method: 'POST',
    service: 'api',
    path: '/student/quizzes/:id/attempts',
    access: 'user',
    status: 201,
    summary:
      "Submit an attempt (Idempotency-Key or attempt_id: counted once): the score, each question's correction and explanation, the best score; quiz_answer_invalid for an answer outside the quiz",
    params: IdPathSchema,
    body: QuizAttemptBodySchema,
    response: QuizAttemptResultSchema,
    errors: [401, 403, 404, 409, 422]
  }
} as const satisfies Record<string, Endpoint>

export const quizOperatorEndpoints = {
  addQuiz: {
    method: 'POST',
    service: 'operator',
    path: '/lessons/:id/quiz',
    access: 'operator',
    status: 201,
    summary:
      "Give a QCM lesson (type 7) its quiz, from the operator's JSON file (409 for another type of lesson or one that has a quiz already)",
    params: IdPathSchema,
    body: QuizDefinitionSchema,
    response: CreatedQuizSchema,
    errors: [401, 403, 404, 409]
  }
} as const satisfies Record<string, Endpoint>
