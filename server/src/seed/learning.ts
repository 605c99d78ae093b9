/**
 * The learning demo data the home reads (`--seed demo`): subjects of the demo pupils' classes
 * with sections, chapters and lessons (some free, some recent), the demo pupil's progress and
 * free-hours use, forum topics, an expiring subscription for the demo pupil, and live sessions.
 *
 * Dates are relative to the seed's `now`. The static part runs once (its marker is the
 * Mathématiques subject of division 14). Live sessions follow a daily schedule and are kept as a
 * rolling window: each start checks the last seeded session and, when fewer than
 * EVENTS_REFILL_DAYS remain, adds the days up to EVENTS_HORIZON_DAYS ahead, so "today" always
 * has its sessions however long after the first seed the server runs
 * (docs/decisions/0006-home-dashboard.md).
 *
 * The lesson media part runs once too (its marker is a video under `demo/`): every video lesson
 * of the demo classes plays one of the bundled 24-second clips (resources/demo-media, linked
 * into the file store), each class's Mathématiques gets an exam and a 'divers' chapter (and a
 * recording chapter where it had none), and the demo pupil's monthly subscription opens four of
 * his subjects, so his other subjects show locked lessons beside the free ones
 * (docs/decisions/0027-learning-access-and-progress.md).
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { and, desc, eq, inArray, like, lt, max, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { VIDEO_CONTENT_TYPES } from '../../../src/shared/api/learning.ts'
import { TUNIS_TIME_ZONE } from '../../../src/shared/constants.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  chapterSections,
  chapters,
  contentProgress,
  contents,
  contentVideos,
  forumPosts,
  liveEvents,
  subjects,
  userOffers,
  userOfferSubjects,
  users
} from '../db/schema.ts'
import { DEMO_MEDIA_DIR, DEMO_MEDIA_PREFIX } from '../services/lessonMedia.ts'
import { slugify } from '../services/slugs.ts'
import { toMillimes } from '../services/ledger.ts'
import { videoFileInfo, wholeSeconds } from '../services/videoFiles.ts'
import { seedDemoQuiz } from './quiz.ts'
import { seedDemoMagazine } from './magazine.ts'
import type { FileStorage } from '../services/storage.ts'

/** Classes of the demo accounts: 14 Sami, 13 Amira, 15 Rami, 31 Lina, 7 the test account, 29 Youssef. */
export const DEMO_CLASSES = [14, 13, 15, 31, 7, 29] as const
/** Live sessions are seeded from a week back … */
export const EVENTS_PAST_DAYS = 7
/** … to this many days ahead, */
export const EVENTS_HORIZON_DAYS = 28
/** … and topped up at start when fewer days than this remain. */
export const EVENTS_REFILL_DAYS = 14

const DEMO_PUPIL_PHONE = '20000001'
const SILVER_PLUS_GROUP = 107

type Level = 'bac' | 'basic'
type ChapterTemplate = { section: string; name: string; lessons: string[]; type?: 'course' | 'recording' }
type SubjectTemplate = { oId: number; name: string; slug: string; color: string; teacher: [string, string]; visible?: boolean }

const SUBJECTS: Record<number, SubjectTemplate> = {
  1: { oId: 1, name: 'Mathématiques', slug: 'mathematiques', color: '#1E6FD9', teacher: ['Mohamed', 'Ben Salah'] },
  2: { oId: 2, name: 'Physique', slug: 'physique', color: '#7B1FA2', teacher: ['Leila', 'Mejri'] },
  3: { oId: 3, name: 'Sciences de la vie et de la terre', slug: 'svt', color: '#0F9D58', teacher: ['Sonia', 'Gharbi'] },
  4: { oId: 4, name: 'Informatique', slug: 'informatique', color: '#00838F', teacher: ['Hichem', 'Khelifi'] },
  5: { oId: 5, name: 'Français', slug: 'francais', color: '#C62828', teacher: ['Ines', 'Bouaziz'] },
  6: { oId: 6, name: 'Anglais', slug: 'anglais', color: '#EF6C00', teacher: ['Karim', 'Jlassi'] },
  7: { oId: 7, name: 'Arabe', slug: 'arabe', color: '#6D4C41', teacher: ['Faouzi', 'Ayari'] },
  8: { oId: 8, name: 'Philosophie', slug: 'philosophie', color: '#5E35B1', teacher: ['Rym', 'Chaabane'] },
  9: { oId: 9, name: 'Économie', slug: 'economie', color: '#2E7D32', teacher: ['Nabil', 'Hamdi'] },
  10: { oId: 10, name: 'Gestion', slug: 'gestion', color: '#AD1457', teacher: ['Amel', 'Saidi'] },
  11: { oId: 11, name: 'Histoire-Géographie', slug: 'histoire-geographie', color: '#8D6E63', teacher: ['Slim', 'Ferjani'] },
  12: { oId: 12, name: 'Allemand', slug: 'allemand', color: '#546E7A', teacher: ['Sarra', 'Dridi'], visible: false }
}

