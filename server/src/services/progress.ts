/**
 * The progress service: playback ticks of a pupil's viewing of a lesson, over POST /progress and
 * the WebSocket alike (docs/decisions/0027-learning-access-and-progress.md).
 *
 * - Completion counts **distinct seconds watched**: each tick's stretch [from, watchedTime] is
 *   added to the lesson's watched ranges (a PostgreSQL multirange: the union is merged by the
 *   database), and the lesson completes once they cover 80 % of its video. Dragging to the end
 *   earns nothing; watching the same part twice earns it once.
 * - Ticks of a viewing (`viewToken`) are applied in order, once: a sequence at or below the last
 *   applied one is a replay (a journal sent again after a reconnect) and changes nothing.
 * - A stretch longer than the time between two ticks allows at the fastest speed (or than one
 *   tick may ever cover), a tick of a locked lesson or of another pupil's viewing, and positions
 *   outside the video are refused: nothing is recorded.
 * - The resume point is the position of the latest tick (by the client's clock), whatever the
 *   device; free playback spends the pupil's free hours, and is refused once they are used up.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import {
  PLAYBACK_RATE_MAX,
  PROGRESS_TICK_MAX_AGE_DAYS,
  PROGRESS_TICK_MAX_SPAN_SECONDS,
  PROGRESS_TICK_TOLERANCE_SECONDS,
  VIDEO_CONTENT_TYPES,
  type ProgressReply,
  type TickState
} from '../../../src/shared/api/learning.ts'
import { LESSON_COMPLETE_PERCENT, PROGRESS_TICK_SECONDS } from '../../../src/shared/constants.ts'
import type { Db, Tx } from '../db/client.ts'
import { contentProgress, progressViews } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { AuthInfo } from '../http.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { freeAllowanceSeconds, lessonAccess, subjectAccess, type LessonPlace, type SubjectAccess } from './catalogue.ts'
import { inTransaction } from './ledger.ts'

export type Tick = { viewToken: string; sequence: number; from: number; watchedTime: number; state: TickState; at: number }

const DAY_MS = 86_400_000
/** A client clock ahead of the server's by more than this is refused (a day: any real clock is closer). */
const CLOCK_AHEAD_MS = DAY_MS

export function rejected(message: string): ApiError {
  return new ApiError('progress_rejected', message)
}

/** The lesson a tick may be counted against: a video of the pupil's class. */
export function checkPlayable(place: LessonPlace): number {
  if (!VIDEO_CONTENT_TYPES.includes(place.typeId) || !place.durationSeconds || place.durationSeconds <= 0) {
    throw rejected('Progression refusée : cette leçon n’est pas une vidéo')
  }
  return place.durationSeconds
}

/** The checks that need nothing but the tick and the lesson's length. */
export function checkTick(tick: Tick, duration: number, now: Date): void {
  if (tick.watchedTime > duration + PROGRESS_TICK_TOLERANCE_SECONDS || tick.from > duration + PROGRESS_TICK_TOLERANCE_SECONDS) {
    throw rejected('Progression refusée : position au-delà de la fin de la vidéo')
  }
  if (tick.state !== 'skipped_forward' && tick.from > tick.watchedTime) throw rejected('Progression refusée : segment à l’envers')
  if (tick.state !== 'skipped_forward' && tick.watchedTime - tick.from > PROGRESS_TICK_MAX_SPAN_SECONDS) {
    throw rejected('Progression refusée : saut plus long que le temps écoulé')
  }
  if (tick.at > now.getTime() + CLOCK_AHEAD_MS || tick.at < now.getTime() - PROGRESS_TICK_MAX_AGE_DAYS * DAY_MS) {
    throw rejected('Progression refusée : horodatage hors limites')
  }
}

/** The whole seconds a tick's stretch covers: [⌊from⌋, ⌊watchedTime⌋), never more than was played. */
export function stretchOf(tick: Tick): { start: number; end: number } | null {
  if (tick.state === 'skipped_forward') return null
  const start = Math.floor(tick.from)
  const end = Math.floor(tick.watchedTime)
  return end > start ? { start, end } : null
}

