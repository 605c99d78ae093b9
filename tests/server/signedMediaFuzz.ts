/**
 * Random queries on a signed media address (T1): whatever the pupil, expiry and signature, or
 * their absence, the API answers 403, 404 or 422 with the error shape, never a 5xx.
 */
import fc from 'fast-check'
import { expect } from 'vitest'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import type { DarsiServer } from '../../server/src/app.ts'

/** Sends 100 random queries to `${prefix}/{id}` (e.g. '/api/media/pages'), each refused. */
export async function expectRandomSignedQueriesRefused(app: DarsiServer, prefix: string): Promise<void> {
  const query = fc.record(
    {
      u: fc.oneof(fc.nat(), fc.string()),
      expires: fc.oneof(fc.nat(), fc.string(), fc.constant(99_999_999_999)),
      signature: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), fc.string()),
      extra: fc.string()
    },
    { requiredKeys: [] }
  )
  await fc.assert(
    fc.asyncProperty(query, fc.oneof(fc.nat(), fc.constant(1)), async (input, id) => {
      const search = new URLSearchParams(Object.entries(input).map(([key, value]): [string, string] => [key, String(value)]))
      const reply = await app.inject({ method: 'GET', url: `${prefix}/${id}?${search}` })
      expect([403, 404, 422]).toContain(reply.statusCode)
      expect(ErrorResponseSchema.safeParse(reply.json()).success).toBe(true)
    }),
    { numRuns: 100 }
  )
}
