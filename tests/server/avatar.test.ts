/**
 * The avatar (issue 5, §2 "Avatar and gender can be edited only when the profile is completed"):
 * type by content, re-encoded as a 256 px WebP without metadata, the 10 MB limit, served from an
 * unguessable address embeddable by the app, refused to test accounts and incomplete profiles.
 */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema.ts'
import { avatarUrl, detectAvatarType } from '../../server/src/services/avatars.ts'
import { AVATAR_MAX_BYTES } from '../../src/shared/api/accounts.ts'
import { call, captcha, createUser, demo, login, startTestServer, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
let png: Buffer
let jpegWithExif: Buffer
let gif: Buffer
let webp: Buffer
beforeAll(async () => {
  server = await startTestServer()
  const picture = () => sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 200, g: 40, b: 60 } } })
  png = await picture().png().toBuffer()
  gif = await picture().gif().toBuffer()
  webp = await picture().webp().toBuffer()
  // A phone photo: turned by its EXIF orientation, with a camera and a GPS position in its metadata.
  jpegWithExif = await picture()
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'Darsi Phone', Copyright: 'Sami' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 48/1 0/1' } })
    .toBuffer()
})
afterAll(async () => {
  await server?.close()
})

type AvatarReply = {
  status: number
  body: { message: string; avatar: string | null; code?: string; errors?: Record<string, string[]>; keys?: Record<string, string[]> }
}

function multipart(parts: Array<{ name: string; filename: string; content: Buffer; type?: string }>) {
  const boundary = `----darsi${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`
      )
    )
    chunks.push(part.content, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

async function upload(token: string | null, content: Buffer, filename = 'photo.png', type?: string): Promise<AvatarReply> {
  const { payload, contentType } = multipart([{ name: 'avatar', filename, content, type }])
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/user/avatar',
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) }
  })
  return { status: response.statusCode, body: response.json() }
}

async function fetchAvatar(url: string) {
  return server.app.inject({ method: 'GET', url })
}

/** A fresh pupil whose profile is complete (or not), so each test owns its avatar. */
async function pupil(completed = true): Promise<{ id: number; token: string }> {
  const phone = uniquePhone()
  const id = await createUser(server.app, { credential: phone, division: 14 })
  if (completed) await server.app.services.database.db.update(users).set({ completed: true }).where(eq(users.id, id))
  return { id, token: (await login(server.app, phone)).token }
}

async function me(token: string): Promise<{ avatar: string | null }> {
  return (await call<{ user: { avatar: string | null } }>(server.app, 'GET', '/api/auth/me', { token })).body.user
}

describe('detectAvatarType', () => {
  it('reads JPEG, PNG, GIF and WebP from the bytes, and nothing else', () => {
    expect(detectAvatarType(png)?.mime).toBe('image/png')
    expect(detectAvatarType(jpegWithExif)?.mime).toBe('image/jpeg')
    expect(detectAvatarType(gif)?.mime).toBe('image/gif')
    expect(detectAvatarType(webp)?.mime).toBe('image/webp')
    expect(detectAvatarType(Buffer.from('%PDF-1.7\n'))).toBeNull()
    expect(detectAvatarType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(detectAvatarType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull()
    expect(detectAvatarType(Buffer.alloc(0))).toBeNull()
  })

  it('presents only stored avatar keys as addresses', () => {
    expect(avatarUrl('avatars/12/0f8fad5b-d9cb-469f-a165-70867728950e.webp')).toBe(
      '/api/avatars/12/0f8fad5b-d9cb-469f-a165-70867728950e.webp'
    )
    expect(avatarUrl('https://tracker.example/pixel.png')).toBeNull()
    expect(avatarUrl('avatars/12/../secrets.json')).toBeNull()
    expect(avatarUrl(null)).toBeNull()
  })
})

describe('POST /api/user/avatar', () => {
  it('stores a 256 px WebP without the photo metadata, shown by /auth/me and served to the app', async () => {
    const owner = await pupil()
    const sent = await sharp(jpegWithExif).metadata()
    expect(sent.orientation).toBe(6)
    expect(jpegWithExif.includes(Buffer.from('Darsi Phone'))).toBe(true)
    const reply = await upload(owner.token, jpegWithExif, 'vacances.jpg', 'image/jpeg')
    expect(reply.status).toBe(200)
    expect(reply.body.message).toBe('La photo de profil est enregistrée')
    expect(reply.body.avatar).toMatch(new RegExp(`^/api/avatars/${owner.id}/[0-9a-f-]{36}\\.webp$`))
    expect((await me(owner.token)).avatar).toBe(reply.body.avatar)

    const served = await fetchAvatar(reply.body.avatar!)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['cache-control']).toContain('immutable')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('Darsi Phone'))).toBe(false)
  })

  it('takes PNG, GIF and WebP whatever the name says, and replacing forgets the previous photo', async () => {
    const owner = await pupil()
    const first = await upload(owner.token, png, 'photo.gif', 'image/gif')
    expect(first.status).toBe(200)
    const second = await upload(owner.token, gif, 'photo.png')
    expect(second.status).toBe(200)
    const third = await upload(owner.token, webp, 'sans-extension', 'application/octet-stream')
    expect(third.status).toBe(200)
    expect(new Set([first.body.avatar, second.body.avatar, third.body.avatar]).size).toBe(3)
    expect((await fetchAvatar(first.body.avatar!)).statusCode).toBe(404)
    expect((await fetchAvatar(second.body.avatar!)).statusCode).toBe(404)
    expect((await fetchAvatar(third.body.avatar!)).statusCode).toBe(200)
    const files = await server.app.services.storage.size(first.body.avatar!.replace('/api/', ''))
    expect(files).toBeNull()
  })

  it('refuses what is not an image by its content, and a broken image, with the field named', async () => {
    const owner = await pupil()
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'), 'photo.png', 'avatar.fileType'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'photo.svg', 'avatar.fileType'],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'photo.jpg', 'avatar.fileType'],
      // The signature of a PNG, then nothing an image decoder can read.
      [Buffer.concat([png.subarray(0, 8), Buffer.from('not really an image at all')]), 'photo.png', 'avatar.unreadable'],
      [png.subarray(0, Math.floor(png.length / 3)), 'photo.png', 'avatar.unreadable']
    ]
    for (const [content, filename, key] of cases) {
      const reply = await upload(owner.token, content, filename)
      expect(reply.status, key).toBe(422)
      expect(reply.body.keys, filename).toEqual({ avatar: [key] })
    }
    // A header declaring 20000 × 20000 pixels is refused before it is decoded.
    const bomb = Buffer.from(png)
    bomb.writeUInt32BE(20_000, 16)
    bomb.writeUInt32BE(20_000, 20)
    const refused = await upload(owner.token, bomb)
    expect(refused.status).toBe(422)
    expect(refused.body.keys).toEqual({ avatar: ['avatar.unreadable'] })
    // Nothing was stored.
    expect((await me(owner.token)).avatar).toBeNull()
    const empty = await upload(owner.token, Buffer.alloc(0))
    expect(empty.status).toBe(422)
    expect(empty.body.keys).toEqual({ avatar: ['avatar.fileRequired'] })
  })

  it('refuses a photo over 10 MB, a body that is not multipart, and no session', async () => {
    const owner = await pupil()
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length, 0)])
    const tooBig = await upload(owner.token, big)
    expect(tooBig.status).toBe(413)
    expect(tooBig.body).toMatchObject({
      code: 'payload_too_large',
      message: 'La photo dépasse la taille maximale de 10 Mo',
      keys: { avatar: ['avatar.fileTooLarge'] }
    })
    const json = await call(server.app, 'POST', '/api/user/avatar', { token: owner.token, body: { avatar: 'x' } })
    expect(json.status).toBe(415)
    expect((await upload(null, png)).status).toBe(401)
    expect((await upload('not-a-token-at-all', png)).status).toBe(401)
    expect((await me(owner.token)).avatar).toBeNull()
  })

  it('waits for a complete profile, and is never for a test account', async () => {
    const incomplete = await pupil(false)
    const early = await upload(incomplete.token, png)
    expect(early.status).toBe(422)
    expect(early.body).toMatchObject({ code: 'profile_incomplete', keys: { avatar: ['profile.readOnlyUntilCompleted'] } })
    const karim = await login(server.app, demo.incomplete)
    expect((await upload(karim.token, png)).body.code).toBe('profile_incomplete')
    const test = await login(server.app, demo.test)
    const refused = await upload(test.token, png)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('test_account')
    expect((await call(server.app, 'DELETE', '/api/user/avatar', { token: test.token })).status).toBe(403)
  })
})

