/**
 * The offers routes (issue 28, decision 0034): the class's catalogue, a quote by the server's
 * pricing engine, and the purchase with points (Idempotency-Key; 402 with the points missing).
 * The client's figures are never read: every price is computed again from the catalogue.
 */
import type { FastifyInstance } from 'fastify'
import { offerEndpoints as ep, type PurchaseRequest } from '../../../src/shared/api/offers.ts'
import { addRoute, type UserRow } from '../http.ts'
import { requestLanguage } from '../language.ts'
import { presentOfferCard, presentOffers, presentPurchase, presentQuote } from '../presenters/offers.ts'
import type { Services } from '../services.ts'
import { createIdempotencyService } from '../services/idempotency.ts'
import { checkChapter, classCatalogue, ownDivision, quoteFor, recordPurchase } from '../services/offers.ts'

export function registerOfferRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const idempotency = createIdempotencyService(db, services.clock)

  /** The division asked for (the pupil's class's) and the engine's quote of the request, at `at`. */
  async function priced(executor: Parameters<typeof ownDivision>[0], user: UserRow, body: PurchaseRequest, at: Date) {
    const catalogue = await ownDivision(executor, user, body.offerDivisionDetail)
    const engineDivision = presentOfferCard(catalogue.division, catalogue.prices, catalogue.subjectDetails, catalogue.level, 'fr')
    return { catalogue, quote: await quoteFor(executor, user, body, catalogue, engineDivision, at) }
  }

  addRoute(app, services, ep.offers, async ({ auth, request, reply }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return { payload: [] }
    const catalogue = await classCatalogue(db, divisionId)
    return { payload: presentOffers(catalogue.divisions, catalogue.prices, catalogue.subjectDetails, catalogue.level, requestLanguage(request, reply)) }
  })

  addRoute(app, services, ep.quote, async ({ auth, body }) => presentQuote((await priced(db, auth.user, body, services.clock.now())).quote))

  addRoute(app, services, ep.buy, async ({ auth, body, request, reply }) => {
    if (body.chapter != null) await checkChapter(db, auth.user, body.chapter)
    return idempotency.run({
      userId: auth.user.id, scope: `${ep.buy.method} ${ep.buy.path}`, key: request.headers['idempotency-key'], request: body, status: 201, reply
    }, async (tx) => {
      const at = services.clock.now()
      // Priced inside the purchase's transaction: the figures charged are the ones read with it.
      const { catalogue, quote } = await priced(tx, auth.user, body, at)
      return presentPurchase(await recordPurchase(tx, auth.user, catalogue.division, quote, body.chapter ?? null, at))
    })
  })
}
