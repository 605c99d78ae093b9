/**
 * The volume a pupil of a few years builds up, given to the demo pupil (Sami, 20000001) in the
 * bench's own database (never the demo seed): the lists the bench measures then answer what a
 * real account would hold, not the demo's handful of rows.
 *
 *   transfers       300: 150 sent (some confirmed by his parent, some rejected or expired, a few
 *                   still waiting) and 150 received, over two years
 *   points codes    200: bank transfers, D17 and card payments in every status
 *   notifications   300, the 40 newest unread
 *   inbox messages  120, 15 unread
 *   subscriptions   12 ended ones; report cards 9; class change requests 5 decided
 *   lessons         40 bookmarked and 40 reacted to among the lessons of his class; 20 video
 *                   reports in every status
 *
 * Rows are written as they are stored, without the ledger movements that made them: the lists
 * read the rows only (the balances are not measured here).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { asc, eq, inArray, ne } from 'drizzle-orm'
import { OTHER_REASON_ID } from '../src/shared/api/profile.ts'
import type { Db } from '../server/src/db/client.ts'
import {
  chapters,
  contentBookmarks,
  contentReactions,
  contents,
  divisionChangeReasons,
  divisionRequests,
  inboxMessages,
  marksheets,
  notifications,
  offerGroups,
  paymentCodes,
  pointTransfers,
  subjects,
  userOffers,
  users,
  videoReportReasons,
  videoReports
} from '../server/src/db/schema.ts'

export const BENCH_VOLUME = {
  transfers: 300,
  codes: 200,
  notifications: 300,
  unreadNotifications: 40,
  messages: 120,
  unreadMessages: 15,
  bookmarks: 40,
  reactions: 40,
  videoReports: 20
} as const

const DAY = 86_400_000
const HOUR = 3_600_000

/** The ids of a class's lessons (every subject and chapter of it), in the order of their ids. */
export async function classLessons(db: Db, divisionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: contents.id })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(subjects.divisionId, divisionId))
    .orderBy(asc(contents.id))
  return rows.map((row) => row.id)
}

/** The same figures every run: the rows of one run and the next are alike. */
function sequence(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

async function userIdOf(db: Db, phone: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1)
  if (!row) throw new Error(`the demo seed has no account ${phone}`)
  return row.id
}

