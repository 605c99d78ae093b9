/**
 * Where lesson videos live and how a pupil reaches them: files of the store (S3-compatible
 * later), served by `GET /api/media/lessons/{id}` to the holder of a signed URL that names the
 * video, the pupil and an expiry at most 5 minutes away (docs/decisions/0027-learning-access-and-progress.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { MEDIA_URL_TTL_SECONDS, type MediaQuery } from '../../../src/shared/api/learning.ts'
import { servicePrefixes } from '../../../src/shared/api/common.ts'
import type { Clock } from '../clock.ts'
import { REPOSITORY_ROOT } from '../config.ts'

/** Keys under this prefix are the clips bundled with the repository (resources/demo-media), linked into every store. */
export const DEMO_MEDIA_PREFIX = 'demo/'
export const DEMO_MEDIA_DIR = join(REPOSITORY_ROOT, 'resources', 'demo-media')

/** Where an uploaded lesson video is stored. */
export function lessonVideoKey(contentId: number, id: string, ext: string): string {
  return `lessons/${contentId}/${id}.${ext}`
}

export type SignedMedia = {
  /** The address the player loads (relative to the API's origin). */
  url: string
  /** The signature alone: the spec's `otp`. */
  token: string
  /** Seconds since the epoch. */
  expires: number
}

export type MediaSigner = {
  sign(videoId: number, userId: number): SignedMedia
  /** The pupil the query was signed for, or null when forged, for another video, or expired. */
  verify(videoId: number, query: MediaQuery): number | null
}

/**
 * Addresses under `path` (`/media/…`) signed for a pupil, valid `ttlSeconds`: the signature binds
 * `purpose` (one per kind of file), the file's id, the pupil and the expiry. The one signing of
 * lesson videos, attachments and magazine pages.
 */
export function createAddressSigner(purpose: string, path: string, secret: string, clock: Clock, ttlSeconds: number) {
  const mac = (id: number, userId: number, expires: number) =>
    createHmac('sha256', secret).update(`${purpose}\n${id}\n${userId}\n${expires}`).digest('base64url')
  return {
    sign(id: number, userId: number): SignedMedia {
      const expires = Math.floor(clock.now().getTime() / 1000) + ttlSeconds
      const token = mac(id, userId, expires)
      const query = new URLSearchParams({ u: String(userId), expires: String(expires), signature: token })
      return { url: `${servicePrefixes.api}${path}/${id}?${query}`, token, expires }
    },
    /** Whether the query was signed for this file and has not expired. */
    verify(id: number, query: MediaQuery): boolean {
      if (query.expires * 1000 <= clock.now().getTime()) return false
      const expected = Buffer.from(mac(id, query.u, query.expires))
      const given = Buffer.from(query.signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    }
  }
}

export function createMediaSigner(secret: string, clock: Clock, ttlSeconds = MEDIA_URL_TTL_SECONDS): MediaSigner {
  const signer = createAddressSigner('lesson-video', '/media/lessons', secret, clock, ttlSeconds)
  return {
    sign: (videoId, userId) => signer.sign(videoId, userId),
    verify: (videoId, query) => (signer.verify(videoId, query) ? query.u : null)
  }
}