/** The subjects of each class, by position. The basic classes call physics "Sciences physiques". */
const CLASS_SUBJECTS: Record<(typeof DEMO_CLASSES)[number], { level: Level; subjects: number[] }> = {
  14: { level: 'bac', subjects: [1, 2, 3, 4, 5, 6, 7, 8, 12] },
  13: { level: 'bac', subjects: [1, 2, 4, 5, 6, 7, 8] },
  15: { level: 'bac', subjects: [9, 10, 1, 11, 5, 6, 7] },
  7: { level: 'bac', subjects: [1, 2, 3, 4, 5, 6, 7] },
  31: { level: 'basic', subjects: [1, 2, 3, 5, 6, 7, 11] },
  29: { level: 'basic', subjects: [1, 3, 5, 6, 7] }
}

const BAC_CHAPTERS: Record<number, ChapterTemplate[]> = {
  1: [
    {
      section: 'Analyse',
      name: 'Limites et continuité',
      lessons: ['Limite finie en un point', 'Continuité sur un intervalle', 'Théorème des valeurs intermédiaires']
    },
    {
      section: 'Analyse',
      name: 'Fonction logarithme népérien',
      lessons: ['Définition et propriétés du logarithme', 'Étude de la fonction ln', 'Équations et inéquations avec ln']
    },
    {
      section: 'Algèbre',
      name: 'Nombres complexes',
      lessons: ['Forme algébrique d’un nombre complexe', 'Module et argument', 'Équations du second degré dans ℂ']
    },
    {
      section: 'Séances enregistrées',
      name: 'Séances en direct de mathématiques',
      type: 'recording',
      lessons: ['Correction du devoir de synthèse n°1', 'Révision : suites réelles']
    }
  ],
  2: [
    {
      section: 'Électricité',
      name: 'Le condensateur',
      lessons: ['Charge et décharge d’un condensateur', 'Énergie emmagasinée dans un condensateur', 'Le dipôle RC']
    },
    {
      section: 'Mécanique',
      name: 'Oscillations mécaniques libres',
      lessons: ['Le pendule élastique', 'Amortissement des oscillations', 'Énergie d’un oscillateur']
    },
    {
      section: 'Séances enregistrées',
      name: 'Séances en direct de physique',
      type: 'recording',
      lessons: ['Exercices corrigés : le dipôle RL']
    }
  ],
  3: [
    {
      section: 'Reproduction',
      name: 'La reproduction humaine',
      lessons: ['Les gonades et la gamétogenèse', 'La fécondation', 'La régulation hormonale']
    },
    {
      section: 'Génétique',
      name: 'Génétique humaine',
      lessons: ['Transmission d’un caractère héréditaire', 'Les anomalies chromosomiques']
    }
  ],
  4: [
    {
      section: 'Algorithmique',
      name: 'Les structures de données',
      lessons: ['Les enregistrements', 'Les fichiers de données', 'Les tableaux à deux dimensions']
    },
    { section: 'Programmation', name: 'La récursivité', lessons: ['Principe de la récursivité', 'Algorithmes récursifs de tri'] }
  ],
  5: [
    { section: 'Œuvres', name: 'Le roman', lessons: ['Le personnage romanesque', 'Le point de vue narratif', 'Étude d’un incipit'] },
    { section: 'Expression écrite', name: 'L’essai argumentatif', lessons: ['Construire un plan dialectique', 'Rédiger une introduction'] }
  ],
  6: [
    {
      section: 'Modules',
      name: 'Holidaying and travel',
      lessons: ['Reading: travel diaries', 'Grammar: the passive voice', 'Writing an opinion essay']
    },
    { section: 'Modules', name: 'Education matters', lessons: ['Vocabulary: school and learning', 'Listening: a lecture on e-learning'] }
  ],
  7: [
    { section: 'النثر', name: 'النثر الحديث', lessons: ['المقال الأدبي', 'القصة القصيرة', 'تحليل نص حجاجي'] },
    { section: 'الشعر', name: 'الشعر العربي', lessons: ['الشعر الجاهلي', 'الشعر الحديث'] }
  ],
  8: [
    { section: 'Problématiques', name: 'L’identité et l’altérité', lessons: ['Le rapport à autrui', 'La question de l’identité'] },
    { section: 'Problématiques', name: 'La vérité', lessons: ['Vérité et opinion', 'La vérité scientifique'] }
  ],
  9: [
    {
      section: 'Croissance',
      name: 'La croissance économique',
      lessons: ['Mesurer la croissance', 'Les facteurs de la croissance', 'Croissance et développement durable']
    },
    { section: 'Échanges', name: 'Le commerce international', lessons: ['Les théories du libre-échange', 'La balance des paiements'] }
  ],
  10: [
    {
      section: 'Gestion courante',
      name: 'La gestion des approvisionnements',
      lessons: ['Le budget des approvisionnements', 'La gestion des stocks']
    },
    { section: 'Investissement', name: 'L’investissement', lessons: ['Le choix des investissements', 'Le financement des investissements'] }
  ],
  11: [
    { section: 'Histoire', name: 'Le monde après 1945', lessons: ['La guerre froide', 'La décolonisation'] },
    { section: 'Géographie', name: 'La Tunisie contemporaine', lessons: ['Le mouvement national', 'L’économie tunisienne'] }
  ],
  12: [{ section: 'Grundlagen', name: 'Erste Schritte', lessons: ['Die Familie'] }]
}

