/**
 * Password hashing with argon2id (Node's built-in `crypto.argon2`), stored as the standard PHC
 * string `$argon2id$v=19$m=…,t=…,p=1$salt$hash`.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto'

export type Argon2Settings = { memory: number; passes: number }

const TAG_LENGTH = 32

function derive(password: string, salt: Buffer, memory: number, passes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password, nonce: salt, parallelism: 1, tagLength: TAG_LENGTH, memory, passes }, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '')

export async function hashPassword(password: string, settings: Argon2Settings): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, settings.memory, settings.passes)
  return `$argon2id$v=19$m=${settings.memory},t=${settings.passes},p=1$${b64(salt)}$${b64(key)}`
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const match = PHC.exec(stored)
  if (!match) return false
  const expected = Buffer.from(match[4]!, 'base64')
  const key = await derive(password, Buffer.from(match[3]!, 'base64'), Number(match[1]), Number(match[2]))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * A hash to verify against when the account does not exist, so that a sign-in for an unknown
 * user costs the same time as one for a known user.
 */
export function dummyHash(settings: Argon2Settings): Promise<string> {
  return hashPassword(randomBytes(12).toString('base64url'), settings)
}
