/**
 * Administrator and operator flows: the impersonation link (API and operator CLI), account
 * creation, the outbox — and the CLI against a real server process, as an operator runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPOSITORY_ROOT } from '../../server/src/config.ts'
import { parseDeepLink } from '../../src/shared/deepLink.ts'
import {
  call,
  demo,
  lastCode,
  login,
  prepareDatabase,
  serverProcessOptions,
  startTestServer,
  type TestDatabase,
  type TestServer
} from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ dev: true })
})
afterAll(async () => {
  await server?.close()
})

type Me = { user: { id: number; name: string }; admin_user_id: number | null }

async function idOf(credential: string): Promise<number> {
  const { token } = await login(server.app, credential)
  return (await call<Me>(server.app, 'GET', '/api/auth/me', { token })).body.user.id
}

type Pair = { token: string; refresh_token: string; expires_in: number; password_expired: boolean; message: string }

/** What the app does with a switch link: exchange its single-use token for the session's pair. */
async function exchange(switchToken: string) {
  return call<Pair & { code: string }>(server.app, 'POST', '/api/auth/switch', { body: { token: switchToken } })
}

describe('POST /api/admin/impersonation-link', () => {
  it('an administrator mints a darsi://switch link whose single-use token opens a session as the student', async () => {
    const admin = await login(server.app, demo.admin)
    const adminId = await idOf(demo.admin)
    const amiraId = await idOf(demo.expired)
    const reply = await call<{ link: string; token: string; expires_in: number }>(server.app, 'POST', '/api/admin/impersonation-link', {
      token: admin.token,
      body: { userId: amiraId }
    })
    expect(reply.status).toBe(200)
    const link = parseDeepLink(reply.body.link)
    expect(link).toEqual({ kind: 'switch', token: reply.body.token, adminId: String(adminId), userId: String(amiraId) })
    expect(reply.body.expires_in).toBe(300)
    // The link's token is not an access token.
    expect((await call(server.app, 'GET', '/api/auth/me', { token: reply.body.token })).status).toBe(401)
    const pair = await exchange(reply.body.token)
    expect(pair.status).toBe(200)
    expect(pair.body).toMatchObject({ token_type: 'Bearer', password_expired: false, refresh_token: expect.any(String) })
    const me = await call<Me>(server.app, 'GET', '/api/auth/me', { token: pair.body.token })
    expect(me.body).toMatchObject({ user: { id: amiraId, name: 'Amira' }, admin_user_id: adminId })
    // Amira's password has expired, but the administrator's session is not held by it.
    expect((await call(server.app, 'GET', '/api/auth/my-profile', { token: pair.body.token })).status).toBe(200)
  })

  it('carries the register redirect of the admin marker when asked', async () => {
    const admin = await login(server.app, demo.admin)
    const reply = await call<{ link: string }>(server.app, 'POST', '/api/admin/impersonation-link', {
      token: admin.token,
      body: { userId: await idOf(demo.student), redirectTo: 'RegisterPage' }
    })
    expect(reply.status).toBe(200)
    expect(parseDeepLink(reply.body.link)).toMatchObject({ kind: 'switch', redirectTo: 'RegisterPage' })
    const other = await call(server.app, 'POST', '/api/admin/impersonation-link', {
      token: admin.token,
      body: { userId: await idOf(demo.student), redirectTo: 'https://evil.example' }
    })
    expect(other.status).toBe(422)
  })

  it("refuses students, unknown users and another administrator's account", async () => {
    const student = await login(server.app, demo.student)
    const asStudent = await call(server.app, 'POST', '/api/admin/impersonation-link', {
      token: student.token,
      body: { userId: await idOf(demo.abroad) }
    })
    expect(asStudent.status).toBe(403)
    const admin = await login(server.app, demo.admin)
    expect(
      (await call(server.app, 'POST', '/api/admin/impersonation-link', { token: admin.token, body: { userId: 999_999 } })).status
    ).toBe(404)
    const self = await call(server.app, 'POST', '/api/admin/impersonation-link', {
      token: admin.token,
      body: { userId: await idOf(demo.admin) }
    })
    expect(self.status).toBe(404)
    expect((await call(server.app, 'POST', '/api/admin/impersonation-link', { token: admin.token, body: { userId: 'x' } })).status).toBe(
      422
    )
    expect((await call(server.app, 'POST', '/api/admin/impersonation-link', { body: { userId: 1 } })).status).toBe(401)
  })
})

