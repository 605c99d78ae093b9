/**
 * Locks between processes. A pid lock file in a data directory: one process per directory (a
 * lock left by a process that no longer runs is taken over). A named lock for a piece of work
 * (a job's run): on PostgreSQL an advisory lock, one holder across every process of the database.
 */
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from './client.ts'

export type DataDirLock = { path: string; release(): void }

export class DataDirLockedError extends Error {
  readonly pid: number
  constructor(dir: string, pid: number) {
    super(`The data directory ${dir} is in use by process ${pid}. Stop it first or use another --data-dir.`)
    this.name = 'DataDirLockedError'
    this.pid = pid
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function acquireLock(dir: string, name = 'darsi.lock'): DataDirLock {
  const path = join(dir, name)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return {
        path,
        release() {
          if (released) return
          released = true
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true })
          } catch {
            // already gone
          }
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let holder: number
      try {
        holder = Number(readFileSync(path, 'utf8').trim())
      } catch {
        continue
      }
      if (holder === process.pid || isRunning(holder)) throw new DataDirLockedError(dir, holder)
      rmSync(path, { force: true })
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`)
}

/** The advisory lock key of a name: the first 64 bits of its SHA-256, as PostgreSQL's signed bigint. */
export function advisoryLockKey(name: string): bigint {
  return createHash('sha256').update(`darsi:${name}`).digest().readBigInt64BE(0)
}

/**
 * Runs `work` unless another process holds the lock `name`. On PostgreSQL the lock is
 * `pg_try_advisory_lock` on the name's key, taken on a connection of its own for the time of the
 * work and released after it (or with the connection, should the process die). PGlite has one
 * process per data directory: the lock is trivially held.
 */
export async function runExclusive<T>(
  database: Database,
  name: string,
  work: () => Promise<T>
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (!database.withConnection) return { ran: true, value: await work() }
  const key = advisoryLockKey(name).toString()
  return database.withConnection(async (query) => {
    const [row] = await query('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key])
    if (row?.locked !== true) return { ran: false as const }
    try {
      return { ran: true as const, value: await work() }
    } finally {
      await query('SELECT pg_advisory_unlock($1::bigint)', [key])
    }
  })
}
