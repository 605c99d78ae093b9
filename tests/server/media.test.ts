/**
 * The one answer of a stored media file (server/src/routes/media.ts), which lesson videos,
 * attachments, magazine pages and assistance videos share: the signature checked before the file
 * is looked up, 404 without a file, the headers of each kind of answer, whole or by ranges.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../server/src/errors.ts'
import { serveMedia, type StoredMedia } from '../../server/src/routes/media.ts'
import type { Services } from '../../server/src/services.ts'
import { createLocalStorage } from '../../server/src/services/storage.ts'

const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256))
let dir = ''
let app: FastifyInstance
let lookups = 0

const file = (storageKey: string | null): StoredMedia => ({
  storageKey,
  contentType: 'video/webm',
  headers: { 'content-disposition': 'attachment; filename="a.bin"', 'cache-control': 'private, max-age=300' }
})

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'darsi-media-'))
  const storage = createLocalStorage(dir, 'secret', { now: () => new Date() } as Services['clock'])
  await storage.put('media/a.bin', bytes)
  const services = { storage } as unknown as Services
  app = Fastify()
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof ApiError)) throw error
    void reply.code(error.statusCode).send({ code: error.code, message: error.message })
  })
  app.get<{ Params: { key: string }; Querystring: { valid?: string; ranges?: string } }>('/:key', async (request, reply) =>
    serveMedia(services, {
      request,
      reply,
      ...(request.query.valid === undefined ? {} : { signed: { valid: request.query.valid === '1', message: 'Lien invalide ou expiré' } }),
      find: async () => {
        lookups += 1
        return request.params.key === 'missing' ? null : file(request.params.key === 'none' ? null : `media/${request.params.key}`)
      },
      notFound: 'Fichier introuvable',
      ranges: request.query.ranges === '1'
    })
  )
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

describe('a stored media file', () => {
  it('is refused (403) for a forged address before its row is looked up, and served for a valid one', async () => {
    const before = lookups
    const forged = await get('/a.bin?valid=0')
    expect(forged.statusCode).toBe(403)
    expect(forged.json()).toEqual({ code: 'forbidden', message: 'Lien invalide ou expiré' })
    expect(lookups).toBe(before)
    expect((await get('/a.bin?valid=1')).statusCode).toBe(200)
    expect(lookups).toBe(before + 1)
  })

  it('answers 404 without a row, without a key or without the file, whole or by ranges', async () => {
    for (const url of ['/missing', '/none', '/gone.bin', '/missing?ranges=1', '/none?ranges=1', '/gone.bin?ranges=1']) {
      const reply = await get(url)
      expect(reply.statusCode, url).toBe(404)
      expect(reply.json(), url).toEqual({ code: 'not_found', message: 'Fichier introuvable' })
    }
  })

  it('is sent whole with its type, its headers and the cross-origin policy', async () => {
    const whole = await get('/a.bin')
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.equals(bytes)).toBe(true)
    expect(whole.headers).toMatchObject({
      'content-type': 'video/webm',
      'content-disposition': 'attachment; filename="a.bin"',
      'cache-control': 'private, max-age=300',
      'cross-origin-resource-policy': 'cross-origin'
    })
    expect(whole.headers['accept-ranges']).toBeUndefined()
  })

  it('is sent by ranges: 200 for all of it, 206 for a range, 416 with the size for one outside it', async () => {
    const all = await get('/a.bin?ranges=1')
    expect(all.statusCode).toBe(200)
    expect(all.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'video/webm',
      'content-length': '300',
      'cache-control': 'private, max-age=300',
      'cross-origin-resource-policy': 'cross-origin'
    })
    expect(all.rawPayload.equals(bytes)).toBe(true)
    const part = await get('/a.bin?ranges=1', { range: 'bytes=100-199' })
    expect(part.statusCode).toBe(206)
    expect(part.headers).toMatchObject({ 'content-range': 'bytes 100-199/300', 'content-length': '100' })
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true)
    const outside = await get('/a.bin?ranges=1', { range: 'bytes=300-' })
    expect(outside.statusCode).toBe(416)
    expect(outside.headers['content-range']).toBe('bytes */300')
    expect(outside.headers['content-type']).not.toBe('video/webm')
    expect(outside.json()).toEqual({ code: 'range_not_satisfiable', message: 'Plage demandée invalide' })
  })
})
