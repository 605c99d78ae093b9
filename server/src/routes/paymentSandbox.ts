/**
 * The payment sandbox: a card gateway page (`/sandbox/pay/{orderId}`) and a D17 wallet page
 * (`/sandbox/d17/{orderId}`, what the QR code opens). Paying there confirms the order
 * SERVER-SIDE — the only way a card or D17 points code is credited, once — and the card page
 * then hands back to the app through `darsi://payment/success|echec?orderId=…`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatDeepLink } from '../../../src/shared/deepLink.ts'
import type { Services } from '../services.ts'
import { inTransaction, toPoints } from '../services/ledger.ts'
import { orderOf } from '../services/paymentCodes.ts'
import { settlePayment, type PaymentCodeRow } from '../services/wallet.ts'
import { escapeHtml, sandboxKeyParams, sandboxPages, sendSandboxPage } from './sandboxPage.ts'

/** Test cards of the sandbox gateway. */
export const SANDBOX_CARDS = {
  accepted: '4242424242424242',
  declined: '4000000000000002'
} as const

const { page, statusPage } = sandboxPages('Darsi')

function orderDetails(row: PaymentCodeRow): string {
  return `<dl><dt>Commande</dt><dd>${escapeHtml(row.orderId)}</dd>
<dt>Montant</dt><dd>${escapeHtml(toPoints(row.amount).toFixed(3))} DT</dd>
${row.reference ? `<dt>Référence</dt><dd>${escapeHtml(row.reference)}</dd>` : ''}
${row.comment ? `<dt>Commentaire</dt><dd>${escapeHtml(row.comment)}</dd>` : ''}</dl>`
}

function cardPage(row: PaymentCodeRow): string {
  const action = `/sandbox/pay/${encodeURIComponent(row.orderId)}`
  return page(
    'Paiement par carte (bac à sable) — Darsi',
    `<h1>Paiement par carte — bac à sable</h1>
<p>Aucune carte réelle n'est débitée. Cartes de test : <code>4242 4242 4242 4242</code> (acceptée),
<code>4000 0000 0000 0002</code> (refusée).</p>
${orderDetails(row)}
<form method="post" action="${escapeHtml(action)}">
<label for="card">Numéro de carte</label><input id="card" name="card" inputmode="numeric" autocomplete="off" maxlength="23" value="4242 4242 4242 4242">
<div class="actions"><button type="submit" name="decision" value="pay">Payer</button>
<button type="submit" name="decision" value="fail">Simuler un échec</button></div>
</form>`
  )
}

function d17Page(row: PaymentCodeRow): string {
  const action = `/sandbox/d17/${encodeURIComponent(row.orderId)}`
  return page(
    'D17 (bac à sable) — Darsi',
    `<h1>D17 — bac à sable</h1>
<p>Cette page tient lieu de l'application D17 qui a lu le code QR.</p>
${orderDetails(row)}
<form method="post" action="${escapeHtml(action)}">
<div class="actions"><button type="submit" name="decision" value="pay">Payer avec D17</button>
<button type="submit" name="decision" value="fail">Refuser</button></div>
</form>`
  )
}

const params = sandboxKeyParams('orderId', 128)
const decisionBody = z.object({ decision: z.enum(['pay', 'fail']), card: z.string().max(32).optional() })

export function registerPaymentSandboxRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const typed = app.withTypeProvider<ZodTypeProvider>()

  const html = sendSandboxPage

  const order = (orderId: string, method: 'online' | 'd17') => orderOf(db, orderId, method)

  /** The page of a pending order of `method`: 404 for an unknown order, 409 for one already settled. */
  async function pendingOrderPage(reply: FastifyReply, orderId: string, method: 'online' | 'd17', page: (row: PaymentCodeRow) => string) {
    const row = await order(orderId, method)
    if (!row) return html(reply, 404, statusPage('Commande introuvable', "Cette commande n'existe pas."))
    if (row.status !== 'pending') return html(reply, 409, statusPage('Commande déjà réglée', `Statut : ${row.status}.`))
    return html(reply, 200, page(row))
  }

  typed.get('/sandbox/pay/:orderId', { schema: { params, hide: true } }, async (request, reply) =>
    pendingOrderPage(reply, request.params.orderId, 'online', cardPage)
  )

  typed.post('/sandbox/pay/:orderId', { schema: { params, body: decisionBody, hide: true } }, async (request, reply) => {
    const row = await order(request.params.orderId, 'online')
    if (!row) return html(reply, 404, statusPage('Commande introuvable', "Cette commande n'existe pas."))
    const card = (request.body.card ?? '').replace(/[\s-]/g, '')
    const accepted = request.body.decision === 'pay' && card === SANDBOX_CARDS.accepted
    const { row: settled } = await inTransaction(db, (tx) => settlePayment(tx, row.id, accepted ? 'paid' : 'failed', services.clock.now()))
    // Paying twice (a double click, a replayed form) changes nothing: the answer follows the stored outcome.
    const outcome = settled.status === 'paid' ? 'success' : 'echec'
    return reply.redirect(formatDeepLink({ kind: 'payment-return', outcome, orderId: settled.orderId }), 302)
  })

  typed.get('/sandbox/d17/:orderId', { schema: { params, hide: true } }, async (request, reply) =>
    pendingOrderPage(reply, request.params.orderId, 'd17', d17Page)
  )

  typed.post('/sandbox/d17/:orderId', { schema: { params, body: decisionBody, hide: true } }, async (request, reply) => {
    const row = await order(request.params.orderId, 'd17')
    if (!row) return html(reply, 404, statusPage('Commande introuvable', "Cette commande n'existe pas."))
    const outcome = request.body.decision === 'pay' ? 'paid' : 'failed'
    const { row: settled } = await inTransaction(db, (tx) => settlePayment(tx, row.id, outcome, services.clock.now()))
    return settled.status === 'paid'
      ? html(reply, 200, statusPage('Paiement effectué', `${toPoints(settled.amount)} points seront crédités sur le compte Darsi.`))
      : html(reply, 200, statusPage('Paiement refusé', 'Aucun montant n’a été débité.'))
  })
}