const BASIC_CHAPTERS: Record<number, ChapterTemplate[]> = {
  1: [
    { section: 'Nombres', name: 'Nombres rationnels', lessons: ['Opérations sur les rationnels', 'Puissances d’un rationnel'] },
    { section: 'Géométrie', name: 'Théorème de Thalès', lessons: ['Énoncé et applications', 'Réciproque du théorème de Thalès'] }
  ],
  2: [
    { section: 'Électricité', name: 'Le circuit électrique', lessons: ['Le courant électrique', 'La loi d’Ohm'] },
    { section: 'Matière', name: 'La matière', lessons: ['Les états de la matière', 'La masse volumique'] }
  ],
  3: [
    { section: 'Nutrition', name: 'La nutrition', lessons: ['La digestion', 'La respiration'] },
    { section: 'Environnement', name: 'L’environnement', lessons: ['Les écosystèmes', 'La pollution de l’eau'] }
  ],
  5: [
    { section: 'Lecture', name: 'La narration', lessons: ['Le schéma narratif', 'Le dialogue dans le récit'] },
    { section: 'Langue', name: 'La grammaire', lessons: ['Les propositions subordonnées', 'La concordance des temps'] }
  ],
  6: [
    { section: 'Modules', name: 'Family and friends', lessons: ['Describing people', 'Present simple and continuous'] },
    { section: 'Modules', name: 'Food and health', lessons: ['Countable and uncountable nouns', 'Giving advice'] }
  ],
  7: [
    { section: 'القراءة', name: 'القراءة', lessons: ['النص السردي', 'النص الوصفي'] },
    { section: 'قواعد اللغة', name: 'قواعد اللغة', lessons: ['الجملة الفعلية', 'المفعول به'] }
  ],
  11: [
    { section: 'Histoire', name: 'La Tunisie antique', lessons: ['Carthage', 'La Tunisie romaine'] },
    { section: 'Géographie', name: 'Le relief et le climat', lessons: ['Les grands ensembles du relief', 'Le climat de la Tunisie'] }
  ]
}

function subjectOf(oId: number, level: Level): SubjectTemplate {
  const subject = SUBJECTS[oId]!
  return level === 'basic' && oId === 2 ? { ...subject, name: 'Sciences physiques', slug: 'sciences-physiques' } : subject
}

const HOUR = 3_600_000

/** The demo pupil's progress: [subject slug, chapter index, lesson index, percentage, free seconds]. */
const DEMO_PROGRESS: Array<[string, number, number, number, number]> = [
  ['mathematiques', 0, 0, 100, 1500],
  ['mathematiques', 0, 1, 100, 0],
  ['mathematiques', 0, 2, 100, 0],
  ['mathematiques', 1, 0, 100, 0],
  ['mathematiques', 1, 1, 60, 0],
  ['physique', 0, 0, 100, 1200],
  ['physique', 0, 1, 100, 0],
  ['physique', 0, 2, 40, 0],
  ['svt', 0, 0, 100, 0],
  ['svt', 0, 1, 50, 0],
  ['francais', 0, 0, 30, 0],
  ['anglais', 0, 0, 100, 0],
  ['anglais', 0, 1, 100, 0],
  ['anglais', 1, 0, 100, 0],
  ['anglais', 1, 1, 100, 0]
]