export async function seedBenchVolume(db: Db, now: Date): Promise<void> {
  const random = sequence(2026)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const pupil = await userIdOf(db, '20000001')
  const parent = await userIdOf(db, '20000007')
  const others = await Promise.all(['20000004', '20000009'].map((phone) => userIdOf(db, phone)))
  const [lina] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'lina.haddad@demo.darsi.tn')).limit(1)
  if (lina) others.push(lina.id)
  const twoYears = 730 * DAY
  // Oldest first, so that ids grow with time as in a live database.
  const times = (count: number, span: number) =>
    Array.from({ length: count }, (_, i) => new Date(now.getTime() - span + Math.floor(((i + random()) / count) * (span - HOUR))))

  const transfers = times(BENCH_VOLUME.transfers, twoYears).map((createdAt, i) => {
    const sent = i % 2 === 0
    const recent = i >= BENCH_VOLUME.transfers - 6
    const status =
      sent && recent
        ? 'waiting_confirmation'
        : pick(['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'rejected', 'expired'])
    const other = pick(others)
    return {
      fromUserId: sent ? pupil : other,
      toUserId: sent ? other : pupil,
      amount: (5 + Math.floor(random() * 60)) * 1000,
      status,
      codeHash: randomBytes(32).toString('hex'),
      codeExpiresAt: new Date(createdAt.getTime() + 10 * 60_000),
      // The waiting ones still run for the whole bench: nothing expires under the load.
      expiresAt: status === 'waiting_confirmation' ? new Date(now.getTime() + DAY) : new Date(createdAt.getTime() + DAY),
      confirmedByParentId: sent && status === 'confirmed' && random() < 0.3 ? parent : null,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + Math.floor(random() * 20 * HOUR))
    }
  })
  await db.insert(pointTransfers).values(transfers)

  const codes = times(BENCH_VOLUME.codes, twoYears).map((createdAt, i) => {
    const method = pick(['transfer', 'transfer', 'd17', 'online'] as const)
    const pending = i >= BENCH_VOLUME.codes - 3
    const status = pending
      ? 'pending'
      : method === 'transfer'
        ? pick(['approved', 'approved', 'approved', 'rejected'])
        : pick(['paid', 'paid', 'paid', 'failed'])
    return {
      userId: pupil,
      method,
      reference: method === 'transfer' ? `VIR-${100_000 + i}` : null,
      amount: pick([10, 20, 30, 50, 100]) * 1000,
      comment: method === 'transfer' && random() < 0.5 ? 'Versement à la poste de La Marsa' : null,
      status,
      orderId: randomBytes(18).toString('base64url'),
      createdAt,
      decidedAt: pending ? null : new Date(createdAt.getTime() + Math.floor(random() * 48 * HOUR))
    }
  })
  await db.insert(paymentCodes).values(codes)

  const notificationRows = times(BENCH_VOLUME.notifications, twoYears).map((createdAt, i) => {
    const seen = i < BENCH_VOLUME.notifications - BENCH_VOLUME.unreadNotifications
    const transfer = random() < 0.4
    return {
      userId: pupil,
      createdAt,
      seen,
      seenAt: seen ? new Date(createdAt.getTime() + HOUR) : null,
      title: transfer ? 'Points reçus' : 'Nouvelle séance en direct',
      body: transfer
        ? `Rami Bouazizi vous a transféré ${5 + (i % 40)} points.`
        : 'La séance « Révision : suites réelles » commence demain à 19h. Préparez vos questions.',
      link: transfer ? '/porte-monnaie' : '/calendrier',
      type: transfer ? 'transferPoint' : null
    }
  })
  await db.insert(notifications).values(notificationRows)

  const messages = times(BENCH_VOLUME.messages, twoYears).map((createdAt, i) => ({
    id: randomUUID(),
    userId: pupil,
    createdAt,
    seen: i < BENCH_VOLUME.messages - BENCH_VOLUME.unreadMessages,
    name: `Message de l’équipe Darsi n°${i + 1}`,
    body: 'Bonjour Sami, votre professeur a répondu à votre question sur le chapitre « Nombres complexes ». Bonne révision !'
  }))
  await db.insert(inboxMessages).values(messages)

  const groups = await db
    .select({ id: offerGroups.id })
    .from(offerGroups)
    .where(inArray(offerGroups.id, [84, 85, 107, 112]))
  const isoDate = (date: Date) => date.toISOString().slice(0, 10)
  await db.insert(userOffers).values(
    Array.from({ length: 12 }, (_, i) => {
      const start = new Date(now.getTime() - (900 - i * 60) * DAY)
      return {
        userId: pupil,
        groupId: groups[i % groups.length]!.id,
        startDate: isoDate(start),
        endDate: isoDate(new Date(start.getTime() + 30 * DAY)),
        amountPaid: 29_000
      }
    })
  )

  await db.insert(marksheets).values(
    Array.from({ length: 9 }, (_, i) => ({
      userId: pupil,
      divisionId: 14,
      trimester: (i % 3) + 1,
      name: `bulletin-trimestre-${(i % 3) + 1}-${2024 + Math.floor(i / 3)}.pdf`,
      storageKey: `marksheets/${pupil}/${randomUUID()}.pdf`,
      mimeType: 'application/pdf',
      size: 180_000 + i * 1000,
      status: i === 8 ? 'pending' : pick(['approved', 'approved', 'rejected']),
      createdAt: new Date(now.getTime() - (400 - i * 40) * DAY)
    }))
  )

  const reasons = await db
    .select({ id: divisionChangeReasons.id })
    .from(divisionChangeReasons)
    .where(ne(divisionChangeReasons.id, OTHER_REASON_ID))
  await db.insert(divisionRequests).values(
    Array.from({ length: 5 }, (_, i) => {
      const createdAt = new Date(now.getTime() - (600 - i * 100) * DAY)
      return {
        userId: pupil,
        oldDivisionId: 13 + (i % 2),
        newDivisionId: 14 - (i % 2),
        reasonId: reasons[i % reasons.length]!.id,
        reason2: null,
        status: i % 2 === 0 ? 'approved' : 'rejected',
        createdAt,
        decidedAt: new Date(createdAt.getTime() + 2 * DAY)
      }
    })
  )

  // The lessons of his class, in the catalogue's order: the first ones bookmarked, reacted to and reported.
  const lessons = await classLessons(db, 14)
  const lessonAt = (i: number) => lessons[i % lessons.length]!
  const bookmarkTimes = times(Math.min(BENCH_VOLUME.bookmarks, lessons.length), 365 * DAY)
  await db.insert(contentBookmarks).values(bookmarkTimes.map((createdAt, i) => ({ userId: pupil, contentId: lessonAt(i), createdAt })))
  const reactionTimes = times(Math.min(BENCH_VOLUME.reactions, lessons.length), 365 * DAY)
  await db.insert(contentReactions).values(
    reactionTimes.map((createdAt, i) => ({
      userId: pupil,
      contentId: lessonAt(i),
      reactionType: pick(['angry', 'sad', 'thinking', 'happy', 'love']),
      createdAt,
      updatedAt: createdAt
    }))
  )
  const reportReasons = await db.select({ id: videoReportReasons.id }).from(videoReportReasons)
  await db.insert(videoReports).values(
    times(BENCH_VOLUME.videoReports, 365 * DAY).map((createdAt, i) => {
      const status = i >= BENCH_VOLUME.videoReports - 3 ? 'pending' : pick(['in_progress', 'rejected', 'resolved', 'resolved'])
      return {
        userId: pupil,
        contentId: lessonAt(i * 3),
        reasonId: pick(reportReasons).id,
        description: 'La vidéo s’arrête à 12:40 et le son est décalé par rapport à l’image.',
        status,
        rejectReason: status === 'rejected' ? 'La vidéo se lit correctement de notre côté.' : null,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + DAY)
      }
    })
  )
}
