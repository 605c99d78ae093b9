/**
 * Quizzes (QCM) of a lesson (docs/decisions/0043-quizzes.md): a quiz is opened only by a pupil
 * who may open its lesson; an attempt is scored here, from the stored right answers, and kept
 * with its score; the best score is the pupil's highest. An attempt id sent again counts once:
 * the same answers get the first answer again, other answers are refused.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { QuizAttemptBody, QuizDefinition } from '../../../src/shared/api/quizzes.ts'
import type { Db, Executor } from '../db/client.ts'
import { contents, quizAttempts, quizOptions, quizQuestions, quizzes } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import { inTransaction } from './ledger.ts'
import { openLessonById } from './reactions.ts'

/** The content type of a QCM lesson (CONTENT_TYPE_IDS). */
export const QCM_CONTENT_TYPE = 7

export type QuizRow = typeof quizzes.$inferSelect
export type OptionRow = { id: number; position: number; text: string; correct: boolean }
export type QuestionRow = {
  id: number
  position: number
  text: string
  multiple: boolean
  explanation: string | null
  options: OptionRow[]
}
export type Answer = { question_id: number; option_ids: number[] }
export type AttemptRow = typeof quizAttempts.$inferSelect
export type BestScore = { score: number; total: number; attempts: number }

function quizNotFound(): ApiError {
  return new ApiError('not_found', 'Quiz introuvable')
}

function answerInvalid(message: string): ApiError {
  return new ApiError('quiz_answer_invalid', message)
}

/** The quiz, when the pupil may open its lesson (content_locked, level_not_allowed, 404 otherwise). */
export async function openQuiz(db: Executor, user: UserRow, quizId: number, now: Date): Promise<QuizRow> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1)
  if (!quiz) throw quizNotFound()
  await openLessonById(db, user, quiz.contentId, now)
  return quiz
}

/** The questions of a quiz in order, each with its options in order (right answers included: they stay on the server). */
export async function questionsOf(db: Executor, quizId: number): Promise<QuestionRow[]> {
  const rows = await db
    .select({
      question: {
        id: quizQuestions.id,
        position: quizQuestions.position,
        text: quizQuestions.text,
        multiple: quizQuestions.multiple,
        explanation: quizQuestions.explanation
      },
      option: { id: quizOptions.id, position: quizOptions.position, text: quizOptions.text, correct: quizOptions.correct }
    })
    .from(quizQuestions)
    .innerJoin(quizOptions, eq(quizOptions.questionId, quizQuestions.id))
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizOptions.position))
  const questions: QuestionRow[] = []
  for (const row of rows) {
    let question = questions.at(-1)
    if (question?.id !== row.question.id) questions.push((question = { ...row.question, options: [] }))
    question.options.push(row.option)
  }
  return questions
}

/** The pupil's best score on the quiz and how many attempts they made; null before the first. */
export async function bestScoreOf(db: Executor, userId: number, quizId: number): Promise<BestScore | null> {
  const mine = and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId))
  const [[best], [made]] = await Promise.all([
    db
      .select({ score: quizAttempts.score, total: quizAttempts.total })
      .from(quizAttempts)
      .where(mine)
      .orderBy(desc(quizAttempts.score), asc(quizAttempts.id))
      .limit(1),
    db.select({ n: count() }).from(quizAttempts).where(mine)
  ])
  return best ? { ...best, attempts: made?.n ?? 0 } : null
}

/** The answers checked against the quiz, one per question at most, in the quiz's order, option ids sorted. */
export function checkedAnswers(questions: readonly QuestionRow[], answers: QuizAttemptBody['answers']): Answer[] {
  const byId = new Map(questions.map((question) => [question.id, question]))
  const seen = new Set<number>()
  for (const answer of answers) {
    const question = byId.get(answer.question_id)
    if (!question) throw answerInvalid('Cette réponse ne correspond à aucune question de ce quiz')
    if (seen.has(answer.question_id)) throw answerInvalid('Une question a reçu deux réponses')
    seen.add(answer.question_id)
    const options = new Set(question.options.map((option) => option.id))
    if (answer.option_ids.some((optionId) => !options.has(optionId)) || new Set(answer.option_ids).size !== answer.option_ids.length) {
      throw answerInvalid('Cette réponse ne correspond à aucun choix de la question')
    }
    if (!question.multiple && answer.option_ids.length > 1) throw answerInvalid('Cette question n’accepte qu’une seule réponse')
  }
  const chosen = new Map(answers.map((answer) => [answer.question_id, [...answer.option_ids].sort((a, b) => a - b)]))
  return questions
    .filter((question) => chosen.has(question.id))
    .map((question) => ({ question_id: question.id, option_ids: chosen.get(question.id)! }))
}