/** [id, title, author, replies, level (null: every level), hours ago] */
const FORUM_TOPICS: Array<[number, string, string, number, number | null, number]> = [
  [1, 'Comment bien réviser les nombres complexes pour le bac ?', 'Yasmine B.', 12, 4, 3],
  [2, 'Dipôle RC : qui peut vérifier ma méthode ?', 'Aziz K.', 5, 4, 9],
  [3, 'Planning de révision pour le bac : vos conseils', 'Mariem T.', 23, 4, 26],
  [4, 'Philosophie : par où commencer la dissertation ?', 'Omar H.', 8, 4, 50],
  [5, 'SVT : le schéma de la régulation hormonale', 'Nour S.', 3, 4, 75],
  [6, 'Bienvenue sur le forum Darsi : les règles de la communauté', 'Équipe Darsi', 41, null, 720],
  [7, 'Théorème de Thalès : l’exercice 12 du manuel', 'Ines M.', 6, 2, 5],
  [8, '9ème : comment préparer le concours ?', 'Walid R.', 14, 2, 48]
]

/** The static part: subjects, chapters, lessons, progress, forum topics, the expiring subscription. */
async function seedContent(tx: Tx, now: Date): Promise<void> {
  const subjectRows = DEMO_CLASSES.flatMap((divisionId) => {
    const { level, subjects: list } = CLASS_SUBJECTS[divisionId]
    return list.map((oId, position) => {
      const subject = subjectOf(oId, level)
      return {
        oId,
        divisionId,
        name: subject.name,
        slug: subject.slug,
        color: subject.color,
        position: position + 1,
        visible: subject.visible ?? true
      }
    })
  })
  const insertedSubjects = await tx
    .insert(subjects)
    .values(subjectRows)
    .returning({ id: subjects.id, divisionId: subjects.divisionId, oId: subjects.oId })
  const levelOf = (divisionId: number) => CLASS_SUBJECTS[divisionId as (typeof DEMO_CLASSES)[number]].level
  const templateOf = (divisionId: number, oId: number) => (levelOf(divisionId) === 'basic' ? BASIC_CHAPTERS : BAC_CHAPTERS)[oId] ?? []

  const sectionRows = insertedSubjects.flatMap((subject) => {
    const names = [...new Set(templateOf(subject.divisionId, subject.oId!).map((chapter) => chapter.section))]
    return names.map((name, position) => ({ subjectId: subject.id, name, position: position + 1 }))
  })
  const insertedSections = await tx
    .insert(chapterSections)
    .values(sectionRows)
    .returning({ id: chapterSections.id, subjectId: chapterSections.subjectId, name: chapterSections.name })
  const sectionId = (subjectId: number, name: string) =>
    insertedSections.find((row) => row.subjectId === subjectId && row.name === name)!.id

  const chapterRows = insertedSubjects.flatMap((subject) => {
    const teacher = subjectOf(subject.oId!, levelOf(subject.divisionId)).teacher.join(' ')
    return templateOf(subject.divisionId, subject.oId!).map((chapter, position) => ({
      subjectId: subject.id,
      sectionId: sectionId(subject.id, chapter.section),
      slug: slugify(chapter.name) || `chapitre-${position + 1}`,
      name: chapter.name,
      type: chapter.type ?? 'course',
      instructor: teacher,
      position: position + 1
    }))
  })
  const insertedChapters = await tx
    .insert(chapters)
    .values(chapterRows)
    .returning({ id: chapters.id, subjectId: chapters.subjectId, position: chapters.position })

  const contentRows = insertedChapters.flatMap((chapter) => {
    const subject = insertedSubjects.find((row) => row.id === chapter.subjectId)!
    const subjectIndex = CLASS_SUBJECTS[subject.divisionId as (typeof DEMO_CLASSES)[number]].subjects.indexOf(subject.oId!)
    const template = templateOf(subject.divisionId, subject.oId!)[chapter.position - 1]!
    const [firstName, lastName] = subjectOf(subject.oId!, levelOf(subject.divisionId)).teacher
    return template.lessons.map((name, index) => {
      const recording = template.type === 'recording'
      // Spread over the last two months; the first lesson of each subject is free, as are recordings' first.
      const hoursAgo = 20 + 31 * ((subjectIndex * 5 + (chapter.position - 1) * 3 + index * 11) % 47)
      return {
        chapterId: chapter.id,
        slug: slugify(name) || `lecon-${index + 1}`,
        name,
        typeId: recording ? 6 : index % 2 === 0 ? 2 : 1,
        instructorName: firstName,
        instructorLastName: lastName,
        isFree: index === 0 && (chapter.position === 1 || recording),
        position: index + 1,
        durationSeconds: 600 + ((subjectIndex * 7 + index * 13) % 30) * 60,
        createdAt: new Date(now.getTime() - hoursAgo * HOUR)
      }
    })
  })
  const insertedContents = await tx
    .insert(contents)
    .values(contentRows)
    .returning({ id: contents.id, chapterId: contents.chapterId, position: contents.position })

  const [pupil] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PUPIL_PHONE)).limit(1)
  if (pupil) {
    const progressRows = DEMO_PROGRESS.flatMap(([slug, chapterIndex, lessonIndex, percentage, freeSeconds]) => {
      const subject = insertedSubjects.find((row) => row.divisionId === 14 && subjectOf(row.oId!, 'bac').slug === slug)
      const chapter = insertedChapters.find((row) => row.subjectId === subject?.id && row.position === chapterIndex + 1)
      const content = insertedContents.find((row) => row.chapterId === chapter?.id && row.position === lessonIndex + 1)
      return content
        ? [
            {
              userId: pupil.id,
              contentId: content.id,
              percentage,
              completed: percentage >= 80,
              lastWatchedSecond: 0,
              freeSeconds,
              updatedAt: new Date(now.getTime() - 30 * HOUR)
            }
          ]
        : []
    })
    await tx.insert(contentProgress).values(progressRows).onConflictDoNothing()
    // A monthly Silver+ subscription ending in 6 days: the home's expiry warning.
    const day = (offsetDays: number) => DateTime.fromJSDate(now, { zone: TUNIS_TIME_ZONE }).plus({ days: offsetDays }).toISODate()!
    await tx
      .insert(userOffers)
      .values({ userId: pupil.id, groupId: SILVER_PLUS_GROUP, startDate: day(-24), endDate: day(6), amountPaid: toMillimes(35) })
  }

  await tx
    .insert(forumPosts)
    .values(
      FORUM_TOPICS.map(([id, title, author, replies, levelId, hoursAgo]) => ({
        id,
        title,
        author,
        replies,
        levelId,
        path: `/t/${slugify(title)}/${id}`,
        createdAt: new Date(now.getTime() - hoursAgo * HOUR)
      }))
    )
    .onConflictDoNothing()
}

