/**
 * The mobile-operator plans' routes (issue 28, decision 0046): the checkout (`/checkout` and
 * `/operator-billing/checkout`) answering the operator's page, the pupil's plan, the
 * unsubscription, the return links (which start nothing) and the operator's signed
 * server-to-server notifications. Only the sandbox operator exists here: without it the checkout
 * is refused.
 */
import type { FastifyInstance } from 'fastify'
import { operatorBillingEndpoints as ep } from '../../../src/shared/api/operatorBilling.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import { requestLanguage } from '../language.ts'
import { presentPlan } from '../presenters/operatorBilling.ts'
import type { Services } from '../services.ts'
import {
  landingOffers,
  latestPlanOf,
  planById,
  startCheckout,
  startVisitorCheckout,
  unsubscribe,
  validReturnReference
} from '../services/operatorBilling.ts'
import { receiveNotification, stopConfirmation } from '../services/operatorSandbox.ts'
import { publicBase } from './wallet.ts'
import { registerOperatorSandboxRoutes } from './operatorSandbox.ts'

export function registerOperatorBillingRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  for (const endpoint of [ep.checkout, ep.operatorCheckout]) {
    addRoute(app, services, endpoint, async ({ auth, body, request }) => {
      if (!services.config.sandbox) throw new ApiError('operation_impossible', "Le paiement par l'opérateur n'est pas disponible")
      const plan = await startCheckout(db, auth.user, body, services.clock.now())
      return {
        message: "Confirmez l'abonnement sur la page de l'opérateur",
        payload: {
          redirectUrl: `${publicBase(services, request)}/sandbox/operator/${encodeURIComponent(plan.checkoutToken)}`,
          subscription: presentPlan(plan)
        }
      }
    })
  }

  // The operator landing (/offers/{operator}), reachable signed out.
  addRoute(app, services, ep.offers, async ({ request, reply }) => ({
    message: 'OK',
    payload: await landingOffers(db, requestLanguage(request, reply))
  }))

  addRoute(
    app,
    services,
    ep.landingCheckout,
    async ({ body, request }) => {
      if (!services.config.sandbox) throw new ApiError('operation_impossible', "Le paiement par l'opérateur n'est pas disponible")
      const plan = await startVisitorCheckout(db, body, services.clock.now())
      return {
        message: "Confirmez l'abonnement sur la page de l'opérateur",
        payload: {
          redirectUrl: `${publicBase(services, request)}/sandbox/operator/${encodeURIComponent(plan.checkoutToken)}`,
          subscription: presentPlan(plan)
        }
      }
    },
    // Signed out and telling whether a number belongs to a pupil: limited per address, as the sign-in steps are.
    { limited: true }
  )

  addRoute(app, services, ep.plan, async ({ auth }) => {
    const plan = await latestPlanOf(db, auth.user.id)
    return { message: 'OK', subscription: plan ? presentPlan(plan) : null }
  })

  addRoute(app, services, ep.unsubscribe, async ({ auth }) => {
    const plan = await unsubscribe(db, auth.user.id, services.clock.now())
    // The operator confirms by SMS, as it does for a STOP.
    if (services.config.sandbox) await stopConfirmation(services, plan)
    return { message: 'Désabonnement effectué', subscription: presentPlan(plan) }
  })

  // The return links report what the operator's notification did; they never start a plan.
  addRoute(app, services, ep.success, async ({ auth, query }) => {
    const plan = query.subscriptionId ? await planById(db, query.subscriptionId) : null
    const own = plan && plan.userId === auth.user.id ? plan : await latestPlanOf(db, auth.user.id)
    const active = own?.status === 'active'
    return { message: active ? 'Abonnement activé' : 'Une erreur est survenue', subscription: own ? presentPlan(own) : null }
  })

  // The visitor's return (signed out, from the landing): the outcome only, and only to the one who
  // confirmed on the operator's page (the return's reference); otherwise the same failure as a plan not active.
  addRoute(
    app,
    services,
    ep.landingSuccess,
    async ({ query }) => {
      const plan = query.subscriptionId ? await planById(db, query.subscriptionId) : null
      const activated =
        plan !== null && validReturnReference(services.secrets.codeSecret, plan.id, query.reference) && plan.status === 'active'
      return { message: activated ? 'Abonnement activé' : 'Une erreur est survenue', activated }
    },
    { limited: true }
  )

  addRoute(app, services, ep.failure, async ({ auth, query, request }) => {
    request.log.info(
      { userId: auth.user.id, subscriptionId: query.subscriptionId ?? null, status: query.status ?? null },
      'operator checkout failed'
    )
    return { message: 'La transaction n’a pas pu aboutir, veuillez réessayer plus tard' }
  })

  addRoute(app, services, ep.notify, async ({ body, request }) => {
    await receiveNotification(services, body, request.headers['x-operator-signature'])
    return { message: 'OK' }
  })

  if (services.config.sandbox) registerOperatorSandboxRoutes(app, services)
}
