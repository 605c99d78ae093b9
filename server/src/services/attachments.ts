/**
 * Lesson attachments (part 2, §3, §5; docs/decisions/0041-lesson-attachments.md): the files of a
 * lesson in the file store, the pupil's right to download them (rules/attachments.ts: the lesson
 * open and no current offer of group 83 or 84), addresses signed for the pupil that expire after
 * MEDIA_URL_TTL_SECONDS, and the operator's attaching of a file.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { MEDIA_URL_TTL_SECONDS, type MediaQuery } from '../../../src/shared/api/learning.ts'
import { activeGroups, type DatedOffer } from '../../../src/shared/rules/activeOffers.ts'
import { ATTACHMENT_BLOCKED_GROUP_IDS } from '../../../src/shared/rules/attachments.ts'
import type { Clock } from '../clock.ts'
import type { Executor } from '../db/client.ts'
import { contentAttachments, contents } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { detectFileType, storedName } from './marksheets.ts'
import { createAddressSigner } from './lessonMedia.ts'
import type { FileStorage } from './storage.ts'

export type AttachmentRow = typeof contentAttachments.$inferSelect

/** The blocked offer groups (83, 84) among the pupil's offers that are active at `now` (src/shared/rules/activeOffers.ts), in order. */
export function blockedGroupsActive(offers: readonly DatedOffer[], now: Date): number[] {
  const held = offers.filter((offer) => ATTACHMENT_BLOCKED_GROUP_IDS.includes(offer.group_id))
  return [...activeGroups(held, now)].sort((a, b) => a - b)
}

export type AttachmentSigner = {
  /** The download address of an attachment for a pupil, valid MEDIA_URL_TTL_SECONDS. */
  sign(attachmentId: number, userId: number): string
  /** Whether the query was signed for this attachment and has not expired. */
  verify(attachmentId: number, query: MediaQuery): boolean
}

export function createAttachmentSigner(secret: string, clock: Clock, ttlSeconds = MEDIA_URL_TTL_SECONDS): AttachmentSigner {
  const signer = createAddressSigner('lesson-attachment', '/media/attachments', secret, clock, ttlSeconds)
  return {
    sign: (attachmentId, userId) => signer.sign(attachmentId, userId).url,
    verify: (attachmentId, query) => signer.verify(attachmentId, query)
  }
}

export async function findAttachment(db: Executor, id: number): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(contentAttachments).where(eq(contentAttachments.id, id)).limit(1)
  return row ?? null
}

/** Stores a file for a lesson: its type read from its bytes (the marksheets' accepted types), its name given that type's extension. */
export async function attachFile(
  db: Executor,
  storage: FileStorage,
  contentId: number,
  name: string,
  bytes: Uint8Array,
  now: Date
): Promise<AttachmentRow> {
  const [lesson] = await db.select({ id: contents.id }).from(contents).where(eq(contents.id, contentId)).limit(1)
  if (!lesson) throw new ApiError('not_found', 'Leçon introuvable')
  const type = bytes.length > 0 ? detectFileType(bytes) : null
  if (!type)
    throw new ApiError(
      'unsupported_media_type',
      'Type de fichier non accepté (gif, jpg, png, pdf, jpeg, svg, doc, docx, ppt, pptx, xls, xlsx)'
    )
  const key = `attachments/${contentId}/${randomUUID()}.${type.ext}`
  await storage.put(key, bytes)
  const [row] = await db
    .insert(contentAttachments)
    .values({
      contentId,
      name: storedName(name, type),
      storageKey: key,
      mimeType: type.mime,
      size: bytes.length,
      createdAt: now
    })
    .returning()
  return row!
}
