/**
 * A private, throwaway PostgreSQL cluster on loopback (initdb into a temp directory, pg_ctl
 * start on a free port; as the `postgres` user when running as root). Used by the server-pg
 * test project and by `npm run bench`.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const PG_BIN = process.env.DARSI_PG_BIN ?? '/usr/lib/postgresql/15/bin'

export type PgCluster = {
  /** `postgres://postgres@127.0.0.1:PORT` — append `/<database>`. */
  adminUrl: string
  stop(): void
}

export function freePort(): Promise<number> {
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

export function hasPostgresBinaries(): boolean {
  return ['initdb', 'pg_ctl'].every((binary) => existsSync(join(PG_BIN, binary)))
}

/** `durable: false` turns fsync off: right for tests, not for anything that must survive a crash. */
export async function startPgCluster(options: { durable?: boolean; maxConnections?: number } = {}): Promise<PgCluster> {
  for (const binary of ['initdb', 'pg_ctl']) {
    if (!existsSync(join(PG_BIN, binary))) {
      throw new Error(`PostgreSQL binaries are needed: ${join(PG_BIN, binary)} is missing (set DARSI_PG_BIN)`)
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
  const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'
  try {
    asPostgresUser(join(PG_BIN, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'])
    asPostgresUser(join(PG_BIN, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${options.maxConnections ?? 200}${fast}`,
      'start'
    ])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}`,
    stop() {
      try {
        asPostgresUser(join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}
