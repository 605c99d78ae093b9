/**
 * Quizzes (QCM) of a lesson (docs/decisions/0043-quizzes.md): the quiz without its right
 * answers, an attempt scored by the server (Idempotency-Key, and the attempt id: counted once),
 * and the operator's adding of a quiz to a QCM lesson (`npm run admin -- lesson quiz …`).
 * Who may open a quiz is who may open its lesson (services/catalogue.ts): `content_locked` on a
 * locked lesson, and nothing is recorded.
 */
import type { FastifyInstance } from 'fastify'
import { quizEndpoints as ep, quizOperatorEndpoints as op } from '../../../src/shared/api/quizzes.ts'
import { addRoute } from '../http.ts'
import { presentAttempt, presentQuiz } from '../presenters/quizzes.ts'
import type { Services } from '../services.ts'
import { createIdempotencyService } from '../services/idempotency.ts'
import { bestScoreOf, createQuiz, openQuiz, questionsOf, submitAttempt } from '../services/quizzes.ts'

export function registerQuizRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const idempotency = createIdempotencyService(db, services.clock)

  addRoute(app, services, ep.quiz, async ({ auth, params }) => {
    const quiz = await openQuiz(db, auth.user, params.id, services.clock.now())
    const [questions, best] = await Promise.all([questionsOf(db, quiz.id), bestScoreOf(db, auth.user.id, quiz.id)])
    return presentQuiz(quiz, questions, best)
  })

  addRoute(app, services, ep.submit, async ({ auth, params, body, request, reply }) => {
    const quiz = await openQuiz(db, auth.user, params.id, services.clock.now())
    return idempotency.run(
      {
        userId: auth.user.id,
        scope: `${ep.submit.method} ${ep.submit.path}`,
        key: request.headers['idempotency-key'],
        request: { params, body },
        status: 201,
        reply
      },
      async (tx) => {
        const questions = await questionsOf(tx, quiz.id)
        const attempt = await submitAttempt(tx, auth.user.id, quiz.id, questions, body, services.clock.now())
        return presentAttempt(attempt, questions, (await bestScoreOf(tx, auth.user.id, quiz.id))!)
      }
    )
  })

  addRoute(app, services, op.addQuiz, async ({ params, body }) => {
    const { quiz, questions } = await createQuiz(db, params.id, body, services.clock.now())
    return {
      id: quiz.id,
      content_id: quiz.contentId,
      questions,
      message: `Quiz ${quiz.id} ajouté à la leçon ${quiz.contentId} (${questions} questions)`
    }
  })
}