/** [start, end] of each daily session, Tunis wall clock; the demo pupil's class has three a day, the others one. */
const MAIN_SLOTS: Array<[string, string]> = [
  ['14:00', '15:30'],
  ['17:30', '19:00'],
  ['19:30', '21:00']
]
const OTHER_SLOTS: Array<[string, string]> = [['18:00', '19:30']]
const SESSION_KINDS = ['Cours en direct', 'Révision', 'Exercices corrigés']

/** Adds the days of live sessions missing from the rolling window (see the header). */
async function seedLiveEvents(db: Db, now: Date): Promise<void> {
  const today = DateTime.fromJSDate(now, { zone: TUNIS_TIME_ZONE }).startOf('day')
  const [latest] = await db.select({ at: max(liveEvents.startsAt) }).from(liveEvents)
  const lastDay = latest?.at ? DateTime.fromJSDate(latest.at, { zone: TUNIS_TIME_ZONE }).startOf('day') : null
  if (lastDay && lastDay >= today.plus({ days: EVENTS_REFILL_DAYS })) return
  const firstDay =
    lastDay && lastDay >= today.minus({ days: EVENTS_PAST_DAYS }) ? lastDay.plus({ days: 1 }) : today.minus({ days: EVENTS_PAST_DAYS })
  const lastWanted = today.plus({ days: EVENTS_HORIZON_DAYS })

  // Each visible subject of a demo class, with its first course chapter.
  const subjectRows = await db
    .select({ id: subjects.id, divisionId: subjects.divisionId, name: subjects.name })
    .from(subjects)
    .where(and(inArray(subjects.divisionId, [...DEMO_CLASSES]), eq(subjects.visible, true)))
    .orderBy(subjects.divisionId, subjects.position, subjects.id)
  const chapterRows =
    subjectRows.length === 0
      ? []
      : await db
          .select({ id: chapters.id, subjectId: chapters.subjectId, name: chapters.name, instructor: chapters.instructor })
          .from(chapters)
          .where(
            and(
              inArray(
                chapters.subjectId,
                subjectRows.map((row) => row.id)
              ),
              eq(chapters.type, 'course')
            )
          )
          .orderBy(chapters.subjectId, chapters.position, chapters.id)
  const byClass = new Map<
    number,
    Array<{ subjectId: number; subjectName: string; chapterId: number | null; chapterName: string | null; teacher: string | null }>
  >()
  for (const subject of subjectRows) {
    const chapter = chapterRows.find((row) => row.subjectId === subject.id)
    byClass.set(subject.divisionId, [
      ...(byClass.get(subject.divisionId) ?? []),
      {
        subjectId: subject.id,
        subjectName: subject.name,
        chapterId: chapter?.id ?? null,
        chapterName: chapter?.name ?? null,
        teacher: chapter?.instructor ?? null
      }
    ])
  }

  const events: Array<typeof liveEvents.$inferInsert> = []
  for (let day = firstDay; day <= lastWanted; day = day.plus({ days: 1 })) {
    // Counted from a fixed day, so a top-up continues the rotation where the last one stopped.
    const dayNumber = Math.round(day.diff(DateTime.fromISO('2026-01-05', { zone: TUNIS_TIME_ZONE }), 'days').days)
    const dayStart = day.toMillis()
    for (const [divisionId, list] of byClass) {
      const slots = divisionId === 14 ? MAIN_SLOTS : OTHER_SLOTS
      slots.forEach(([start, end], slot) => {
        const turn = dayNumber * slots.length + slot
        const subject = list[((turn % list.length) + list.length) % list.length]!
        // Tunis keeps UTC+1 all year: a wall-clock time is the day's start plus its minutes.
        const at = (time: string) => {
          const [hour = 0, minute = 0] = time.split(':').map(Number)
          return new Date(dayStart + (hour * 60 + minute) * 60_000)
        }
        const kind = SESSION_KINDS[((dayNumber % 3) + 3 + slot) % 3]!
        events.push({
          subjectId: subject.subjectId,
          chapterId: subject.chapterId,
          teacher: subject.teacher,
          name: `${kind} : ${subject.chapterName ?? subject.subjectName}`,
          description: 'Préparez vos questions : chaque séance se termine par un temps d’échange avec l’enseignant.',
          startsAt: at(start),
          endsAt: at(end)
        })
      })
    }
  }
  if (events.length === 0) return
  // One parameter for all the rows: hundreds of bound parameters cost PGlite far more than a JSON document.
  const json = JSON.stringify(
    events.map((event) => ({ ...event, startsAt: (event.startsAt as Date).toISOString(), endsAt: (event.endsAt as Date).toISOString() }))
  )
  await db.execute(sql`insert into ${liveEvents} (subject_id, chapter_id, teacher, name, description, starts_at, ends_at)
    select "subjectId", "chapterId", teacher, name, description, "startsAt", "endsAt"
    from json_to_recordset(${json}::json) as x("subjectId" int, "chapterId" int, teacher text, name text, description text, "startsAt" timestamptz, "endsAt" timestamptz)`)
}

