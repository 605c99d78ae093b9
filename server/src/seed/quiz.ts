/**
 * The demo quiz (docs/decisions/0043-quizzes.md): the QCM lesson 'Quiz : les bases du programme'
 * of class 14's Mathématiques (the demo pupil's class) gets a quiz of one-answer and
 * several-answer questions, most with an explanation.
 */
import { and, eq } from 'drizzle-orm'
import type { QuizDefinition } from '../../../src/shared/api/quizzes.ts'
import type { Db } from '../db/client.ts'
import { chapters, contents, subjects } from '../db/schema.ts'
import { createQuiz, QCM_CONTENT_TYPE } from '../services/quizzes.ts'

export const DEMO_QUIZ_LESSON_SLUG = 'quiz-les-bases-du-programme'

export const DEMO_QUIZ: QuizDefinition = {
  title: 'Les bases du programme',
  questions: [
    {
      text: 'Quelle est la limite de 1/x quand x tend vers +∞ ?',
      multiple: false,
      explanation: 'Quand x devient très grand, 1/x se rapproche de 0 autant que l’on veut.',
      options: [
        { text: '0', correct: true },
        { text: '1', correct: false },
        { text: '+∞', correct: false },
        { text: 'Elle n’existe pas', correct: false }
      ]
    },
    {
      text: 'Quelle est la dérivée de f(x) = x² ?',
      multiple: false,
      explanation: 'La dérivée de xⁿ est n·xⁿ⁻¹ : celle de x² est donc 2x.',
      options: [
        { text: '2x', correct: true },
        { text: 'x', correct: false },
        { text: 'x²/2', correct: false },
        { text: '2', correct: false }
      ]
    },
    {
      text: 'Parmi ces nombres, lesquels sont des entiers naturels pairs ?',
      multiple: true,
      explanation:
        'Un entier naturel pair s’écrit 2k avec k entier naturel : 0 = 2×0 et 4 = 2×2 ; 7 est impair et −2 n’est pas un entier naturel.',
      options: [
        { text: '0', correct: true },
        { text: '4', correct: true },
        { text: '7', correct: false },
        { text: '−2', correct: false }
      ]
    },
    {
      text: 'Une fonction dérivable sur un intervalle est-elle continue sur cet intervalle ?',
      multiple: false,
      options: [
        { text: 'Oui', correct: true },
        { text: 'Non', correct: false }
      ]
    },
    {
      text: 'Quelles égalités sont vraies pour tous réels a et b ?',
      multiple: true,
      explanation: 'Ce sont les identités remarquables : (a + b)² = a² + 2ab + b² et (a − b)(a + b) = a² − b².',
      options: [
        { text: '(a + b)² = a² + 2ab + b²', correct: true },
        { text: '(a − b)(a + b) = a² − b²', correct: true },
        { text: '(a + b)² = a² + b²', correct: false }
      ]
    }
  ]
}

/** Gives the demo QCM lesson of class 14 its quiz (the caller checks it has none yet). */
export async function seedDemoQuiz(db: Db, now: Date): Promise<void> {
  const [lesson] = await db
    .select({ id: contents.id })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(subjects.divisionId, 14),
        eq(subjects.slug, 'mathematiques'),
        eq(contents.slug, DEMO_QUIZ_LESSON_SLUG),
        eq(contents.typeId, QCM_CONTENT_TYPE)
      )
    )
    .limit(1)
  if (lesson) await createQuiz(db, lesson.id, DEMO_QUIZ, now)
}
