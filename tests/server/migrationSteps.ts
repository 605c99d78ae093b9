/**
 * The migration tests' steps: the SQL files of server/drizzle applied one by one on an in-memory
 * PGlite, so that a test can fill the tables as an older version left them before the migration
 * it checks runs.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

const DIR = join(import.meta.dirname, '../../server/drizzle')

/** The migration files, in the order they apply. */
export const migrationFiles = readdirSync(DIR)
  .filter((name) => /^\d{4}_.+\.sql$/.test(name))
  .sort()

/** Applies one migration file, statement by statement. */
export async function applyMigration(client: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(join(DIR, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement)
  }
}

/** Applies the migration numbered `number` (e.g. '0009'). */
export async function applyMigrationNumbered(client: PGlite, number: string): Promise<void> {
  await applyMigration(
    client,
    migrationFiles.find((name) => name.startsWith(number))!
  )
}

/** A new in-memory database with every migration before `number` applied. */
export async function databaseBefore(number: string): Promise<PGlite> {
  const client = await PGlite.create()
  for (const file of migrationFiles.filter((name) => name < number)) await applyMigration(client, file)
  return client
}