/** The bundled clips (under resources/demo-media): lessons take the three in turn, recordings the fourth. */
const LESSON_CLIPS = ['lessons/lesson-a.webm', 'lessons/lesson-b.webm', 'lessons/lesson-c.webm']
const RECORDING_CLIP = 'lessons/recording-a.webm'

type ExtraChapter = {
  section: string
  name: string
  type: 'exam' | 'divers' | 'recording'
  lessons: Array<[string, number]>
  onlyWhereMissing?: boolean
}

/** What each demo class's Mathématiques gains: the exam and 'divers' tabs, and a recording where it had none. [name, content type] */
const EXTRA_MATHS_CHAPTERS: ExtraChapter[] = [
  {
    section: 'Examens',
    name: 'Devoirs de synthèse corrigés',
    type: 'exam',
    lessons: [
      ['Devoir de synthèse n°1 : énoncé et corrigé', 3],
      ['Devoir de synthèse n°2 : énoncé et corrigé', 3]
    ]
  },
  {
    section: 'Divers',
    name: 'Méthodologie',
    type: 'divers',
    lessons: [
      ['Fiche méthode : rédiger une démonstration', 3],
      ['Quiz : les bases du programme', 7]
    ]
  },
  {
    section: 'Séances enregistrées',
    name: 'Séances en direct de mathématiques',
    type: 'recording',
    onlyWhereMissing: true,
    lessons: [
      ['Révision en direct : les nombres rationnels', 6],
      ['Correction du devoir de contrôle n°1', 6]
    ]
  }
]

