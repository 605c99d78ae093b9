/**
 * `Idempotency-Key` on money-moving POSTs. The first request with a key claims it (a row with a
 * short lease), runs its effect and records its answer IN THE SAME database transaction as the
 * effect, so an answer exists exactly when the effect does. A later request with the same key
 * and the same body gets that answer again; with another body, 422; while the first still
 * runs, 409. A claim whose process died (kill -9) frees itself when its lease ends. Should two
 * runners ever overlap (a lease outlived), the recording UPDATE only succeeds for the first and
 * the second rolls its effect back.
 */
import { createHash } from 'node:crypto'
import { and, eq, isNull, lte } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { Clock } from '../clock.ts'
import type { Db, Tx } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { inTransaction } from './ledger.ts'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const REPLAY_HEADER = 'idempotent-replayed'
const KEY_PATTERN = /^[\w.:-]{1,128}$/
/**
 * Far longer than any wallet request runs; short enough that a retry after a crash soon succeeds.
 * DARSI_IDEMPOTENCY_LEASE_MS shortens it (the crash test on PostgreSQL, where claims cannot be
 * freed at start because other processes may share the database).
 */
export const LEASE_MS = Number(process.env.DARSI_IDEMPOTENCY_LEASE_MS) > 0 ? Number(process.env.DARSI_IDEMPOTENCY_LEASE_MS) : 10_000

export type IdempotentCall = {
  userId: number
  /** The route (`POST /api/student/codes`): one key may serve different routes. */
  scope: string
  /** The header's value, if the client sent one. */
  key: string | string[] | undefined
  /** What makes two requests "the same": body, query and path parameters. */
  request: unknown
  /** Status of a first (non-replayed) success. */
  status: number
  reply: FastifyReply
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex')
}

function readKey(raw: string | string[] | undefined): string | null {
  if (raw === undefined) return null
  const key = Array.isArray(raw) ? raw[0] : raw
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new ApiError('validation_failed', 'Idempotency-Key invalide (1 à 128 lettres, chiffres, . _ : -)', { status: 422 })
  }
  return key
}

export type IdempotencyService = {
  /** Runs `work` in one database transaction, at most once per key. */
  run<T>(call: IdempotentCall, work: (tx: Tx) => Promise<T>): Promise<T>
  /** Frees the claims of requests that were running when the process stopped (single-process PGlite only). */
  releaseAbandoned(): Promise<number>
  /** Forgets answers older than `RETENTION_MS`: a client retries within minutes, not days. */
  prune(): Promise<number>
}

export const RETENTION_MS = 24 * 3_600_000

export function createIdempotencyService(db: Db, clock: Clock): IdempotencyService {
  async function claim(
    userId: number,
    scope: string,
    key: string,
    hash: string
  ): Promise<{ owner: true } | { owner: false; status: number; body: unknown }> {
    const now = clock.now()
    const lockedUntil = new Date(now.getTime() + LEASE_MS)
    const pk = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, scope, key, requestHash: hash, lockedUntil, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (inserted.length === 1) return { owner: true }
    const [row] = await db.select().from(idempotencyKeys).where(pk).limit(1)
    if (!row) return claim(userId, scope, key, hash)
    if (row.requestHash !== hash) {
      throw new ApiError('idempotency_key_reused', 'Cette clé Idempotency-Key a déjà servi pour une autre requête', { status: 422 })
    }
    if (row.responseStatus != null) return { owner: false, status: row.responseStatus, body: row.responseBody }
    if (row.lockedUntil.getTime() > now.getTime()) {
      throw new ApiError('request_in_progress', 'Cette opération est déjà en cours, réessayez dans un instant')
    }
    // The first runner died without an answer (its effect rolled back with it): take over.
    const taken = await db
      .update(idempotencyKeys)
      .set({ lockedUntil })
      .where(and(pk, isNull(idempotencyKeys.responseStatus), lte(idempotencyKeys.lockedUntil, now)))
      .returning({ key: idempotencyKeys.key })
    if (taken.length === 1) return { owner: true }
    return claim(userId, scope, key, hash)
  }

  return {
    async run(call, work) {
      const key = readKey(call.key)
      if (key === null) return inTransaction(db, work)
      const hash = requestHash(call.request)
      const claimed = await claim(call.userId, call.scope, key, hash)
      if (!claimed.owner) {
        call.reply.header(REPLAY_HEADER, 'true')
        call.reply.code(claimed.status)
        return claimed.body as Awaited<ReturnType<typeof work>>
      }
      const pk = and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.scope, call.scope), eq(idempotencyKeys.key, key))
      try {
        return await inTransaction(db, async (tx) => {
          const body = await work(tx)
          const recorded = await tx
            .update(idempotencyKeys)
            .set({ responseStatus: call.status, responseBody: body as object })
            .where(and(pk, isNull(idempotencyKeys.responseStatus)))
            .returning({ key: idempotencyKeys.key })
          if (recorded.length !== 1)
            throw new ApiError('request_in_progress', 'Cette opération a déjà été traitée, réessayez pour obtenir sa réponse')
          return body
        })
      } catch (error) {
        // No effect was committed: free the key so the client may try again with it.
        await db
          .delete(idempotencyKeys)
          .where(and(pk, isNull(idempotencyKeys.responseStatus)))
          .catch(() => undefined)
        throw error
      }
    },
    async prune() {
      const before = new Date(clock.now().getTime() - RETENTION_MS)
      const gone = await db
        .delete(idempotencyKeys)
        .where(and(lte(idempotencyKeys.createdAt, before), lte(idempotencyKeys.lockedUntil, clock.now())))
        .returning({ key: idempotencyKeys.key })
      return gone.length
    },
    async releaseAbandoned() {
      const freed = await db.delete(idempotencyKeys).where(isNull(idempotencyKeys.responseStatus)).returning({ key: idempotencyKeys.key })
      return freed.length
    }
  }
}
