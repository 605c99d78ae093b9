/**
 * Prepares ONE migrated and seeded database for the whole server suite; each test file then
 * gets its own copy (tests/server/harness.ts). Project `server`: a PGlite template directory.
 * Project `server-pg` (DARSI_TEST_PG=1): a private PostgreSQL 15 cluster with a template
 * database, created per test file with CREATE DATABASE … TEMPLATE.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/src/db/client.ts'
import { hashPassword } from '../../server/src/services/passwords.ts'
import { seedDemo } from '../../server/src/seed/demo.ts'
import { startPgCluster } from './pgCluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    backend: 'pglite' | 'postgres'
    templateDir: string
    pgAdminUrl: string
  }
}

export const TEMPLATE_DB = 'darsi_template'
const ARGON2 = { memory: 19_456, passes: 2 }

async function seed(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await seedDemo(database.db, { hash: (password) => hashPassword(password, ARGON2), now: new Date() })
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster()
  try {
    const admin = new pg.Client({ connectionString: `${cluster.adminUrl}/postgres` })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
    await admin.end()
    const dir = mkdtempSync(join(tmpdir(), 'darsi-pg-template-'))
    const database = await openDatabase({ dataDir: dir, databaseUrl: `${cluster.adminUrl}/${TEMPLATE_DB}` })
    await seed(database)
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  } catch (error) {
    cluster.stop()
    throw error
  }
  project.provide('backend', 'postgres')
  project.provide('pgAdminUrl', cluster.adminUrl)
  project.provide('templateDir', '')
  return async () => cluster.stop()
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
