/**
 * The operator sandbox's pages (decision 0046): the operator's checkout page of a plan
 * (`/sandbox/operator/{token}`: a PIN sent by SMS through the outbox, typed back to confirm) and a
 * subscriber's phone sending an SMS such as STOP (`/sandbox/operator/sms`). What they do reaches
 * the platform only as the operator's server-to-server notifications; the checkout page then
 * hands back to the app through `darsi://operator/success|echec?…`, which starts nothing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatDeepLink } from '../../../src/shared/deepLink.ts'
import { isTunisianPhone, normalizeTunisianPhone } from '../../../src/shared/rules/phone.ts'
import type { Services } from '../services.ts'
import { toPoints } from '../services/ledger.ts'
import { planByToken, returnReference, type PlanRow } from '../services/operatorBilling.ts'
import { confirmPin, SANDBOX_OPERATOR, sendPin, smsFromSubscriber } from '../services/operatorSandbox.ts'
import { escapeHtml, sandboxKeyParams, sandboxPages, sendSandboxPage } from './sandboxPage.ts'

/** The operator's pages also say an error or a notice. */
const { page, statusPage } = sandboxPages('Darsi Mobile', '.error{color:#a40000;font-weight:600}.notice{color:#1d5e20}\n')

function maskedPhone(phone: string): string {
  return `+216 ${phone.slice(0, 2)} ••• ${phone.slice(-3)}`
}

function checkoutPage(plan: PlanRow, notice: { kind: 'sent' | 'error'; text: string } | null): string {
  const action = `/sandbox/operator/${encodeURIComponent(plan.checkoutToken)}`
  const plain = plan.recurrence === 1 ? 'Abonnement journalier (1 jour)' : 'Abonnement hebdomadaire (7 jours)'
  const message = notice ? `<p class="${notice.kind === 'error' ? 'error' : 'notice'}" role="status">${escapeHtml(notice.text)}</p>` : ''
  return page(
    "Confirmation de l'abonnement (bac à sable opérateur) — Darsi Mobile",
    `<h1>Darsi Mobile — opérateur (bac à sable)</h1>
<p>Aucun crédit réel n'est débité. Le code PIN arrive par SMS (boîte d'envoi de développement).
PIN de test : <code>${SANDBOX_OPERATOR.insufficientCreditPin}</code> (crédit insuffisant) ; tout autre code que celui reçu : code PIN incorrect.</p>
<dl><dt>Offre</dt><dd>${escapeHtml(plain)}</dd>
<dt>Prix</dt><dd>${escapeHtml(toPoints(plan.price).toFixed(3))} DT par période, renouvelé automatiquement</dd>
<dt>Numéro</dt><dd>${escapeHtml(maskedPhone(plan.phone))}</dd></dl>
${message}
<form method="post" action="${escapeHtml(`${action}/pin`)}"><div class="actions"><button type="submit">Recevoir le code PIN par SMS</button></div></form>
<form method="post" action="${escapeHtml(action)}">
<label for="pin">Code PIN</label><input id="pin" name="pin" inputmode="numeric" autocomplete="one-time-code" maxlength="8">
<div class="actions"><button type="submit" name="decision" value="confirm">Confirmer l'abonnement</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Annuler</button></div>
</form>`
  )
}

function smsPage(result: string | null): string {
  return page(
    'Téléphone (bac à sable opérateur) — Darsi Mobile',
    `<h1>SMS à l'opérateur — bac à sable</h1>
<p>Cette page tient lieu du téléphone de l'abonné : envoyez <code>STOP</code> pour vous désabonner.</p>
${result ? `<p class="notice" role="status">${escapeHtml(result)}</p>` : ''}
<form method="post" action="/sandbox/operator/sms">
<label for="from">Numéro</label><input id="from" name="from" inputmode="tel" maxlength="20" required>
<label for="text">Message</label><input id="text" name="text" maxlength="160" value="STOP" required>
<div class="actions"><button type="submit">Envoyer le SMS</button></div>
</form>`
  )
}

