/**
 * The notification service and the lesson search: paging and the unread filter, mark-as-seen
 * of one's own notifications only, messages, popups hidden per user, the realtime stream (push,
 * replay after a reconnect, shutdown with streams open), the operator calls, and random input.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ErrorResponseSchema, type Endpoint } from '../../src/shared/api/common.ts'
import {
  MessagesResponseSchema,
  NotificationPageSchema,
  notificationEndpoints,
  notificationOperatorEndpoints,
  STREAM_KEEPALIVE_MS,
  type Notification
} from '../../src/shared/api/notifications.ts'
import { searchEndpoints, SearchResultSchema } from '../../src/shared/api/search.ts'
import { tunisDate } from '../../src/shared/tunisDate.ts'
import { chapters, contents, notifications, subjects, userOffers } from '../../server/src/db/schema.ts'
import { call, createUser, startTestServer, uniquePhone, type TestServer, rateLimitsWith } from './harness.ts'

/** A query builder whose answer waits for `wait` (each step of the chain keeps waiting). */
function holdBack<T extends object>(target: T, wait: Promise<void>): T {
  return new Proxy(target, {
    get(object, prop) {
      const value: unknown = Reflect.get(object, prop)
      if (typeof value !== 'function') return value
      if (prop === 'then') return (ok: unknown, ko: unknown) => wait.then(() => value.call(object, ok, ko))
      return (...args: unknown[]) => {
        const out: unknown = value.apply(object, args)
        return out && typeof out === 'object' && 'then' in out ? holdBack(out, wait) : out
      }
    }
  })
}

const realSetInterval = globalThis.setInterval
const realClearInterval = globalThis.clearInterval
const realSetTimeout = globalThis.setTimeout

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

type Pupil = { id: number; token: string }

async function pupil(division = 14): Promise<Pupil> {
  const id = await createUser(server.app, { credential: uniquePhone(), division })
  const { token } = await server.app.services.sessions.start(id)
  return { id, token }
}

const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })

async function notifyMany(userId: number, n: number): Promise<Notification[]> {
  const created: Notification[] = []
  for (let i = 1; i <= n; i++) {
    created.push(
      await server.app.services.notifications.notify(server.app.services.database.db, { userId, title: `Titre ${i}`, body: `Corps ${i}` })
    )
  }
  return created
}

