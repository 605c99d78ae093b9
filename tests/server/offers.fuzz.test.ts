/**
 * Random requests to the offers routes (as the contract fuzz test does for the accounts tables):
 * catalogue ids, periods, months, subjects, codes and slices drawn at random, and tampered bodies
 * (figures of the client's, junk values, unknown keys, bodies that are not JSON). Never a 5xx; a
 * documented status; a success that parses with the route's schema, an error with the error
 * schema; and no purchase ever takes more points than the quote it answers with.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTransaction, move } from '../../server/src/services/ledger.ts'
import { ErrorResponseSchema, servicePrefixes, type Endpoint } from '../../src/shared/api/common.ts'
import { offerEndpoints, OffersResponseSchema, PurchaseResponseSchema, type OfferCard } from '../../src/shared/api/offers.ts'
import { createUser, startTestServer, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
let token: string
let cards: OfferCard[]
beforeAll(async () => {
  server = await startTestServer()
  const id = await createUser(server.app, { credential: uniquePhone(), division: 14 })
  await inTransaction(server.app.services.database.db, (tx) =>
    move(tx, 'opening', `fuzz:${id}`, { system: 'opening' }, { userId: id }, 5_000_000)
  )
  token = (await server.app.services.sessions.start(id)).token
  const reply = await server.app.inject({ method: 'GET', url: '/api/student/offers', headers: { authorization: `Bearer ${token}` } })
  cards = OffersResponseSchema.parse(reply.json()).payload
})
afterAll(async () => {
  await server?.close()
})

const RUNS = Number(process.env.DARSI_FUZZ_RUNS ?? 40)

function validBody(): fc.Arbitrary<Record<string, unknown>> {
  const subjectIds = cards.flatMap((card) => card.subject_details.map((detail) => detail.id))
  // Mostly a choice the dialog could make for one of the class's offers; sometimes anything.
  const fitting = fc.constantFrom(...cards).chain((card) =>
    fc.record(
      {
        offerDivisionDetail: fc.constant(card.id),
        period: fc.option(fc.constantFrom(...card.periods), { nil: undefined }),
        quantity: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        offer_subject_details:
          card.type === 'pack' && card.subject_details.length > 0
            ? fc.subarray(
                card.subject_details.map((detail) => detail.id),
                { minLength: 1 }
              )
            : fc.constant(undefined),
        code: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.constantFrom('CPNOBODY', 'PROMO10', 'BIENVENUE10')),
        sliceIndex: fc.option(fc.constantFrom(-1, 1), { nil: undefined })
      },
      { requiredKeys: ['offerDivisionDetail'] }
    )
  )
  const anything = fc.record(
    {
      offerDivisionDetail: fc.oneof(fc.constantFrom(...cards.map((card) => card.id)), fc.integer({ min: 1, max: 5000 })),
      period: fc.option(fc.constantFrom('day', 'week', 'month', 'rest_of_year', 'fixed'), { nil: undefined }),
      quantity: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      offer_subject_details: fc.option(
        fc.uniqueArray(fc.oneof(fc.constantFrom(...subjectIds), fc.integer({ min: 1, max: 9999 })), { maxLength: 5 }),
        { nil: undefined }
      ),
      code: fc.option(fc.oneof(fc.constantFrom('CPNOBODY', 'PROMO10', 'ab', ''), fc.string({ maxLength: 12 })), { nil: undefined }),
      sliceIndex: fc.option(fc.constantFrom(-1, 1, 2, 3, 0, 24), { nil: undefined }),
      chapter: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined })
    },
    { requiredKeys: ['offerDivisionDetail'] }
  )
  return fc
    .oneof({ weight: 3, arbitrary: fitting }, anything)
    .map((body) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)))
}

const junk = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 200 }),
  fc.constant('abc\u0000def'),
  fc.constant(null),
  fc.double(),
  fc.constant(-1),
  fc.constant(2 ** 40)
)

/** A valid body with one field dropped, retyped, or a field of the client's own added (a price, a total). */
function tampered(): fc.Arbitrary<Record<string, unknown>> {
  return validBody().chain((body) =>
    fc.oneof(
      fc.constantFrom(...Object.keys(body)).map((key) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== key))),
      fc.tuple(fc.constantFrom(...Object.keys(body)), junk).map(([key, value]) => ({ ...body, [key]: value })),
      fc
        .tuple(fc.constantFrom('price', 'total', 'Finalprice', 'dueNow', 'discount', 'amount'), fc.double({ min: 0, max: 1000 }))
        .map(([key, value]) => ({ ...body, [key]: value }))
    )
  )
}

async function send(endpoint: Endpoint, body: unknown, raw = false) {
  const reply = await server.app.inject({
    method: endpoint.method,
    url: `${servicePrefixes[endpoint.service]}${endpoint.path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: raw ? String(body) : JSON.stringify(body)
  })
  return { status: reply.statusCode, body: reply.json() as unknown }
}

describe('offers routes under random input', () => {
  it.each<[string, Endpoint]>([
    ['quote', offerEndpoints.quote],
    ['buy', offerEndpoints.buy]
  ])('%s never answers a 5xx and always answers the contract', async (_name, endpoint) => {
    const success = endpoint.status ?? 200
    const documented = new Set([success, 422, 429, ...(endpoint.errors ?? [])])
    const seen = new Set<number>()
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 3, arbitrary: validBody().map((body) => ({ body, raw: false })) },
          tampered().map((body) => ({ body, raw: false })),
          fc.string({ maxLength: 80 }).map((body) => ({ body, raw: true }))
        ),
        async ({ body, raw }) => {
          const reply = await send(endpoint, body, raw)
          seen.add(reply.status)
          expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500)
          if (reply.status === success) {
            const parsed = endpoint.response.safeParse(reply.body)
            expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
            if (endpoint === offerEndpoints.buy) {
              const purchase = PurchaseResponseSchema.parse(reply.body)
              expect(Math.round(purchase.order.amount_paid * 1000)).toBe(purchase.quote.dueNow)
            }
          } else {
            expect(ErrorResponseSchema.safeParse(reply.body).success, JSON.stringify(reply.body)).toBe(true)
            expect(documented.has(reply.status), `undocumented ${reply.status} ${JSON.stringify(reply.body)}`).toBe(true)
          }
        }
      ),
      { numRuns: RUNS }
    )
    // The generators reach both a success and a refusal.
    expect(seen.has(success), JSON.stringify([...seen])).toBe(true)
    expect(seen.has(422)).toBe(true)
  })
})
