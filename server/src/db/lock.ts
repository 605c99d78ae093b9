/**
 * A pid lock file in a data directory: one process per directory. A lock left by a process
 * that no longer runs is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

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
