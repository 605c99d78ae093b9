/**
 * Avatars: the type is read from the bytes (JPEG, PNG, GIF, WebP signatures), then the image is
 * decoded and re-encoded as a square WebP of AVATAR_SIZE_PX. Re-encoding drops every metadata
 * block of the upload (EXIF with the GPS position of a phone photo above all) and anything hidden
 * after the image data, and bounds what is stored and served whatever was sent.
 */
import { randomUUID } from 'node:crypto'
import { AVATAR_SIZE_PX } from '../../../src/shared/api/accounts.ts'

export type AvatarType = { ext: 'jpg' | 'png' | 'gif' | 'webp'; mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' }

/** A decompression bomb (a small file declaring a huge canvas) is refused before it is decoded. */
export const AVATAR_MAX_INPUT_PIXELS = 60_000_000

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The accepted image type the bytes hold, or null. */
export function detectAvatarType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { ext: 'gif', mime: 'image/gif' }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { ext: 'webp', mime: 'image/webp' }
  return null
}

/**
 * The stored avatar: upright (EXIF orientation applied), cropped to a centred square, WebP.
 * Null when the bytes do not decode as an image (corrupt, truncated, or too many pixels).
 */
export async function normalizeAvatar(bytes: Uint8Array): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp')
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: AVATAR_MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    return null
  }
}

const KEY = /^avatars\/(\d{1,10})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp)$/

/** A new storage key for a user's avatar: the random name is what makes its address unguessable. */
export function newAvatarKey(userId: number): string {
  return `avatars/${userId}/${randomUUID()}.webp`
}

export function avatarKeyOf(userId: number, file: string): string {
  return `avatars/${userId}/${file}`
}

/**
 * What `/auth/me` answers for `users.avatar`: the address of a stored avatar, relative to the API
 * origin. Anything else the column may hold (a value written before uploads existed) is not shown.
 */
export function avatarUrl(stored: string | null): string | null {
  const match = stored ? KEY.exec(stored) : null
  return match ? `/api/avatars/${match[1]}/${match[2]}` : null
}

/** The storage key behind a presented address, when it is one of ours. */
export function isAvatarKey(stored: string | null): stored is string {
  return stored !== null && KEY.test(stored)
}
