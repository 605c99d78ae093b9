/** An operator's refunds of offer orders (admin CLI `order show|refund`, decision 0048). */
import type { FastifyInstance } from 'fastify'
import { refundOperatorEndpoints as op, type OperatorOrder } from '../../../src/shared/api/refunds.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'
import { toPoints } from '../services/ledger.ts'
import { orderView, refundOrder, type OrderView } from '../services/refunds.ts'

function presentOrder(view: OrderView): OperatorOrder {
  const { order, subscription } = view
  return {
    id: order.id,
    user_id: order.userId,
    offer_id: order.offerId,
    offer_division_id: order.offerDivisionId,
    offer: view.offer.name,
    period: order.period,
    quantity: order.quantity,
    code: order.code,
    total: toPoints(order.total),
    paid: toPoints(view.paidFromWallet),
    slice_count: order.sliceCount,
    slices_paid: order.slicesPaid,
    status: order.status,
    subscription_id: order.userOfferId,
    start_date: subscription?.startDate ?? null,
    end_date: subscription?.endDate ?? null,
    created_at: order.createdAt.toISOString(),
    refunded_at: order.refundedAt?.toISOString() ?? null,
    refund_reason: order.refundReason
  }
}

export function registerRefundRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, op.showOrder, async ({ params }) => {
    const order = presentOrder(await orderView(db, params.id))
    return { message: `Commande ${order.id}`, order }
  })

  addRoute(app, services, op.refundOrder, async ({ params, body }) => {
    const refund = await refundOrder(db, params.id, {
      reason: body.reason ?? null,
      at: services.clock.now(),
      notifications: services.notifications,
      language: body.language
    })
    return { message: `Commande ${refund.order.id} remboursée : ${toPoints(refund.refunded)} points rendus`, order: presentOrder(refund) }
  })
}