describe('POST /api/auth/switch', () => {
  const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })
  async function mint(userId: number): Promise<string> {
    const reply = await call<{ token: string }>(server.app, 'POST', '/operator/impersonation-link', {
      headers: operator(),
      body: { userId }
    })
    expect(reply.status).toBe(200)
    return reply.body.token
  }

  it('gives a pair that refreshes like any session, still marked with the administrator', async () => {
    const adminId = await idOf(demo.admin)
    const pupilId = await idOf(demo.student)
    const pair = await exchange(await mint(pupilId))
    expect(pair.status).toBe(200)
    // The access token expires; the refresh token carries the session on.
    server.clock.advance((server.app.services.config.accessTokenTtlSeconds + 1) * 1000)
    expect((await call(server.app, 'GET', '/api/auth/me', { token: pair.body.token })).body.code).toBe('token_expired')
    const refreshed = await call<Pair>(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: pair.body.refresh_token } })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.password_expired).toBe(false)
    const me = await call<Me>(server.app, 'GET', '/api/auth/me', { token: refreshed.body.token })
    expect(me.body).toMatchObject({ user: { id: pupilId }, admin_user_id: adminId })
  })

  it('is single use: a second exchange is refused and closes the session it opened', async () => {
    const switchToken = await mint(await idOf(demo.student))
    const first = await exchange(switchToken)
    expect(first.status).toBe(200)
    const second = await exchange(switchToken)
    expect(second.status).toBe(401)
    expect(second.body.code).toBe('switch_token_invalid')
    // Someone else held a copy of the link: the session is revoked for both.
    expect((await call(server.app, 'GET', '/api/auth/me', { token: first.body.token })).status).toBe(401)
    expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: first.body.refresh_token } })).status).toBe(401)
  })

  it('expires after five minutes', async () => {
    const switchToken = await mint(await idOf(demo.student))
    server.clock.advance(301_000)
    const late = await exchange(switchToken)
    expect(late.status).toBe(401)
    expect(late.body.code).toBe('switch_token_invalid')
  })

  it('takes neither a refresh token, nor its own token at /auth/refresh, nor junk', async () => {
    const student = await login(server.app, demo.student)
    expect((await exchange(student.refresh_token)).status).toBe(401)
    // The sign-in's refresh token was not spent by the refused exchange.
    expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: student.refresh_token } })).status).toBe(200)
    const switchToken = await mint(await idOf(demo.student))
    expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: switchToken } })).status).toBe(401)
    // …and the switch token is still good after that.
    expect((await exchange(switchToken)).status).toBe(200)
    expect((await call(server.app, 'POST', '/api/auth/switch', { body: { token: '' } })).status).toBe(422)
    expect((await call(server.app, 'POST', '/api/auth/switch', { body: {} })).status).toBe(422)
    expect((await call(server.app, 'POST', '/api/auth/switch', { body: { token: 'x'.repeat(600) } })).status).toBe(422)
    expect((await exchange('not-a-switch-token')).status).toBe(401)
  })

  it('the impersonation session ends after eight hours, refreshes included', async () => {
    const pair = await exchange(await mint(await idOf(demo.student)))
    let refresh = pair.body.refresh_token
    for (let hour = 0; hour < 7; hour++) {
      server.clock.advance(3_600_000)
      const next = await call<Pair>(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: refresh } })
      expect(next.status).toBe(200)
      refresh = next.body.refresh_token
    }
    server.clock.advance(3_600_000 + 1000)
    expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: refresh } })).status).toBe(401)
  })
})

