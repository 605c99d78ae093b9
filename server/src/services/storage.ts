/**
 * File storage: local files under the data directory, addressed by keys such as
 * `marksheets/12/3.pdf`. Reads may be ranged (HTTP Range); signed URLs expire.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createReadStream, type ReadStream } from 'node:fs'
import { mkdir, rm, stat, writeFile, readFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { Clock } from '../clock.ts'

export type ByteRange = { start: number; end: number }

export type FileStorage = {
  put(key: string, data: Uint8Array): Promise<void>
  get(key: string): Promise<Uint8Array | null>
  delete(key: string): Promise<void>
  size(key: string): Promise<number | null>
  /** A stream of the whole file or of an inclusive byte range. */
  stream(key: string, range?: ByteRange): ReadStream
  /** `?key=…&expires=…&signature=…` query for a URL valid `ttlSeconds`. */
  sign(key: string, ttlSeconds: number): string
  /** The key of a signed query, or null when forged or expired. */
  verify(query: { key?: string; expires?: string; signature?: string }): string | null
}

const KEY_PATTERN = /^[\w-]+(?:\/[\w.-]+)*$/

/** Parses `bytes=a-b`, `bytes=a-`, `bytes=-n` against a size; null when not satisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable'
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}

export function createLocalStorage(root: string, secret: string, clock: Clock): FileStorage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Invalid storage key: ${key}`)
    const full = resolve(join(base, key))
    if (!full.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`)
    return full
  }
  const signature = (key: string, expires: number) => createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url')
  return {
    async put(key, data) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, data)
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)))
      } catch {
        return null
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size
      } catch {
        return null
      }
    },
    stream(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {})
    },
    sign(key, ttlSeconds) {
      const expires = Math.floor(clock.now().getTime() / 1000) + ttlSeconds
      return new URLSearchParams({ key, expires: String(expires), signature: signature(key, expires) }).toString()
    },
    verify(query) {
      const { key, expires, signature: given } = query
      if (!key || !expires || !given || !/^\d{1,12}$/.test(expires)) return null
      if (Number(expires) * 1000 <= clock.now().getTime()) return null
      const expected = Buffer.from(signature(key, Number(expires)))
      const actual = Buffer.from(given)
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? key : null
    }
  }
}