/** Right when the options chosen are exactly the right ones (a question left out is wrong). */
export function isRight(question: QuestionRow, chosen: readonly number[] | undefined): boolean {
  const right = question.options.filter((option) => option.correct).map((option) => option.id)
  return chosen !== undefined && chosen.length === right.length && right.every((optionId) => chosen.includes(optionId))
}

export function scoreOf(questions: readonly QuestionRow[], answers: readonly Answer[]): number {
  const chosen = new Map(answers.map((answer) => [answer.question_id, answer.option_ids]))
  return questions.filter((question) => isRight(question, chosen.get(question.id))).length
}

/** jsonb keeps an object's keys in its own order: answers are compared by their values. */
const answersKey = (answers: readonly Answer[]) => JSON.stringify(answers.map((answer) => [answer.question_id, answer.option_ids]))
const sameAnswers = (a: readonly Answer[], b: readonly Answer[]) => answersKey(a) === answersKey(b)

/**
 * Records and scores an attempt, once per attempt id: an attempt id already used answers that
 * attempt again when its quiz and answers are the same, and is refused otherwise.
 */
export async function submitAttempt(
  db: Executor,
  userId: number,
  quizId: number,
  questions: readonly QuestionRow[],
  body: QuizAttemptBody,
  now: Date
): Promise<AttemptRow> {
  const answers = checkedAnswers(questions, body.answers)
  const [inserted] = await db
    .insert(quizAttempts)
    .values({
      userId,
      quizId,
      attemptKey: body.attempt_id,
      answers,
      score: scoreOf(questions, answers),
      total: questions.length,
      submittedAt: now
    })
    .onConflictDoNothing()
    .returning()
  if (inserted) return inserted
  const [earlier] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.attemptKey, body.attempt_id)))
    .limit(1)
  if (!earlier || earlier.quizId !== quizId || !sameAnswers(earlier.answers, answers)) {
    throw new ApiError('quiz_attempt_submitted', 'Cette tentative a déjà été envoyée')
  }
  return earlier
}

/** Gives a QCM lesson its quiz (the operator's file), and the lesson its `qcm_id`. */
export async function createQuiz(
  db: Db,
  contentId: number,
  definition: QuizDefinition,
  now: Date
): Promise<{ quiz: QuizRow; questions: number }> {
  return inTransaction(db, async (tx) => {
    const [lesson] = await tx
      .select({ id: contents.id, typeId: contents.typeId })
      .from(contents)
      .where(eq(contents.id, contentId))
      .for('update')
      .limit(1)
    if (!lesson) throw new ApiError('not_found', 'Leçon introuvable')
    if (lesson.typeId !== QCM_CONTENT_TYPE)
      throw new ApiError('operation_impossible', `La leçon ${contentId} n’est pas un QCM (type ${QCM_CONTENT_TYPE})`)
    const [quiz] = await tx.insert(quizzes).values({ contentId, title: definition.title, createdAt: now }).onConflictDoNothing().returning()
    if (!quiz) throw new ApiError('operation_impossible', `La leçon ${contentId} a déjà un quiz`)
    for (const [index, question] of definition.questions.entries()) {
      const [row] = await tx
        .insert(quizQuestions)
        .values({
          quizId: quiz.id,
          position: index + 1,
          text: question.text,
          multiple: question.multiple,
          explanation: question.explanation ?? null
        })
        .returning({ id: quizQuestions.id })
      await tx.insert(quizOptions).values(
        question.options.map((option, position) => ({
          questionId: row!.id,
          position: position + 1,
          text: option.text,
          correct: option.correct
        }))
      )
    }
    await tx.update(contents).set({ qcmId: quiz.id }).where(eq(contents.id, contentId))
    return { quiz, questions: definition.questions.length }
  })
}