describe('operator endpoints', () => {
  const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })

  it('creates accounts of any role, once per credential', async () => {
    const created = await call<{ id: number; message: string }>(server.app, 'POST', '/operator/users', {
      headers: operator(),
      body: { credential: '+216 22 555 666', password: 'Bonjour#2026', name: 'Salma', lastName: 'Ayari', role: 'teacher' }
    })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe(`Created teacher ${created.body.id} (22555666)`)
    expect((await login(server.app, '22555666', 'Bonjour#2026')).user_type).toBe('teacher')
    const again = await call(server.app, 'POST', '/operator/users', {
      headers: operator(),
      body: { credential: '22555666', password: 'Bonjour#2026', name: 'Salma', lastName: 'Ayari' }
    })
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('account_information_already_used')
    const weak = await call(server.app, 'POST', '/operator/users', {
      headers: operator(),
      body: { credential: '22555667', password: 'faible', name: 'Salma', lastName: 'Ayari' }
    })
    expect(weak.status).toBe(422)
    expect(weak.body.errors).toHaveProperty('password')
    // Found by the T1 fuzz run on PostgreSQL: an unknown class was a foreign-key failure (500).
    const noClass = await call(server.app, 'POST', '/operator/users', {
      headers: operator(),
      body: { credential: '22555668', password: 'Bonjour#2026', name: 'Salma', lastName: 'Ayari', division: 22 }
    })
    expect(noClass.status).toBe(422)
    expect(noClass.body.errors).toEqual({ division: ['Cette classe est inconnue'] })
  })

  it('mints a link in the name of the first administrator unless told', async () => {
    const userId = await idOf(demo.student)
    const reply = await call<{ link: string }>(server.app, 'POST', '/operator/impersonation-link', {
      headers: operator(),
      body: { userId }
    })
    expect(reply.status).toBe(200)
    expect(parseDeepLink(reply.body.link)).toMatchObject({
      kind: 'switch',
      adminId: String(await idOf(demo.admin)),
      userId: String(userId)
    })
    const notAdmin = await call(server.app, 'POST', '/operator/impersonation-link', {
      headers: operator(),
      body: { userId, adminId: await idOf(demo.abroad) }
    })
    expect(notAdmin.status).toBe(404)
  })

  it('reads the outbox by recipient, in any phone spelling (operator and --dev)', async () => {
    await call(server.app, 'GET', '/api/auth/request-password', { query: { credentiel: demo.student } })
    const code = await lastCode(server.app, demo.student)
    for (const url of ['/operator/outbox', '/dev/outbox']) {
      const reply = await call<Array<{ to: string; code: string | null; channel: string }>>(server.app, 'GET', url, {
        headers: operator(),
        query: { to: '+216 20 000 001' }
      })
      expect(reply.status, url).toBe(200)
      expect(reply.body[0]).toMatchObject({ to: demo.student, code, channel: 'sms' })
      expect(reply.body.every((row) => row.to === demo.student)).toBe(true)
    }
  })

  it('has no development outbox without --dev', async () => {
    const plain = await startTestServer()
    try {
      expect((await call(plain.app, 'GET', '/dev/outbox')).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})

type Run = { code: number | null; stdout: string; stderr: string }

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DARSI_OPERATOR_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm run admin against a running server process', () => {
  let database: TestDatabase
  let child: ChildProcess | null = null

  beforeAll(async () => {
    database = await prepareDatabase()
    const proc = spawn(process.execPath, [join('server', 'src', 'index.ts'), ...serverProcessOptions(database)], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DARSI_OPERATOR_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child = proc
    await new Promise<void>((resolve, reject) => {
      let output = ''
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Darsi API listening on http://127.0.0.1:')) resolve()
      }
      proc.stdout!.on('data', onData)
      proc.stderr!.on('data', onData)
      proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)))
    })
  })

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await database?.drop()
  })

  const admin = (...args: string[]) => run([join('server', 'src', 'admin.ts'), '--data-dir', database.dataDir, ...args])

  it('create-user, impersonation-link and outbox each print one line', async () => {
    const created = await admin('create-user', '22777888', 'Bonjour#2026', 'Salma', 'Ayari', '--division', '14')
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    const lines = created.stdout.trim().split('\n')
    expect(lines).toHaveLength(1)
    const match = /^Created student (\d+) \(22777888\)$/.exec(lines[0]!)
    expect(match).not.toBeNull()

    const link = await admin('impersonation-link', match![1]!)
    expect(link.code).toBe(0)
    expect(link.stdout.trim().split('\n')).toHaveLength(1)
    expect(parseDeepLink(link.stdout.trim())).toMatchObject({ kind: 'switch', userId: match![1] })
    const marked = await admin('impersonation-link', match![1]!, '--register-redirect')
    expect(parseDeepLink(marked.stdout.trim())).toMatchObject({ kind: 'switch', userId: match![1], redirectTo: 'RegisterPage' })

    // A reset request through the real HTTP server, then its code in the outbox.
    const { url } = JSON.parse(readFileSync(join(database.dataDir, 'server.json'), 'utf8')) as { url: string }
    const requested = await fetch(`${url}/api/auth/request-password?credentiel=22777888`)
    expect(requested.status).toBe(200)
    const outbox = await admin('outbox', '+216 22 777 888')
    expect(outbox.code).toBe(0)
    expect(outbox.stdout.trim().split('\n')).toHaveLength(1)
    const rows = JSON.parse(outbox.stdout) as Array<{ to: string; code: string; channel: string }>
    expect(rows[0]).toMatchObject({ to: '22777888', channel: 'sms', code: expect.stringMatching(/^[A-Za-z0-9]{6}$/) })
    const dev = await fetch(`${url}/dev/outbox?to=22777888`)
    expect(((await dev.json()) as Array<{ code: string }>)[0]!.code).toBe(rows[0]!.code)
  })

  it('exits non-zero with one line on failure', async () => {
    const failures = await Promise.all([
      admin('impersonation-link', '999999'),
      admin('create-user', '20000001', 'Bonjour#2026', 'Sami', 'Trabelsi'),
      admin('create-user', '22777999', 'faible', 'Salma', 'Ayari'),
      admin('impersonation-link', 'abc'),
      admin('frobnicate'),
      run([join('server', 'src', 'admin.ts'), '--data-dir', join(database.root, 'nowhere'), 'outbox'])
    ])
    for (const failure of failures) {
      expect(failure.code, failure.stderr).toBe(1)
      expect(failure.stdout).toBe('')
      expect(failure.stderr.trim().length).toBeGreaterThan(0)
    }
    expect(failures[0]!.stderr.trim()).toBe('404 Utilisateur introuvable')
    expect(failures[1]!.stderr.trim()).toMatch(/^422 Account information already used/)
    // A wrong operator key is refused by the server.
    const wrongKey = await run([join('server', 'src', 'admin.ts'), '--data-dir', database.dataDir, 'outbox'], {
      DARSI_OPERATOR_KEY: 'wrong-key'
    })
    expect(wrongKey.code).toBe(1)
    expect(wrongKey.stderr.trim()).toBe('401 Invalid operator key')
  })
})