describe('notifications', () => {
  it('pages 24 at a time, newest first, with the meta the client reads', async () => {
    const me = await pupil()
    await notifyMany(me.id, 60)
    const first = await call(server.app, 'GET', '/api/student/notifications', {
      token: me.token,
      query: { page: '1', orderBy: 'id', sortedBy: 'desc', perPage: '24' }
    })
    expect(first.status).toBe(200)
    const page1 = NotificationPageSchema.parse(first.body)
    expect(page1.data).toHaveLength(24)
    expect(page1.data[0]!.title).toBe('Titre 60')
    expect(page1.meta).toEqual({ current_page: 1, last_page: 3, total: 60, per_page: 24 })
    const third = NotificationPageSchema.parse(
      (await call(server.app, 'GET', '/api/student/notifications', { token: me.token, query: { page: '3' } })).body
    )
    expect(third.data.map((n) => n.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Titre ${12 - i}`))
    // Past the last page: an empty page, not an error.
    const beyond = NotificationPageSchema.parse(
      (await call(server.app, 'GET', '/api/student/notifications', { token: me.token, query: { page: '9' } })).body
    )
    expect(beyond.data).toEqual([])
    expect(beyond.meta.total).toBe(60)
  })

  it('filters the unread ones, whose total is the bell count', async () => {
    const me = await pupil()
    const created = await notifyMany(me.id, 7)
    for (const n of created.slice(0, 3)) {
      expect((await call(server.app, 'POST', `/api/student/notifications/${n.id}/mark-as-seen`, { token: me.token })).status).toBe(200)
    }
    const unread = NotificationPageSchema.parse(
      (await call(server.app, 'GET', '/api/student/notifications', { token: me.token, query: { search: 'seen:false' } })).body
    )
    expect(unread.meta.total).toBe(4)
    expect(unread.data.every((n) => !n.seen)).toBe(true)
    const seen = NotificationPageSchema.parse(
      (await call(server.app, 'GET', '/api/student/notifications', { token: me.token, query: { search: 'seen:true' } })).body
    )
    expect(seen.data.map((n) => n.id).sort()).toEqual(
      created
        .slice(0, 3)
        .map((n) => n.id)
        .sort()
    )
  })

  it('marks only your own notification as seen; another pupil gets 404 and changes nothing', async () => {
    const [owner, other] = await Promise.all([pupil(), pupil()])
    const [mine] = await notifyMany(owner.id, 1)
    const stranger = await call(server.app, 'POST', `/api/student/notifications/${mine!.id}/mark-as-seen`, { token: other.token })
    expect(stranger.status).toBe(404)
    expect(stranger.body.code).toBe('not_found')
    const list = NotificationPageSchema.parse((await call(server.app, 'GET', '/api/student/notifications', { token: owner.token })).body)
    expect(list.data[0]!.seen).toBe(false)
    const own = await call<{ notification: Notification }>(server.app, 'POST', `/api/student/notifications/${mine!.id}/mark-as-seen`, {
      token: owner.token
    })
    expect(own.status).toBe(200)
    expect(own.body.notification.seen).toBe(true)
    // Twice is fine.
    expect((await call(server.app, 'POST', `/api/student/notifications/${mine!.id}/mark-as-seen`, { token: owner.token })).status).toBe(200)
  })

  it('keeps hostile content as plain data', async () => {
    const me = await pupil()
    const body = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const reply = await call(server.app, 'POST', '/operator/notifications', {
      headers: operator(),
      body: { userId: me.id, title: '<b>Titre</b>', body, link: '/porte-monnaie' }
    })
    expect(reply.status).toBe(201)
    const page = NotificationPageSchema.parse((await call(server.app, 'GET', '/api/student/notifications', { token: me.token })).body)
    expect(page.data[0]).toMatchObject({ title: '<b>Titre</b>', body, link: '/porte-monnaie', url: '/porte-monnaie', type: null })
  })

  it('refuses operator notifications with a bad link, an unknown user or an oversized text', async () => {
    const me = await pupil()
    const statusOf = async (path: string, body: object) => (await call(server.app, 'POST', path, { headers: operator(), body })).status
    // An https page off the platform's sites would be refused by the app at the pupil's click.
    for (const link of [
      'javascript:alert(1)',
      'http://example.org',
      '//evil.example',
      'file:///etc/passwd',
      'https://evil.example/offres'
    ]) {
      expect(await statusOf('/operator/notifications', { userId: me.id, title: 'T', body: 'B', link }), link).toBe(422)
    }
    expect(await statusOf('/operator/notifications', { userId: me.id, title: 'T', body: 'B', link: 'https://forum.darsi.tn/t/12' })).toBe(
      201
    )
    expect(await statusOf('/operator/notifications', { userId: 99_999_999, title: 'T', body: 'B' })).toBe(404)
    expect(await statusOf('/operator/notifications', { userId: me.id, title: 'T', body: 'x'.repeat(2001) })).toBe(422)
    // Exactly one recipient: an id, or the phone or e-mail the user signs in with.
    expect(await statusOf('/operator/notifications', { title: 'T', body: 'B' })).toBe(422)
    expect(await statusOf('/operator/notifications', { userId: me.id, to: '20000001', title: 'T', body: 'B' })).toBe(422)
    expect(await statusOf('/operator/notifications', { to: '29999999', title: 'T', body: 'B' })).toBe(404)
    // A popup names one recipient at most (none: everybody).
    expect(await statusOf('/operator/popups', { userId: me.id, to: '20000001', name: 'P', body: 'B' })).toBe(422)
  })

  it('finds the recipient by the phone or e-mail they sign in with', async () => {
    const phone = uniquePhone()
    const id = await createUser(server.app, { credential: phone, division: 14 })
    const { token } = await server.app.services.sessions.start(id)
    const reply = await call<{ message: string }>(server.app, 'POST', '/operator/notifications', {
      headers: operator(),
      body: { to: `+216 ${phone}`, title: 'Par téléphone', body: 'B' }
    })
    expect(reply.status).toBe(201)
    expect(reply.body.message).toContain(`user ${id}`)
    const page = NotificationPageSchema.parse((await call(server.app, 'GET', '/api/student/notifications', { token })).body)
    expect(page.data.map((n) => n.title)).toEqual(['Par téléphone'])
  })
})

describe('messages', () => {
  it('lists the inbox with its unread count; opening a message marks it seen; another pupil cannot read it', async () => {
    const [me, other] = await Promise.all([pupil(), pupil()])
    const sent = await call<{ id: string }>(server.app, 'POST', '/operator/messages', {
      headers: operator(),
      body: { userId: me.id, name: 'Bienvenue', body: 'Bonjour !' }
    })
    expect(sent.status).toBe(201)
    await call(server.app, 'POST', '/operator/messages', {
      headers: operator(),
      body: { userId: me.id, name: 'Rappel', body: 'Séance à 19h' }
    })
    const inbox = MessagesResponseSchema.parse(
      (await call(server.app, 'GET', '/notify/getMessages', { token: me.token, query: { user_id: String(me.id) } })).body
    )
    expect(inbox.unread).toBe(2)
    expect(inbox.data.map((m) => m.message.name).sort()).toEqual(['Bienvenue', 'Rappel'])
    const foreign = await call(server.app, 'GET', '/notify/message', {
      token: other.token,
      query: { user_id: String(other.id), message_id: sent.body.id }
    })
    expect(foreign.status).toBe(404)
    const pretending = await call(server.app, 'GET', '/notify/message', {
      token: other.token,
      query: { user_id: String(me.id), message_id: sent.body.id }
    })
    expect(pretending.status).toBe(403)
    const opened = await call(server.app, 'GET', '/notify/message', {
      token: me.token,
      query: { user_id: String(me.id), message_id: sent.body.id }
    })
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({ _id: sent.body.id, seen: true, message: { name: 'Bienvenue', body: 'Bonjour !' } })
    const after = MessagesResponseSchema.parse(
      (await call(server.app, 'GET', '/notify/getMessages', { token: me.token, query: { user_id: String(me.id) } })).body
    )
    expect(after.unread).toBe(1)
  })

  it("answers 403 when asked for another user's inbox", async () => {
    const [me, other] = await Promise.all([pupil(), pupil()])
    const reply = await call(server.app, 'GET', '/notify/getMessages', { token: me.token, query: { user_id: String(other.id) } })
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('forbidden')
  })
})

describe('popups', () => {
  it('hides a popup for the user who asked, and only for them', async () => {
    const [me, other] = await Promise.all([pupil(), pupil()])
    const everybody = await call<{ id: string }>(server.app, 'POST', '/operator/popups', {
      headers: operator(),
      body: { name: 'Rentrée', body: 'Les cours reprennent lundi' }
    })
    const personal = await call<{ id: string }>(server.app, 'POST', '/operator/popups', {
      headers: operator(),
      body: { userId: me.id, name: 'Pour toi', body: 'Un message personnel' }
    })
    expect(everybody.status).toBe(201)
    const list = async (p: Pupil) =>
      (
        await call<Array<{ _id: string }>>(server.app, 'GET', '/notify/getPopups', { token: p.token, query: { user_id: String(p.id) } })
      ).body.map((x) => x._id)
    expect(await list(me)).toEqual(expect.arrayContaining([everybody.body.id, personal.body.id]))
    expect(await list(other)).toContain(everybody.body.id)
    expect(await list(other)).not.toContain(personal.body.id)
    // Another pupil cannot hide (or learn of) my personal popup.
    const foreign = await call(server.app, 'GET', '/notify/popup/hide', {
      token: other.token,
      query: { popup_id: personal.body.id, user_id: String(other.id) }
    })
    expect(foreign.status).toBe(404)
    const hide = await call(server.app, 'GET', '/notify/popup/hide', {
      token: me.token,
      query: { popup_id: everybody.body.id, user_id: String(me.id) }
    })
    expect(hide.status).toBe(200)
    expect(
      (
        await call(server.app, 'GET', '/notify/popup/hide', {
          token: me.token,
          query: { popup_id: everybody.body.id, user_id: String(me.id) }
        })
      ).status
    ).toBe(200)
    expect(await list(me)).not.toContain(everybody.body.id)
    expect(await list(me)).toContain(personal.body.id)
    expect(await list(other)).toContain(everybody.body.id)
  })
})

describe('lesson search', () => {
  let division: number
  let me: Pupil
  beforeAll(async () => {
    // A class of its own, so the seed's lessons do not mix in.
    division = 32
    me = await pupil(division)
    const db = server.app.services.database.db
    const suffix = String(Date.now())
    const [maths] = await db
      .insert(subjects)
      .values({ divisionId: division, name: 'Mathématiques', slug: `maths-${suffix}`, position: 1 })
      .returning()
    const [physics] = await db
      .insert(subjects)
      .values({ divisionId: division, name: 'Physique', slug: `physique-${suffix}`, position: 2 })
      .returning()
    const [hidden] = await db
      .insert(subjects)
      .values({ divisionId: division, name: 'Matière cachée', slug: `cachee-${suffix}`, position: 3, visible: false })
      .returning()
    const [c1] = await db
      .insert(chapters)
      .values({ subjectId: maths!.id, slug: 'suites', name: 'Suites numériques', position: 1 })
      .returning()
    const [c2] = await db
      .insert(chapters)
      .values({ subjectId: physics!.id, slug: 'ondes', name: 'Ondes', type: 'recording', position: 1 })
      .returning()
    const [c3] = await db.insert(chapters).values({ subjectId: hidden!.id, slug: 'secret', name: 'Secret', position: 1 }).returning()
    await db.insert(contents).values([
      { chapterId: c1!.id, slug: '101-suites-arithmetiques', name: 'Suites arithmétiques', position: 1 },
      { chapterId: c1!.id, slug: '102-suites-geometriques', name: 'Suites géométriques', position: 2 },
      { chapterId: c2!.id, slug: '201-ondes-mecaniques', name: 'Ondes mécaniques progressives', position: 1 },
      { chapterId: c2!.id, slug: '202-taux-100', name: 'Rendement à 100% garanti', position: 2 },
      { chapterId: c3!.id, slug: '301-matiere-secrete', name: 'Matériel secret', position: 1 }
    ])
  })

  const search = (p: Pupil, term: unknown) =>
    call<unknown[]>(server.app, 'POST', '/api/search/autocomplete', { token: p.token, body: { term } })

  it('needs 3 characters', async () => {
    const short = await search(me, 'ma')
    expect(short.status).toBe(422)
    expect((await search(me, '  ma  ')).status).toBe(422)
  })

  it("finds lessons of the pupil's class by lesson name or subject name, lesson names first", async () => {
    const reply = await search(me, 'mat')
    expect(reply.status).toBe(200)
    const results = reply.body.map((r) => SearchResultSchema.parse(r))
    expect(results.map((r) => r.name)).toEqual(['Suites arithmétiques', 'Suites géométriques'])
    expect(results[0]).toMatchObject({
      subject_name: 'Mathématiques',
      chapter_slug: 'suites',
      content_slug: '101-suites-arithmetiques',
      chapter_type: 'course'
    })
    const byName = (await search(me, 'ONDES')).body.map((r) => SearchResultSchema.parse(r))
    expect(byName.map((r) => r.name)).toEqual(['Ondes mécaniques progressives'])
    expect(byName[0]!.chapter_type).toBe('recording')
  })

  it('refuses a NUL character as bad input, never as a server error', async () => {
    const reply = await search(me, 'mat\u0000')
    expect(reply.status).toBe(422)
    expect(reply.body).toMatchObject({ code: 'validation_failed', keys: { term: ['common.invalid'] } })
    const notify = await call(server.app, 'POST', '/operator/notifications', {
      headers: operator(),
      body: { userId: me.id, title: 'T\u0000', body: 'B' }
    })
    expect(notify.status).toBe(422)
  })

  it('treats % and _ as plain characters', async () => {
    const percent = (await search(me, '00%')).body.map((r) => SearchResultSchema.parse(r))
    expect(percent.map((r) => r.name)).toEqual(['Rendement à 100% garanti'])
    expect((await search(me, '%%%')).body).toEqual([])
    expect((await search(me, '___')).body).toEqual([])
  })

  it("does not show another class's lessons", async () => {
    const elsewhere = await pupil(7)
    const names = ((await search(elsewhere, 'Suites arith')).body as Array<{ name: string }>).map((r) => r.name)
    expect(names).not.toContain('Suites arithmétiques')
  })

  it('is refused to pupils with an offer of group 104', async () => {
    const blocked = await pupil(division)
    await server.app.services.database.db
      .insert(userOffers)
      .values({ userId: blocked.id, groupId: 104, startDate: '2026-01-01', endDate: null })
    const reply = await search(blocked, 'mat')
    expect(reply.status).toBe(403)
    expect(reply.body).toMatchObject({ code: 'forbidden' })
  })

  it('is open with an offer of group 104 that has not started or has ended (active offers only, days in Tunis)', async () => {
    const now = server.app.services.clock.now().getTime()
    const tomorrow = tunisDate(now + 86_400_000)
    const yesterday = tunisDate(now - 86_400_000)
    const waiting = await pupil(division)
    await server.app.services.database.db.insert(userOffers).values([
      { userId: waiting.id, groupId: 104, startDate: tomorrow, endDate: null },
      { userId: waiting.id, groupId: 104, startDate: '2025-09-01', endDate: yesterday }
    ])
    expect((await search(waiting, 'mat')).status).toBe(200)
  })

  it('answers 429 past the searches a user may make in a minute, counted for each user apart', async () => {
    const limited = await startTestServer({
      rateLimits: rateLimitsWith({ searchesPerUserPerMinute: 3 })
    })
    try {
      const open = async () => {
        const id = await createUser(limited.app, { credential: uniquePhone() })
        return (await limited.app.services.sessions.start(id)).token
      }
      const [first, second] = [await open(), await open()]
      const ask = (token: string) => call(limited.app, 'POST', '/api/search/autocomplete', { token, body: { term: 'mat' } })
      for (let i = 0; i < 3; i++) expect((await ask(first)).status).toBe(200)
      const refused = await ask(first)
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ code: 'rate_limited' })
      // From the same address, another pupil still searches.
      expect((await ask(second)).status).toBe(200)
      // Without a session the answer is still 401, and it takes nothing from anybody's budget.
      expect((await limited.app.inject({ method: 'POST', url: '/api/search/autocomplete', payload: { term: 'mat' } })).statusCode).toBe(401)
    } finally {
      await limited.close()
    }
  })

  it('counts an offer of group 104 in Tunis days: closed through its last day, open after it', async () => {
    const now = server.app.services.clock.now()
    const day = 86_400_000
    const lastDayToday = await pupil(division)
    await server.app.services.database.db
      .insert(userOffers)
      .values({ userId: lastDayToday.id, groupId: 104, startDate: '2026-01-01', endDate: tunisDate(now) })
    expect((await search(lastDayToday, 'mat')).status).toBe(403)
    const endedYesterday = await pupil(division)
    await server.app.services.database.db
      .insert(userOffers)
      .values({ userId: endedYesterday.id, groupId: 104, startDate: '2026-01-01', endDate: tunisDate(now.getTime() - day) })
    expect((await search(endedYesterday, 'mat')).status).toBe(200)
  })
})

describe('authentication', () => {
  const routes: Array<[string, Endpoint]> = [
    ...Object.entries(notificationEndpoints).map(([n, e]): [string, Endpoint] => [n, e]),
    ['autocomplete', searchEndpoints.autocomplete]
  ]
  it.each(routes)('%s answers 401 without a session', async (_name, endpoint) => {
    const url = `${endpoint.service === 'api' ? '/api' : '/notify'}${endpoint.path.replace(':id', '1')}`
    const reply = await server.app.inject({ method: endpoint.method, url, ...(endpoint.body ? { payload: {} } : {}) })
    expect(reply.statusCode).toBe(401)
  })

  it.each(Object.entries(notificationOperatorEndpoints))('operator %s needs the operator key', async (_name, endpoint) => {
    const me = await pupil()
    const reply = await server.app.inject({
      method: endpoint.method,
      url: `/operator${endpoint.path}`,
      headers: { authorization: `Bearer ${me.token}` },
      payload: { userId: me.id, title: 'T', name: 'T', body: 'B' }
    })
    expect(reply.statusCode).toBe(401)
  })
})

describe('realtime stream', () => {
  let base: string
  beforeAll(async () => {
    base = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })

  /** Reads a stream's frames as they come. */
  async function open(token: string, query = '', headers: Record<string, string> = {}) {
    const controller = new AbortController()
    const response = await fetch(`${base}/notify/stream${query}`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
      signal: controller.signal
    })
    const frames: Array<{ event: string; id?: number; data: unknown }> = []
    let buffer = ''
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    const pump = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return
          buffer += value
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut)
            buffer = buffer.slice(cut + 2)
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => !l.startsWith(':') && l.includes(': '))
                .map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)])
            )
            if (fields.event)
              frames.push({ event: fields.event, ...(fields.id ? { id: Number(fields.id) } : {}), data: JSON.parse(fields.data ?? 'null') })
          }
        }
      } catch {
        // Aborted.
      }
    })()
    const waitFor = async (n: number, ms = 2000) => {
      const until = Date.now() + ms
      while (frames.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
      return frames
    }
    return {
      response,
      frames,
      waitFor,
      close: async () => {
        controller.abort()
        await pump
      }
    }
  }

  it('pushes a new notification, message and popup to the connected user within 2 s, and nothing to others', async () => {
    const [me, other] = await Promise.all([pupil(), pupil()])
    const mine = await open(me.token)
    const theirs = await open(other.token)
    expect(mine.response.status).toBe(200)
    expect(mine.response.headers.get('content-type')).toContain('text/event-stream')
    // Subscribed once the first frame (the comment) has been read.
    while (server.app.services.realtime.count(me.id) === 0) await new Promise((r) => setTimeout(r, 10))
    const started = Date.now()
    const sent = await call<{ id: number }>(server.app, 'POST', '/operator/notifications', {
      headers: operator(),
      body: { userId: me.id, title: 'En direct', body: 'Séance dans 5 minutes', link: '/sessions' }
    })
    const frames = await mine.waitFor(1)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(frames[0]).toMatchObject({
      event: 'notification',
      id: sent.body.id,
      data: { id: sent.body.id, title: 'En direct', seen: false, link: '/sessions' }
    })
    await call(server.app, 'POST', '/operator/messages', { headers: operator(), body: { userId: me.id, name: 'Info', body: 'Corps' } })
    await call(server.app, 'POST', '/operator/popups', { headers: operator(), body: { userId: me.id, name: 'Popup', body: 'Corps' } })
    expect((await mine.waitFor(3)).map((f) => f.event)).toEqual(['notification', 'message', 'popup'])
    await new Promise((r) => setTimeout(r, 100))
    expect(theirs.frames).toEqual([])
    await mine.close()
    await theirs.close()
  })

  it('replays what was missed after a reconnect, once, then goes on live', async () => {
    const me = await pupil()
    const [first] = await notifyMany(me.id, 1)
    const missed = await notifyMany(me.id, 3)
    const stream = await open(me.token, `?after=${first!.id}`)
    const frames = await stream.waitFor(3)
    expect(frames.map((f) => f.id)).toEqual(missed.map((n) => n.id))
    const [live] = await notifyMany(me.id, 1)
    expect((await stream.waitFor(4)).map((f) => f.id)).toEqual([...missed.map((n) => n.id), live!.id])
    await stream.close()
    // The Last-Event-ID header works the same.
    const again = await fetch(`${base}/notify/stream`, {
      headers: { authorization: `Bearer ${me.token}`, 'last-event-id': String(missed[2]!.id) }
    })
    const reader = again.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while (!text.includes(`id: ${live!.id}`)) text += (await reader.read()).value ?? ''
    expect(text).not.toContain(`id: ${missed[2]!.id}\n`)
    await reader.cancel()
  })

  it('lets the app ask for a resume across origins (CORS preflight allows Last-Event-ID)', async () => {
    const reply = await fetch(`${base}/notify/stream`, {
      method: 'OPTIONS',
      headers: {
        origin: 'app://darsi',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,last-event-id'
      }
    })
    expect(reply.status).toBeLessThan(300)
    expect(reply.headers.get('access-control-allow-headers')).toContain('last-event-id')
    expect(reply.headers.get('access-control-allow-origin')).toBe('app://darsi')
  })

  it('sends both of two notifications committed out of order, each once', async () => {
    const me = await pupil()
    const stream = await open(me.token)
    while (server.app.services.realtime.count(me.id) === 0) await new Promise((r) => setTimeout(r, 10))
    const item = (id: number) => ({
      id,
      title: `Titre ${id}`,
      body: 'Corps',
      link: null,
      url: null,
      type: null,
      seen: false,
      created_at: '2026-11-22T10:00:00.000Z'
    })
    const realtime = server.app.services.realtime
    realtime.publish(me.id, 'notification', item(2_000_011), 2_000_011)
    realtime.publish(me.id, 'notification', item(2_000_010), 2_000_010)
    realtime.publish(me.id, 'notification', item(2_000_011), 2_000_011)
    await stream.waitFor(3, 500)
    expect(stream.frames.map((f) => f.id)).toEqual([2_000_011, 2_000_010])
    await stream.close()
  })

  it('takes a Last-Event-ID past any id as none: what comes next is still sent', async () => {
    const me = await pupil()
    const stream = await open(me.token, '', { 'last-event-id': '9999999999' })
    while (server.app.services.realtime.count(me.id) === 0) await new Promise((r) => setTimeout(r, 10))
    const [live] = await notifyMany(me.id, 1)
    expect((await stream.waitFor(1)).map((f) => f.id)).toEqual([live!.id])
    await stream.close()
  })

  it('keeps at most 5 streams a user: a sixth ends the oldest', async () => {
    const me = await pupil()
    const streams = []
    for (let i = 0; i < 6; i++) {
      streams.push(await open(me.token))
      while (server.app.services.realtime.count(me.id) < Math.min(i + 1, 5)) await new Promise((r) => setTimeout(r, 10))
    }
    expect(server.app.services.realtime.count(me.id)).toBe(5)
    const [live] = await notifyMany(me.id, 1)
    for (const stream of streams.slice(1)) expect((await stream.waitFor(1)).map((f) => f.id)).toEqual([live!.id])
    expect(streams[0]!.frames).toEqual([])
    for (const stream of streams) await stream.close()
  })

  it('starts no keep-alive for a stream whose client left while its replay was read', async () => {
    const me = await pupil()
    await notifyMany(me.id, 3)
    const started = new Set<unknown>()
    const cleared = new Set<unknown>()
    const setSpy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((handler: () => void, ms: number) => {
      const handle = realSetInterval(handler, ms)
      if (ms === STREAM_KEEPALIVE_MS) started.add(handle)
      return handle
    }) as typeof setInterval)
    const clearSpy = vi.spyOn(globalThis, 'clearInterval').mockImplementation(((handle: unknown) => {
      cleared.add(handle)
      realClearInterval(handle as ReturnType<typeof setInterval>)
    }) as typeof clearInterval)
    try {
      // The replay's read of the notifications is held back 400 ms, and the client leaves meanwhile.
      const db = server.app.services.database.db
      const realSelect = db.select.bind(db)
      let held: Promise<void> | null = null
      const selectSpy = vi.spyOn(db, 'select').mockImplementation(((...args: Parameters<typeof db.select>) => {
        const builder = realSelect(...args)
        return new Proxy(builder, {
          get(target, prop) {
            if (prop !== 'from') return Reflect.get(target, prop)
            return (table: Parameters<typeof builder.from>[0]) => {
              const query = target.from(table)
              if (table !== notifications || held) return query
              held = new Promise((r) => realSetTimeout(r, 400))
              return holdBack(query, held)
            }
          }
        })
      }) as typeof db.select)
      try {
        const controller = new AbortController()
        const reply = await fetch(`${base}/notify/stream`, {
          headers: { authorization: `Bearer ${me.token}`, 'last-event-id': '0' },
          signal: controller.signal
        })
        const reader = reply.body!.pipeThrough(new TextDecoderStream()).getReader()
        let text = ''
        while (!text.includes(': connected')) text += (await reader.read()).value ?? ''
        controller.abort()
        expect(held).not.toBeNull()
        await held
      } finally {
        selectSpy.mockRestore()
      }
      await new Promise((r) => realSetTimeout(r, 300))
      expect(server.app.services.realtime.count(me.id)).toBe(0)
      expect([...started].filter((handle) => !cleared.has(handle))).toEqual([])
    } finally {
      setSpy.mockRestore()
      clearSpy.mockRestore()
    }
  })

  it('refuses a stream without a valid session', async () => {
    expect((await fetch(`${base}/notify/stream`)).status).toBe(401)
    expect((await fetch(`${base}/notify/stream`, { headers: { authorization: 'Bearer not-a-token-at-all' } })).status).toBe(401)
  })
})

describe('random input never gives a 5xx', () => {
  const cases: Array<[string, Endpoint]> = [
    ...Object.entries(notificationEndpoints)
      .filter(([name]) => name !== 'stream')
      .map(([n, e]): [string, Endpoint] => [n, e]),
    ['autocomplete', searchEndpoints.autocomplete],
    ...Object.entries(notificationOperatorEndpoints).map(([n, e]): [string, Endpoint] => [`operator.${n}`, e])
  ]
  const junk = fc.oneof(
    fc.jsonValue(),
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constant('mat\u0000'),
    fc.integer(),
    fc.constant(null),
    fc.constant('x'.repeat(3000))
  )
  it.each(cases)('%s', async (_name, endpoint) => {
    const me = await pupil()
    const prefix = endpoint.service === 'api' ? '/api' : endpoint.service === 'notify' ? '/notify' : '/operator'
    const headers = endpoint.access === 'operator' ? operator() : { authorization: `Bearer ${me.token}` }
    const plausible = fc.record(
      {
        user_id: fc.oneof(fc.constant(String(me.id)), fc.string({ maxLength: 12 })),
        message_id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
        popup_id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
        page: fc.oneof(fc.integer({ min: -3, max: 5 }).map(String), fc.string({ maxLength: 5 })),
        perPage: fc.oneof(fc.integer({ min: -3, max: 200 }).map(String), fc.string({ maxLength: 5 })),
        search: fc.constantFrom('seen:false', 'seen:true', 'seen:maybe', ''),
        sortedBy: fc.constantFrom('asc', 'desc', 'sideways')
      },
      { requiredKeys: [] }
    )
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          id: fc.oneof(fc.integer({ min: -5, max: 3_000_000_000 }).map(String), fc.string({ maxLength: 12 })),
          query: plausible,
          body: fc.oneof(
            fc.record(
              {
                term: fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: 'binary', minLength: 3, maxLength: 20 }), junk),
                userId: fc.oneof(fc.constant(me.id), junk),
                title: junk,
                name: junk,
                body: junk,
                link: junk
              },
              { requiredKeys: [] }
            ),
            junk
          )
        }),
        async ({ id, query, body }) => {
          const reply = await server.app.inject({
            method: endpoint.method,
            url: `${prefix}${endpoint.path.replace(':id', encodeURIComponent(id) || '1')}`,
            query: query as Record<string, string>,
            headers,
            ...(endpoint.method === 'GET'
              ? {}
              : { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } })
          })
          expect(reply.statusCode, reply.body).toBeLessThan(500)
          const parsed = reply.statusCode < 300 ? endpoint.response.safeParse(reply.json()) : ErrorResponseSchema.safeParse(reply.json())
          expect(parsed.success, reply.body).toBe(true)
        }
      ),
      { numRuns: 30 }
    )
  })
})