/** The subjects the demo pupil's monthly subscription opens. */
const DEMO_PUPIL_SUBSCRIBED = ['mathematiques', 'physique', 'svt', 'anglais']

/** Adds the chapters of EXTRA_MATHS_CHAPTERS to each demo class's Mathématiques. */
async function seedExtraChapters(tx: Tx, now: Date): Promise<void> {
  const maths = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.divisionId, [...DEMO_CLASSES]), eq(subjects.oId, 1)))
  for (const subject of maths) {
    const existing = await tx
      .select({ type: chapters.type, position: chapters.position })
      .from(chapters)
      .where(eq(chapters.subjectId, subject.id))
    const [last] = await tx
      .select({ position: max(chapterSections.position) })
      .from(chapterSections)
      .where(eq(chapterSections.subjectId, subject.id))
    let sectionPosition = last?.position ?? 0
    let chapterPosition = Math.max(0, ...existing.map((row) => row.position))
    const [teacherFirst, teacherLast] = SUBJECTS[1]!.teacher
    for (const extra of EXTRA_MATHS_CHAPTERS) {
      if (extra.onlyWhereMissing && existing.some((row) => row.type === extra.type)) continue
      const [section] = await tx
        .insert(chapterSections)
        .values({ subjectId: subject.id, name: extra.section, position: ++sectionPosition, type: extra.type })
        .returning({ id: chapterSections.id })
      const [chapter] = await tx
        .insert(chapters)
        .values({
          subjectId: subject.id,
          sectionId: section!.id,
          slug: slugify(extra.name),
          name: extra.name,
          type: extra.type,
          instructor: `${teacherFirst} ${teacherLast}`,
          position: ++chapterPosition
        })
        .returning({ id: chapters.id })
      await tx.insert(contents).values(
        extra.lessons.map(([name, typeId], index) => ({
          chapterId: chapter!.id,
          slug: slugify(name),
          name,
          typeId,
          instructorName: teacherFirst,
          instructorLastName: teacherLast,
          isFree: extra.type === 'recording' && index === 0,
          position: index + 1,
          createdAt: new Date(now.getTime() - (30 + index * 50) * HOUR)
        }))
      )
    }
  }
}

