/**
 * Assistance videos (part 2, /assistance; docs/decisions/0040-assistance-videos.md): the list the
 * operator keeps, each a file of the store (its type and length read from the file) or an https
 * address.
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { assistanceVideos } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { FileStorage } from './storage.ts'
import { readVideoInfo, wholeSeconds } from './videoFiles.ts'

export type AssistanceRow = typeof assistanceVideos.$inferSelect

/** The help videos in their order: one statement prepared once per database handle (decision 0030). */
const assistanceListQuery = preparedFor((db) =>
  db.select().from(assistanceVideos).orderBy(asc(assistanceVideos.position), asc(assistanceVideos.id)).prepare('assistance_videos')
)

export async function assistanceList(db: Executor): Promise<AssistanceRow[]> {
  return assistanceListQuery(db).execute()
}

export async function assistanceVideo(db: Executor, id: number): Promise<AssistanceRow> {
  const [row] = await db.select().from(assistanceVideos).where(eq(assistanceVideos.id, id)).limit(1)
  if (!row) throw new ApiError('not_found', 'Vidéo introuvable')
  return row
}

export type NewAssistanceVideo = {
  title: string
  description?: string | undefined
  file?: string | undefined
  url?: string | undefined
  position?: number | undefined
}

export async function addAssistanceVideo(db: Executor, storage: FileStorage, input: NewAssistanceVideo, now: Date): Promise<AssistanceRow> {
  let media: { mimeType: string; durationSeconds: number } | null = null
  if (input.file !== undefined) {
    const size = await storage.size(input.file).catch(() => null)
    if (size === null) throw fieldError({ file: ['common.invalid'] })
    const info = await readVideoInfo((offset, length) => storage.read(input.file!, offset, length), size)
    if (!info) throw new ApiError('unsupported_media_type', 'Le fichier n’est pas une vidéo WebM ou MP4')
    media = { mimeType: info.mime, durationSeconds: wholeSeconds(info.durationSeconds) }
  }
  const [last] = await db.select({ position: sql<number>`coalesce(max(${assistanceVideos.position}), 0)::int` }).from(assistanceVideos)
  const [row] = await db
    .insert(assistanceVideos)
    .values({
      title: input.title,
      description: input.description ?? null,
      storageKey: input.file ?? null,
      url: input.url ?? null,
      mimeType: media?.mimeType ?? null,
      durationSeconds: media?.durationSeconds ?? null,
      position: input.position ?? (last?.position ?? 0) + 1,
      createdAt: now
    })
    .returning()
  return row!
}

export async function removeAssistanceVideo(db: Executor, id: number): Promise<void> {
  const removed = await db.delete(assistanceVideos).where(eq(assistanceVideos.id, id)).returning({ id: assistanceVideos.id })
  if (removed.length === 0) throw new ApiError('not_found', 'Vidéo introuvable')
}
