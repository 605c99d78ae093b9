import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildServer } from '../server/src/app.ts'
import { defaultConfig } from '../server/src/config.ts'
const dir = mkdtempSync(join(tmpdir(), 'prof-'))
const app = await buildServer({ config: { ...defaultConfig({}), dataDir: join(dir, 'api'), seed: 'demo', logLevel: 'silent' } })
const tokens = await app.services.sessions.start(1)
const h = { authorization: `Bearer ${tokens.token}` }
for (const url of ['/api/auth/me', '/api/health', '/api/countries']) {
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers: h })
  const t0 = performance.now()
  const N = 200
  for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url, headers: h })
  console.log(url, ((performance.now() - t0) / N).toFixed(2), 'ms/req')
}
const db = app.services.database.db
const { sql } = await import('drizzle-orm')
const t0 = performance.now()
for (let i = 0; i < 200; i++) await db.execute(sql`select 1`)
console.log('select 1', ((performance.now() - t0) / 200).toFixed(2), 'ms')
await app.close()
