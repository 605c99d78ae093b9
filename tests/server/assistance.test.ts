/**
 * Assistance videos (part 2, §2 /assistance, §7 `/video-links`; decision 0040): the two demo
 * videos of a new platform, played with HTTP ranges; the operator's list, additions (a file of
 * the store, read for its type and length, or an https address) and removals through
 * `npm run admin -- video-link …`; refusals changing nothing; random bodies (T1).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AssistanceVideoSchema, type AssistanceVideo } from '../../src/shared/api/assistance.ts'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import { runAdmin } from '../../server/src/admin.ts'
import { DEMO_MEDIA_DIR } from '../../server/src/services/lessonMedia.ts'
import { call, createUser, startTestServer, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
let api = ''
let token = ''

beforeAll(async () => {
  server = await startTestServer()
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
  const id = await createUser(server.app, { credential: uniquePhone(), division: 14 })
  token = (await server.app.services.sessions.start(id)).token
})
afterAll(async () => {
  await server?.close()
})

const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })
const videoLinks = async () =>
  z.array(AssistanceVideoSchema).parse((await call<AssistanceVideo[]>(server.app, 'GET', '/api/video-links', { token })).body)
const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })

describe('the assistance videos', () => {
  it('start with two demo videos the app plays from the API, with ranges', async () => {
    const list = await videoLinks()
    expect(list).toHaveLength(2)
    expect(list.map((video) => video.position)).toEqual([1, 2])
    expect(list[0]).toMatchObject({
      title: 'Comment suivre une leçon',
      mime_type: 'video/webm',
      duration: 24,
      url: `/api/media/assistance/${list[0]!.id}`
    })
    const clip = readFileSync(join(DEMO_MEDIA_DIR, 'lessons/lesson-a.webm'))
    const whole = await server.app.inject({ method: 'GET', url: list[0]!.url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('video/webm')
    expect(whole.rawPayload.equals(clip)).toBe(true)
    const part = await server.app.inject({ method: 'GET', url: list[0]!.url, headers: { range: 'bytes=100-199' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clip.length}`)
    expect(part.rawPayload.equals(clip.subarray(100, 200))).toBe(true)
    expect((await server.app.inject({ method: 'GET', url: list[0]!.url, headers: { range: `bytes=${clip.length}-` } })).statusCode).toBe(
      416
    )
    expect((await server.app.inject({ method: 'GET', url: '/api/media/assistance/999999' })).statusCode).toBe(404)
    expect((await call(server.app, 'GET', '/api/video-links')).status).toBe(401)
  })

  it('are kept by the operator: added from a file of the store or an https address, listed by position, removed', async () => {
    expect(
      await admin(
        'video-link',
        'add',
        'Acheter une offre',
        '--file',
        'demo/lessons/lesson-c.webm',
        '--description',
        'Les offres et les points'
      )
    ).toMatch(/^Vidéo d’assistance \d+ ajoutée$/)
    expect(await admin('video-link', 'add', 'Le forum', '--url', 'https://www.youtube.com/watch?v=abc', '--position', '0')).toMatch(
      /ajoutée$/
    )
    const list = await videoLinks()
    expect(list.map((video) => video.title)).toEqual([
      'Le forum',
      'Comment suivre une leçon',
      'Comment signaler un problème sur une vidéo',
      'Acheter une offre'
    ])
    expect(list[0]).toMatchObject({ url: 'https://www.youtube.com/watch?v=abc', mime_type: null, duration: null, description: null })
    expect(list[3]).toMatchObject({ position: 3, mime_type: 'video/webm', duration: 24, description: 'Les offres et les points' })
    expect(JSON.parse(await admin('video-links'))).toEqual(list)
    expect(await admin('video-link', 'remove', String(list[0]!.id))).toBe(`Vidéo d’assistance ${list[0]!.id} retirée`)
    expect((await videoLinks()).map((video) => video.id)).toEqual(list.slice(1).map((video) => video.id))
    await expect(admin('video-link', 'remove', String(list[0]!.id))).rejects.toThrow(/404/)
  })

  it('refuses a file the store lacks or that is no video, a plain http address, both or neither, changing nothing', async () => {
    const before = await videoLinks()
    await expect(admin('video-link', 'add', 'Absent', '--file', 'demo/lessons/none.webm')).rejects.toThrow(/422/)
    await server.app.services.storage.put('notes/readme.txt', new TextEncoder().encode('not a video'))
    await expect(admin('video-link', 'add', 'Texte', '--file', 'notes/readme.txt')).rejects.toThrow(/415/)
    await expect(admin('video-link', 'add', 'Http', '--url', 'http://example.org/v.mp4')).rejects.toThrow(/422/)
    await expect(admin('video-link', 'add', 'Aucun')).rejects.toThrow(/--file/)
    const both = await call(server.app, 'POST', '/operator/video-links', {
      headers: operator(),
      body: { title: 'Both', file: 'demo/lessons/lesson-a.webm', url: 'https://example.org/v' }
    })
    expect(both.status).toBe(422)
    expect(await videoLinks()).toEqual(before)
  })

  it('answer random bodies with the contract, never a 5xx (T1)', async () => {
    const body = fc.record(
      {
        title: fc.oneof(fc.string(), fc.constant(''), fc.integer()),
        file: fc.oneof(fc.constantFrom('demo/lessons/lesson-a.webm', '../etc/passwd', 'a/../../b', 'nope/x.webm'), fc.string()),
        url: fc.oneof(fc.constantFrom('https://example.org/v', 'javascript:alert(1)'), fc.string()),
        position: fc.oneof(fc.integer(), fc.double()),
        extra: fc.jsonValue()
      },
      { requiredKeys: [] }
    )
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const reply = await call(server.app, 'POST', '/operator/video-links', { headers: operator(), body: input })
        expect([201, 415, 422]).toContain(reply.status)
        if (reply.status !== 201) expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
      }),
      { numRuns: 100 }
    )
  }, 60_000)
})