type ViewRow = { userId: number; contentId: number; lastSequence: number; lastAt: number }

const viewQuery = (tx: Tx, viewToken: string) =>
  tx
    .select({
      userId: progressViews.userId,
      contentId: progressViews.contentId,
      lastSequence: progressViews.lastSequence,
      lastAt: progressViews.lastAt
    })
    .from(progressViews)
    .where(eq(progressViews.viewToken, viewToken))
    .for('update')

const progressColumns = {
  percentage: contentProgress.percentage,
  completed: contentProgress.completed,
  lastWatchedSecond: contentProgress.lastWatchedSecond,
  watchedSeconds: contentProgress.watchedSeconds
}

type ProgressRow = { percentage: number; completed: boolean; lastWatchedSecond: number; watchedSeconds: number }

async function currentProgress(db: Db | Tx, userId: number, contentId: number): Promise<ProgressRow> {
  const [row] = await db
    .select(progressColumns)
    .from(contentProgress)
    .where(and(eq(contentProgress.userId, userId), eq(contentProgress.contentId, contentId)))
  return row ?? { percentage: 0, completed: false, lastWatchedSecond: 0, watchedSeconds: 0 }
}

function reply(
  contentId: number,
  duration: number,
  row: ProgressRow,
  extra: { counted: boolean; freeHours: boolean; expired: boolean }
): ProgressReply {
  return {
    content_id: contentId,
    completed: row.completed,
    percentage: row.percentage,
    lastWatchedSecond: row.lastWatchedSecond,
    watchedSeconds: row.watchedSeconds,
    duration,
    ...extra
  }
}

/** Seconds the ranges cover. */
const coveredSeconds = (ranges: SQL) => sql`(select coalesce(sum(upper(r) - lower(r)), 0) from unnest(${ranges}) as r)::int`

type Recorded = { userId: number; contentId: number; duration: number; tick: Tick; freeSeconds: number; now: Date }

/**
 * The statement adding a tick's stretch to the pupil's progress in the lesson: the watched
 * ranges merged, their seconds, the share of the video (kept if higher before), completion at
 * 80 %, the resume point when the tick is the latest, the free seconds spent. `source` is the
 * row to add: the tick's values, or a select of them behind the viewing's update (see applyTick).
 */
function progressUpsert({ userId, contentId, duration, tick, freeSeconds, now }: Recorded, behindView?: SQL): SQL {
  const stretch = stretchOf(tick)
  const ranges = stretch ? sql`int4multirange(int4range(${stretch.start}::int, ${stretch.end}::int))` : sql`'{}'::int4multirange`
  const length = stretch ? stretch.end - stretch.start : 0
  const row = sql`${userId}::int, ${contentId}::int, ${ranges}, ${length}::int, ${Math.min(100, Math.floor((length * 100) / duration))}::int,
    ${length * 100 >= LESSON_COMPLETE_PERCENT * duration}::boolean, ${Math.min(duration, Math.floor(tick.watchedTime))}::int, ${tick.at}::bigint,
    ${freeSeconds}::int, ${now.toISOString()}::timestamptz`
  const merged = coveredSeconds(sql`cp.watched + excluded.watched`)
  return sql`${behindView ?? sql``}
    insert into ${contentProgress} as cp (user_id, content_id, watched, watched_seconds, percentage, completed, last_watched_second, last_tick_at, free_seconds, updated_at)
    ${behindView ? sql`select ${row} from applied` : sql`values (${row})`}
    on conflict (user_id, content_id) do update set
      watched = cp.watched + excluded.watched,
      watched_seconds = ${merged},
      percentage = greatest(cp.percentage, least(100, ${merged} * 100 / ${duration}::int)),
      completed = cp.completed or ${merged} * 100 >= ${LESSON_COMPLETE_PERCENT * duration}::int,
      last_watched_second = case when cp.last_tick_at is null or excluded.last_tick_at >= cp.last_tick_at
        then excluded.last_watched_second else cp.last_watched_second end,
      last_tick_at = greatest(cp.last_tick_at, excluded.last_tick_at),
      free_seconds = cp.free_seconds + excluded.free_seconds,
      updated_at = excluded.updated_at
    returning percentage, completed, last_watched_second as "lastWatchedSecond", watched_seconds as "watchedSeconds"`
}

