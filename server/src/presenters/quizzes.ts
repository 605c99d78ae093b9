/** The only way quizzes leave the server: the shapes of src/shared/api/quizzes.ts, the right answers only in an attempt's corrections. */
import type { Quiz, QuizAttemptResult, QuizScore } from '../../../src/shared/api/quizzes.ts'
import type { AttemptRow, BestScore, QuestionRow, QuizRow } from '../services/quizzes.ts'
import { isRight } from '../services/quizzes.ts'

export function presentScore(score: number, total: number): QuizScore {
  return { score, total, percent: total > 0 ? Math.round((score * 100) / total) : 0 }
}

export function presentQuiz(quiz: QuizRow, questions: readonly QuestionRow[], best: BestScore | null): Quiz {
  return {
    id: quiz.id,
    content_id: quiz.contentId,
    title: quiz.title,
    questions: questions.map((question) => ({
      id: question.id,
      position: question.position,
      text: question.text,
      multiple: question.multiple,
      options: question.options.map((option) => ({ id: option.id, position: option.position, text: option.text }))
    })),
    best: best ? presentScore(best.score, best.total) : null,
    attempts: best?.attempts ?? 0
  }
}

export function presentAttempt(attempt: AttemptRow, questions: readonly QuestionRow[], best: BestScore): QuizAttemptResult {
  const chosen = new Map(attempt.answers.map((answer) => [answer.question_id, answer.option_ids]))
  return {
    id: attempt.id,
    attempt_id: attempt.attemptKey,
    quiz_id: attempt.quizId,
    ...presentScore(attempt.score, attempt.total),
    submitted_at: attempt.submittedAt.toISOString(),
    corrections: questions.map((question) => ({
      question_id: question.id,
      correct: isRight(question, chosen.get(question.id)),
      chosen_option_ids: chosen.get(question.id) ?? [],
      correct_option_ids: question.options.filter((option) => option.correct).map((option) => option.id),
      explanation: question.explanation
    })),
    best: presentScore(best.score, best.total)
  }
}
