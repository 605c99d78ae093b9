/**
 * The kill -9 tests' harness: the real server process (`node server/src/index.ts`) on a private
 * copy of the seeded database, started again after each SIGKILL, and an HTTP client that tells a
 * request that died with the process (Gone: its fate unknown to the client) from an answer.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { afterAll, beforeAll } from 'vitest'
import { DEMO_PASSWORD, prepareDatabase, serverProcessOptions, type TestDatabase } from './harness.ts'

const ENTRY = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url))

export type CrashServer = {
  /** The server's data directory (its operator key lives there). */
  readonly dataDir: string
  /** Starts the server and resolves with its URL once it listens. */
  start(): Promise<string>
  /** Kills the running server with SIGKILL and resolves once it has exited. */
  killNow(): Promise<void>
}

/** The file's server process: its database is prepared before the file's tests and removed after them. */
export function crashServer(): CrashServer {
  let database: TestDatabase
  let child: ChildProcess | null = null

  beforeAll(async () => {
    database = await prepareDatabase()
  })

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL')
    await database.drop()
  })

  function start(): Promise<string> {
    const proc = spawn(process.execPath, [ENTRY, ...serverProcessOptions(database)], {
      env: {
        ...process.env,
        DARSI_CAPTCHA_MAX_NUMBER: '200',
        DARSI_LOG_LEVEL: 'error',
        DARSI_IDEMPOTENCY_LEASE_MS: '1500',
        NODE_ENV: 'test'
      },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child = proc
    return new Promise((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 20_000)
      proc.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /listening on (http:\/\/\S+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(match[1]!)
        }
      })
      proc.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      proc.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`server exited with ${code}: ${output}`))
      })
    })
  }

  function killNow(): Promise<void> {
    const proc = child
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      proc.once('exit', () => resolve())
      proc.kill('SIGKILL')
    })
  }

  return {
    get dataDir() {
      return database.dataDir
    },
    start,
    killNow
  }
}

/**
 * Kills the server at a random moment 300 to 900 ms from now: `dead()` turns true then (the
 * clients stop), and `killed` resolves once the process has exited.
 */
export function killAtRandomMoment(server: CrashServer): { dead: () => boolean; killed: Promise<void> } {
  let dead = false
  const killed = new Promise<void>((resolve) => {
    setTimeout(
      () => {
        dead = true
        void server.killNow().then(resolve)
      },
      300 + Math.random() * 600
    )
  })
  return { dead: () => dead, killed }
}

/** The server went away (killed): the request's fate is unknown to the client. */
export class Gone extends Error {}

export type Answer = { status: number; body: Record<string, unknown> }

export async function http(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string; form?: Record<string, string> } = {}
): Promise<Answer> {
  let response: Response
  try {
    response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {})
      },
      body: options.form
        ? new URLSearchParams(options.form).toString()
        : options.body !== undefined
          ? JSON.stringify(options.body)
          : undefined
    })
  } catch {
    throw new Gone()
  }
  const text = await response.text().catch(() => {
    throw new Gone()
  })
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    body = { text }
  }
  return { status: response.status, body }
}

/** Signs a demo account in, the bot check solved, and returns its access token. */
export async function signIn(base: string, username: string): Promise<string> {
  const challenge = (await http(base, 'GET', '/api/captcha/challenge')).body as unknown as Parameters<typeof solveChallenge>[0]['challenge']
  const solution = await solveChallenge({ challenge, deriveKey })
  const reply = await http(base, 'POST', '/api/auth/login_check', {
    body: {
      username,
      password: DEMO_PASSWORD,
      'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    }
  })
  if (reply.status !== 200) throw new Error(`login ${username}: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.token as string
}