function rowsOf(result: unknown): ProgressRow[] {
  return ((result as { rows: ProgressRow[] }).rows ?? []).map((row) => ({
    percentage: Number(row.percentage),
    completed: row.completed === true,
    lastWatchedSecond: Number(row.lastWatchedSecond),
    watchedSeconds: Number(row.watchedSeconds)
  }))
}

async function record(tx: Tx, recorded: Recorded): Promise<ProgressRow> {
  const [row] = rowsOf(await tx.execute(progressUpsert(recorded)))
  return row!
}

/**
 * The usual tick — the next of a viewing already under way, in order and within real time, not
 * on free hours — in ONE statement: the viewing's row moves on only if all that holds, and the
 * progress is recorded only if it moved. Null when it did not (a first tick, a replay, a refusal,
 * whose reason the transaction of applyInTransaction works out).
 */
async function applyNext(db: Db, recorded: Recorded, played: number): Promise<ProgressRow | null> {
  const { userId, contentId, tick, now } = recorded
  const moved = sql`with applied as (
    update ${progressViews} set last_sequence = ${tick.sequence}::int, last_at = ${tick.at}::bigint, updated_at = ${now.toISOString()}::timestamptz
    where view_token = ${tick.viewToken} and user_id = ${userId}::int and content_id = ${contentId}::int
      and last_sequence < ${tick.sequence}::int and last_at <= ${tick.at}::bigint
      and ${played}::float8 <= (${tick.at}::bigint - last_at) / 1000.0 * ${PLAYBACK_RATE_MAX}::int + ${PROGRESS_TICK_TOLERANCE_SECONDS}::int
    returning 1
  )`
  const [row] = rowsOf(await db.execute(progressUpsert(recorded, moved)))
  return row ?? null
}

const usedFreeQuery = (tx: Tx, userId: number) =>
  tx
    .select({ used: sql<number>`coalesce(sum(${contentProgress.freeSeconds}), 0)::int` })
    .from(contentProgress)
    .where(eq(contentProgress.userId, userId))

export type TickContext = {
  auth: AuthInfo
  place: LessonPlace
  /** What opens the lesson's subject for the pupil (read per tick, or kept a while by a socket). */
  access: SubjectAccess
  now: Date
}

/** Applies one tick (see the header); throws ApiError when refused. */
export async function applyTick(db: Db, context: TickContext, tick: Tick): Promise<ProgressReply> {
  const { auth, place, access, now } = context
  const duration = checkPlayable(place)
  const state = lessonAccess(access, place.chapterId, place.isFree)
  if (state.locked) throw new ApiError('content_locked', 'Vous devez débloquer ce cours')
  checkTick(tick, duration, now)
  const userId = auth.user.id
  // An administrator acting for the pupil watches without changing the pupil's progress or free time.
  if (auth.impersonatorId) {
    return reply(place.contentId, duration, await currentProgress(db, userId, place.contentId), {
      counted: false,
      freeHours: state.freeHours,
      expired: false
    })
  }
  if (!state.freeHours) {
    const stretch = stretchOf(tick)
    const next = await applyNext(
      db,
      { userId, contentId: place.contentId, duration, tick, freeSeconds: 0, now },
      stretch ? tick.watchedTime - tick.from : 0
    )
    if (next) return reply(place.contentId, duration, next, { counted: true, freeHours: false, expired: false })
  }
  const work = (tx: Tx) =>
    applyInTransaction(tx, userId, place, duration, tick, { freeHours: state.freeHours, allowance: freeAllowanceSeconds(auth.user), now })
  try {
    return await inTransaction(db, work)
  } catch (error) {
    // Two first ticks of one viewing at once: the second finds the first's row on its retry.
    if (!isUniqueViolation(error)) throw error
    return inTransaction(db, work)
  }
}