const params = sandboxKeyParams('token', 64)
const decisionBody = z.object({ decision: z.enum(['confirm', 'cancel']), pin: z.string().max(8).optional() })
const smsBody = z.object({ from: z.string().max(20), text: z.string().max(160) })

export function registerOperatorSandboxRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const typed = app.withTypeProvider<ZodTypeProvider>()

  const html = sendSandboxPage

  const back = (reply: FastifyReply, outcome: 'success' | 'echec', plan: PlanRow, status: string) =>
    reply.redirect(
      formatDeepLink({
        kind: 'operator-return',
        outcome,
        query: {
          subscriptionId: String(plan.id),
          transactionId: `sbx-${plan.id}-1`,
          status,
          // Only the one who confirmed on this page gets it: the visitor's proof that the return is theirs.
          ...(outcome === 'success' ? { reference: returnReference(services.secrets.codeSecret, plan.id) } : {})
        }
      }),
      302
    )

  const missing = (reply: FastifyReply) =>
    html(reply, 404, statusPage('Abonnement introuvable', "Cette demande d'abonnement n'existe pas."))
  const closed = (reply: FastifyReply, plan: PlanRow) =>
    html(reply, 409, statusPage('Demande déjà traitée', `Cette demande d'abonnement est close (${plan.status}).`))

  // The phone's page is registered before the checkout's: "sms" is no checkout token.
  typed.get('/sandbox/operator/sms', { schema: { hide: true } }, async (_request, reply) => html(reply, 200, smsPage(null)))

  typed.post('/sandbox/operator/sms', { schema: { body: smsBody, hide: true } }, async (request, reply) => {
    if (!isTunisianPhone(request.body.from)) return html(reply, 422, smsPage('Veuillez saisir un numéro de téléphone valide'))
    const outcome = await smsFromSubscriber(services, normalizeTunisianPhone(request.body.from), request.body.text)
    const text = {
      unsubscribed: 'Vous êtes désabonné : plus aucun renouvellement.',
      no_plan: "Ce numéro n'a aucun abonnement actif.",
      unknown_command: 'Commande inconnue : envoyez STOP.'
    }[outcome]
    return html(reply, 200, smsPage(text))
  })

  typed.get('/sandbox/operator/:token', { schema: { params, hide: true } }, async (request, reply) => {
    const plan = await planByToken(db, request.params.token)
    if (!plan) return missing(reply)
    if (plan.status !== 'pending') return closed(reply, plan)
    return html(reply, 200, checkoutPage(plan, null))
  })

  typed.post('/sandbox/operator/:token/pin', { schema: { params, hide: true } }, async (request, reply) => {
    const plan = await planByToken(db, request.params.token)
    if (!plan) return missing(reply)
    if (plan.status !== 'pending') return closed(reply, plan)
    await sendPin(services, plan)
    return html(reply, 200, checkoutPage(plan, { kind: 'sent', text: `Code PIN envoyé par SMS au ${maskedPhone(plan.phone)}.` }))
  })

  typed.post('/sandbox/operator/:token', { schema: { params, body: decisionBody, hide: true } }, async (request, reply) => {
    const plan = await planByToken(db, request.params.token)
    if (!plan) return missing(reply)
    if (plan.status !== 'pending') return closed(reply, plan)
    if (request.body.decision === 'cancel') return back(reply, 'echec', plan, 'cancelled')
    const outcome = await confirmPin(services, plan, (request.body.pin ?? '').trim())
    switch (outcome) {
      case 'charged':
        return back(reply, 'success', plan, 'charged')
      case 'wrong_pin':
        return html(reply, 422, checkoutPage(plan, { kind: 'error', text: 'Code PIN incorrect.' }))
      case 'closed':
        return closed(reply, plan)
      default:
        return back(reply, 'echec', plan, outcome)
    }
  })
}
