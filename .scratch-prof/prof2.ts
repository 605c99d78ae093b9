import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { buildServer } from '../server/src/app.ts'
import { defaultConfig } from '../server/src/config.ts'
import { presentMe, presentUser } from '../server/src/presenters/user.ts'
import { sessions, users } from '../server/src/db/schema.ts'
import { MeResponseSchema } from '../src/shared/api/accounts.ts'
const dir = mkdtempSync(join(tmpdir(), 'prof-'))
const app = await buildServer({ config: { ...defaultConfig({}), dataDir: join(dir, 'api'), seed: 'demo', logLevel: 'silent' } })
const tokens = await app.services.sessions.start(1)
const db = app.services.database.db
const [row] = await db.select().from(users).where(eq(users.id, 1))
async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn()
  const t0 = performance.now()
  for (let i = 0; i < 100; i++) await fn()
  console.log(label, ((performance.now() - t0) / 100).toFixed(2), 'ms')
}
await time('verify', () => app.services.access.verify(tokens.token))
await time('auth query', () => db.select({ user: users, expiresAt: sessions.expiresAt }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(and(eq(sessions.id, tokens.sessionId), eq(sessions.userId, 1), isNull(sessions.revokedAt))).limit(1))
await time('presentUser', () => presentUser(db, row!))
const me = await presentMe(db, row!, false, null)
await time('presentMe', () => presentMe(db, row!, false, null))
await time('zod parse me', async () => MeResponseSchema.parse(me))
await app.close()