async function applyInTransaction(
  tx: Tx,
  userId: number,
  place: LessonPlace,
  duration: number,
  tick: Tick,
  { freeHours, allowance, now }: { freeHours: boolean; allowance: number; now: Date }
): Promise<ProgressReply> {
  const [view] = (await viewQuery(tx, tick.viewToken)) as ViewRow[]
  if (view && view.userId !== userId) throw new ApiError('forbidden', 'Progression refusée : ce visionnage est celui d’un autre élève')
  if (view && view.contentId !== place.contentId) throw rejected('Progression refusée : ce visionnage est celui d’une autre leçon')
  if (view && tick.sequence <= view.lastSequence) {
    // A replay: already counted.
    return reply(place.contentId, duration, await currentProgress(tx, userId, place.contentId), {
      counted: false,
      freeHours,
      expired: false
    })
  }
  const stretch = stretchOf(tick)
  const played = stretch ? tick.watchedTime - tick.from : 0
  // No more video than real time allows at the fastest speed since the viewing's previous tick.
  const elapsed = view ? (tick.at - view.lastAt) / 1000 : PROGRESS_TICK_SECONDS
  if (view && tick.at < view.lastAt) throw rejected('Progression refusée : horodatage antérieur au précédent')
  if (played > elapsed * PLAYBACK_RATE_MAX + PROGRESS_TICK_TOLERANCE_SECONDS)
    throw rejected('Progression refusée : saut plus long que le temps écoulé')
  if (freeHours) {
    const [used] = await usedFreeQuery(tx, userId)
    const left = Math.max(0, allowance - Number(used?.used ?? 0))
    if (left <= 0)
      return reply(place.contentId, duration, await currentProgress(tx, userId, place.contentId), {
        counted: false,
        freeHours,
        expired: true
      })
    const freeSeconds = Math.min(left, Math.round(played))
    const expired = left - freeSeconds <= 0
    await saveView(tx, tick, userId, place.contentId, Boolean(view), now)
    return reply(place.contentId, duration, await record(tx, { userId, contentId: place.contentId, duration, tick, freeSeconds, now }), {
      counted: true,
      freeHours,
      expired
    })
  }
  await saveView(tx, tick, userId, place.contentId, Boolean(view), now)
  return reply(place.contentId, duration, await record(tx, { userId, contentId: place.contentId, duration, tick, freeSeconds: 0, now }), {
    counted: true,
    freeHours,
    expired: false
  })
}

async function saveView(tx: Tx, tick: Tick, userId: number, contentId: number, exists: boolean, now: Date): Promise<void> {
  if (exists) {
    await tx
      .update(progressViews)
      .set({ lastSequence: tick.sequence, lastAt: tick.at, updatedAt: now })
      .where(eq(progressViews.viewToken, tick.viewToken))
  } else {
    await tx.insert(progressViews).values({
      viewToken: tick.viewToken,
      userId,
      contentId,
      lastSequence: tick.sequence,
      lastAt: tick.at,
      createdAt: now,
      updatedAt: now
    })
  }
}

/** The context of a tick read afresh: what opens the lesson's subject for the pupil today. */
export async function tickAccess(db: Db, auth: AuthInfo, place: LessonPlace, now: Date): Promise<SubjectAccess> {
  return subjectAccess(db, auth.user, place.subjectId, now)
}

/** Forgets viewings untouched for longer than a journalled tick may be late: their ticks would be refused anyway. */
export async function pruneViews(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - (PROGRESS_TICK_MAX_AGE_DAYS + 1) * DAY_MS)
  const rows = await db
    .delete(progressViews)
    .where(sql`${progressViews.updatedAt} < ${cutoff}`)
    .returning({ token: progressViews.viewToken })
  return rows.length
}