describe('GET /api/avatars/{userId}/{file} and DELETE /api/user/avatar', () => {
  it("answers only a user's current avatar under that user's id", async () => {
    const owner = await pupil()
    const other = await pupil()
    const { body } = await upload(owner.token, png)
    const file = body.avatar!.split('/').pop()!
    // Another user's id with this file, an unknown file, junk names: nothing.
    expect((await fetchAvatar(`/api/avatars/${other.id}/${file}`)).statusCode).toBe(404)
    expect((await fetchAvatar(`/api/avatars/${owner.id}/0f8fad5b-d9cb-469f-a165-70867728950e.webp`)).statusCode).toBe(404)
    for (const junk of ['..%2F..%2Fsecrets.json', 'photo.png', `${file}.png`, 'x'.repeat(300)]) {
      const reply = await fetchAvatar(`/api/avatars/${owner.id}/${junk}`)
      expect([404, 422], junk).toContain(reply.statusCode)
    }
    expect((await fetchAvatar(`/api/avatars/abc/${file}`)).statusCode).toBe(422)
    // The other user's own upload does not touch this one.
    await upload(other.token, gif)
    expect((await fetchAvatar(body.avatar!)).statusCode).toBe(200)
  })

  it('removes the avatar and its file; requires a session and a complete profile', async () => {
    const owner = await pupil()
    const { body } = await upload(owner.token, png)
    expect((await call(server.app, 'DELETE', '/api/user/avatar')).status).toBe(401)
    const removed = await call<{ avatar: string | null; message: string }>(server.app, 'DELETE', '/api/user/avatar', { token: owner.token })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ message: 'La photo de profil est retirée', avatar: null })
    expect((await me(owner.token)).avatar).toBeNull()
    expect((await fetchAvatar(body.avatar!)).statusCode).toBe(404)
    const incomplete = await pupil(false)
    expect((await call(server.app, 'DELETE', '/api/user/avatar', { token: incomplete.token })).status).toBe(422)
  })

  it('POST /user/update takes the avatar back unchanged only: no address of the client’s choosing', async () => {
    const owner = await pupil()
    const { body } = await upload(owner.token, png)
    const update = async (avatar: string | null) =>
      call<{ keys?: Record<string, string[]> }>(server.app, 'POST', '/api/user/update', {
        token: owner.token,
        body: { avatar, country: 1, state: 1, 'g-recaptcha-response': await captcha(server.app) }
      })
    const forged = await update('https://tracker.example/pixel.png')
    expect(forged.status).toBe(422)
    expect(forged.body.keys).toEqual({ avatar: ['avatar.useUpload'] })
    expect((await update(body.avatar)).status).toBe(200)
    expect((await me(owner.token)).avatar).toBe(body.avatar)
  })
})
