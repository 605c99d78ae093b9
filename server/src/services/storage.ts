/**
 * File storage: local files under the data directory, addressed by keys such as
 * `marksheets/12/3.pdf`. Reads may be ranged (HTTP Range); signed URLs expire.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, type ReadStream } from 'node:fs'
import { mkdir, open, rename, rm, stat, writeFile, readFile } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { Clock } from '../clock.ts'

export type ByteRange = { start: number; end: number }

/** A streamed upload went past its size limit; nothing is kept. */
export class FileTooLargeError extends Error {
  constructor() {
    super('File too large')
    this.name = 'FileTooLargeError'
  }
}

export type FileStorage = {
  put(key: string, data: Uint8Array): Promise<void>
  /** Writes a stream (a large upload) of at most `maxBytes`; its size. Nothing is kept when it fails. */
  putStream(key: string, source: Readable | AsyncIterable<Uint8Array>, maxBytes: number): Promise<number>
  /** `length` bytes from `offset` (fewer at the end of the file). */
  read(key: string, offset: number, length: number): Promise<Uint8Array>
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

/**
 * `mounts` link read-only folders into the store: a key under one of their prefixes that the
 * store holds no file for is read from the folder (the bundled demo lesson clips, `demo/…`).
 */
export function createLocalStorage(root: string, secret: string, clock: Clock, mounts: Readonly<Record<string, string>> = {}): FileStorage {
  const base = resolve(root)
  const under = (folder: string, key: string) => {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
      throw new Error(`Invalid storage key: ${key}`)
    const full = resolve(join(folder, key))
    if (!full.startsWith(folder + sep)) throw new Error(`Invalid storage key: ${key}`)
    return full
  }
  const pathOf = (key: string) => under(base, key)
  const linked = Object.entries(mounts).map(([prefix, folder]) => ({ prefix, folder: resolve(folder) }))
  /** Where a key is read from: the store's own file, else a mount's. */
  const readPathOf = (key: string) => {
    const own = pathOf(key)
    const mount = linked.find((entry) => key.startsWith(entry.prefix))
    return mount && !existsSync(own) ? under(mount.folder, key.slice(mount.prefix.length)) : own
  }
  const signature = (key: string, expires: number) => createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url')
  return {
    async put(key, data) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, data)
    },
    async putStream(key, source, maxBytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const partial = `${path}.partial`
      let size = 0
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              size += chunk.length
              if (size > maxBytes) throw new FileTooLargeError()
              yield chunk
            }
          },
          createWriteStream(partial)
        )
        await rename(partial, path)
        return size
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },
    async read(key, offset, length) {
      const handle = await open(readPathOf(key), 'r')
      try {
        const buffer = Buffer.alloc(length)
        const { bytesRead } = await handle.read(buffer, 0, length, offset)
        return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead)
      } finally {
        await handle.close()
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(readPathOf(key)))
      } catch {
        return null
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async size(key) {
      try {
        return (await stat(readPathOf(key))).size
      } catch {
        return null
      }
    },
    stream(key, range) {
      return createReadStream(readPathOf(key), range ? { start: range.start, end: range.end } : {})
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
