/**
 * Prepares ONE migrated and seeded database for the whole server suite; each test file then
 * gets its own copy (tests/server/harness.ts). Project `server`: a PGlite template directory.
 * Project `server-pg` (DARSI_TEST_PG=1): a private PostgreSQL 15 cluster with a template
 * database, created per test file with CREATE DATABASE … TEMPLATE.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/src/db/client.ts'
import { hashPassword } from '../../server/src/services/passwords.ts'
import { seedDemo } from '../../server/src/seed/demo.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    backend: 'pglite' | 'postgres'
    templateDir: string
    pgAdminUrl: string
  }
}

export const PG_BIN = process.env.DARSI_PG_BIN ?? '/usr/lib/postgresql/15/bin'
export const TEMPLATE_DB = 'darsi_template'
const ARGON2 = { memory: 19_456, passes: 2 }

async function seed(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await seedDemo(database.db, { hash: (password) => hashPassword(password, ARGON2), now: new Date() })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function asPostgresUser(command: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error?.message}`)
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  for (const binary of ['initdb', 'pg_ctl']) {
    if (!existsSync(join(PG_BIN, binary))) {
      throw new Error(`server-pg needs PostgreSQL binaries: ${join(PG_BIN, binary)} is missing (set DARSI_PG_BIN)`)
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'darsi-pg-'))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const dataDir = join(dir, 'data')
  const port = await freePort()
  asPostgresUser(join(PG_BIN, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'])
  asPostgresUser(join(PG_BIN, 'pg_ctl'), [
    '-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start'
  ])
  const adminUrl = `postgres://postgres@127.0.0.1:${port}`
  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
  await admin.end()
  const database = await openDatabase({ dataDir: dir, databaseUrl: `${adminUrl}/${TEMPLATE_DB}` })
  await seed(database)
  await database.close()
  project.provide('backend', 'postgres')
  project.provide('pgAdminUrl', adminUrl)
  project.provide('templateDir', '')
  return async () => {
    try {
      asPostgresUser(join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'darsi-template-'))
  const templateDir = join(dir, 'api')
  const database = await openDatabase({ dataDir: templateDir })
  await seed(database)
  await database.close()
  project.provide('backend', 'pglite')
  project.provide('templateDir', templateDir)
  project.provide('pgAdminUrl', '')
  return async () => {
    rmSync(dir, { recursive: true, force: true })
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.name === 'server-pg' ? setupPostgres(project) : setupPglite(project)
}