/** The lesson media part (see the header): run once, in one transaction. */
async function seedLessonMedia(tx: Tx, now: Date): Promise<void> {
  await seedExtraChapters(tx, now)
  const demoSubjects = tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(inArray(subjects.divisionId, [...DEMO_CLASSES]))
  // A section shows under the tab of its chapters' type.
  await tx.execute(sql`update ${chapterSections} set type = c.type
    from (select distinct on (section_id) section_id, type from ${chapters} where section_id is not null order by section_id, position, id) as c
    where c.section_id = ${chapterSections.id} and ${chapterSections.subjectId} in ${demoSubjects}`)
  // The Arabic lessons read right to left.
  await tx
    .update(contents)
    .set({ rtl: true })
    .where(
      inArray(
        contents.chapterId,
        tx
          .select({ id: chapters.id })
          .from(chapters)
          .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
          .where(and(inArray(subjects.divisionId, [...DEMO_CLASSES]), eq(subjects.oId, 7)))
      )
    )

  const clips = new Map<string, { size: number; durationSeconds: number; mime: string }>()
  for (const clip of [...LESSON_CLIPS, RECORDING_CLIP]) {
    const path = join(DEMO_MEDIA_DIR, clip)
    const info = await videoFileInfo(path)
    if (!info) throw new Error(`Unreadable demo clip ${path}`)
    const { size } = await stat(path)
    clips.set(clip, { size, durationSeconds: wholeSeconds(info.durationSeconds), mime: info.mime })
  }
  const videos = await tx
    .select({ id: contents.id, typeId: contents.typeId, subjectId: chapters.subjectId })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .where(and(inArray(chapters.subjectId, demoSubjects), inArray(contents.typeId, [...VIDEO_CONTENT_TYPES])))
    .orderBy(contents.id)
  if (videos.length === 0) return
  // A recording links to the latest session of its subject held before the seed.
  const held = await tx
    .selectDistinctOn([liveEvents.subjectId], { id: liveEvents.id, subjectId: liveEvents.subjectId })
    .from(liveEvents)
    .where(and(inArray(liveEvents.subjectId, demoSubjects), lt(liveEvents.startsAt, now)))
    .orderBy(liveEvents.subjectId, desc(liveEvents.startsAt))
  const sessionOf = new Map(held.map((row) => [row.subjectId, row.id]))
  const rows = videos.map((video, index) => {
    const recording = video.typeId === 6
    const clip = recording ? RECORDING_CLIP : LESSON_CLIPS[index % LESSON_CLIPS.length]!
    const file = clips.get(clip)!
    return {
      contentId: video.id,
      storageKey: `${DEMO_MEDIA_PREFIX}${clip}`,
      mimeType: file.mime,
      size: file.size,
      durationSeconds: file.durationSeconds,
      liveEventId: recording ? (sessionOf.get(video.subjectId) ?? null) : null,
      createdAt: now
    }
  })
  // One parameter for all the rows (see seedLiveEvents).
  await tx.execute(sql`insert into ${contentVideos} (content_id, storage_key, mime_type, size, duration_seconds, live_event_id, created_at)
    select "contentId", "storageKey", "mimeType", size, "durationSeconds", "liveEventId", "createdAt"
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as x("contentId" int, "storageKey" text, "mimeType" text, size bigint, "durationSeconds" int, "liveEventId" int, "createdAt" timestamptz)`)
  // A lesson lasts as long as its video; the progress seeded before it is that share of it.
  await tx.execute(sql`update ${contents} set duration_seconds = v.duration_seconds from ${contentVideos} as v where v.content_id = ${contents.id}
    and ${contents.id} in (select content_id from ${contentVideos} where storage_key like ${`${DEMO_MEDIA_PREFIX}%`})`)
  await tx.execute(sql`update ${contentProgress} as p set
      watched = case when w.seconds > 0 then int4multirange(int4range(0, w.seconds)) else '{}'::int4multirange end, watched_seconds = w.seconds
    from (select cp.user_id, cp.content_id,
            case when cp.completed then c.duration_seconds else least(c.duration_seconds, ceil(cp.percentage * c.duration_seconds / 100.0)::int) end as seconds
          from ${contentProgress} as cp inner join ${contents} as c on c.id = cp.content_id
          where c.duration_seconds > 0 and c.id in (select content_id from ${contentVideos})) as w
    where p.user_id = w.user_id and p.content_id = w.content_id`)

  // The demo pupil's monthly subscription opens some of his subjects: the others show locked lessons.
  const [subscription] = await tx
    .select({ id: userOffers.id })
    .from(userOffers)
    .innerJoin(users, eq(users.id, userOffers.userId))
    .where(and(eq(users.phone, DEMO_PUPIL_PHONE), eq(userOffers.groupId, SILVER_PLUS_GROUP)))
    .orderBy(desc(userOffers.id))
    .limit(1)
  if (subscription) {
    const opened = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.divisionId, 14), inArray(subjects.slug, DEMO_PUPIL_SUBSCRIBED)))
    if (opened.length > 0) {
      await tx
        .insert(userOfferSubjects)
        .values(opened.map((subject) => ({ userOfferId: subscription.id, subjectId: subject.id })))
        .onConflictDoNothing()
    }
  }
}

/** Where the demo magazine's pages are rendered to (none: left without pages), and how a seed step's warning is told. */
export type LearningSeedMedia = { storage?: FileStorage; warn?: (message: string) => void }

export async function seedLearning(db: Db, now: Date, media: LearningSeedMedia = {}): Promise<void> {
  // One query on a seeded database: the static part's marker and the lesson media's.
  const [marker] = await db
    .select({
      id: subjects.id,
      media: sql<boolean>`exists (select 1 from ${contentVideos} where ${like(contentVideos.storageKey, `${DEMO_MEDIA_PREFIX}%`)})`,
      // Written out: in a one-table select Drizzle leaves the columns unqualified.
      quiz: sql<boolean>`exists (select 1 from quizzes q inner join contents c on c.id = q.content_id
      inner join chapters ch on ch.id = c.chapter_id where ch.subject_id = subjects.id)`
    })
    .from(subjects)
    .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'mathematiques')))
    .limit(1)
  if (!marker) await db.transaction((tx) => seedContent(tx, now))
  await seedLiveEvents(db, now)
  if (!marker?.media) await db.transaction((tx) => seedLessonMedia(tx, now))
  if (!marker?.quiz) await seedDemoQuiz(db, now)
  if (media.storage) await seedDemoMagazine(db, media.storage, now, media.warn ?? (() => {}))
}
