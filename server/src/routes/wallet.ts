/**
 * The wallet routes: points codes (top-ups) and their payment flows, the payment returns (which
 * only read), points transfers, the histories, and the operator's decisions on bank transfers.
 * Object-level authorization: every id or order id is looked up together with its owner, so
 * another user's object answers 404 exactly like a missing one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { walletEndpoints as ep, walletOperatorEndpoints as op } from '../../../src/shared/api/wallet.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, Serialized } from '../http.ts'
import {
  presentD17,
  presentD17Check,
  presentOperatorPayment,
  presentPaymentCode,
  presentPaymentResult,
  presentTransfer,
  presentWalletSummary
} from '../presenters/wallet.ts'
import type { Services } from '../services.ts'
import { createIdempotencyService, type IdempotencyService } from '../services/idempotency.ts'
import { audit, ledgerTotal, toPoints, walletBalance } from '../services/ledger.ts'
import {
  createPaymentCode,
  decidePayment,
  historyJson,
  pointsCodesJson,
  ownedCode,
  ownedOrder,
  paymentsByStatus,
  walletSummary
} from '../services/paymentCodes.ts'
import {
  confirmableSenders,
  confirmTransfer,
  countWrongTry,
  findTransferRecipient,
  rejectTransfer,
  resendTransferCode,
  startTransfer,
  storeTransferReceived,
  transferHistoryJson,
  WrongTransferCode,
  type TransferContext
} from '../services/transfers.ts'
import { releaseExpiredTransfers } from '../services/wallet.ts'
import { registerPaymentSandboxRoutes } from './paymentSandbox.ts'

/** Base URL of this server as the client reached it (or the configured public URL). */
export function publicBase(services: Services, request: FastifyRequest): string {
  return services.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`
}

export function registerWalletRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const idempotency: IdempotencyService = createIdempotencyService(db, services.clock)
  const now = () => services.clock.now()
  const transfers: TransferContext = {
    codeSecret: services.secrets.codeSecret,
    codeTtlMinutes: services.config.codeTtlMinutes,
    codeMaxAttempts: services.config.codeMaxAttempts,
    outbox: services.outbox
  }

  const scope = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`

  // ——— balance and bank accounts ———

  // The transfers' expiry: the wallets a request shows have their expired holds given back
  // first (the `wallet.expire-transfers` job does it for everyone else, jobs/wallet.ts); the
  // actions check expiry in their own statements.

  addRoute(app, services, ep.summary, async ({ auth }) => {
    const { balance, held } = await walletSummary(db, auth.user.id, now())
    return presentWalletSummary(balance, held)
  })

  addRoute(app, services, ep.bankAccounts, async () => services.config.bankAccounts)

  // ——— points codes (top-ups) ———

  /** Card and D17 payments go through the providers' pages, which only the sandbox provides here. */
  const requireProvider = () => {
    if (!services.config.sandbox) throw fieldError({ paymentMethod: ['payment.methodUnavailable'] }, 'operation_impossible')
  }

  addRoute(app, services, ep.createCode, async ({ auth, body, request, reply }) => {
    const method = body.paymentMethod!
    if (method !== 'transfer') requireProvider()
    return idempotency.run(
      { userId: auth.user.id, scope: scope(ep.createCode), key: request.headers['idempotency-key'], request: body, status: 201, reply },
      async (tx) => presentPaymentCode(await createPaymentCode(tx, auth.user.id, method, body, now()))
    )
  })

  addRoute(
    app,
    services,
    ep.codes,
    async ({ auth }) => new Serialized(await pointsCodesJson(db, services.answers.codes, auth.user.id, now()))
  )

  addRoute(app, services, ep.paymentRedirect, async ({ auth, params, request }) => {
    const row = await ownedCode(db, auth.user.id, params.id)
    if (row.method !== 'online' || row.status !== 'pending')
      throw new ApiError('operation_impossible', 'Ce code ne se paie pas en ligne ou est déjà réglé')
    requireProvider()
    return { url: `${publicBase(services, request)}/sandbox/pay/${row.orderId}`, order_id: row.orderId }
  })

  addRoute(app, services, ep.d17, async ({ auth, params, request }) => {
    const row = await ownedCode(db, auth.user.id, params.id)
    if (row.method !== 'd17') throw new ApiError('operation_impossible', "Ce code n'est pas un paiement D17")
    requireProvider()
    return presentD17(row, `${publicBase(services, request)}/sandbox/d17/${row.orderId}`)
  })

  addRoute(app, services, ep.d17Check, async ({ auth, params }) => {
    const row = await ownedCode(db, auth.user.id, params.id)
    return presentD17Check(row, await walletBalance(db, auth.user.id))
  })

  // The payment returns only report: the gateway's server-side confirmation is what credits.
  for (const endpoint of [ep.paymentSuccess, ep.paymentEchec]) {
    addRoute(app, services, endpoint, async ({ auth, query }) => {
      const row = await ownedOrder(db, auth.user.id, query.orderId)
      return presentPaymentResult(row, await walletBalance(db, auth.user.id))
    })
  }

  // ——— transfers ———

  addRoute(app, services, ep.transfer, async ({ auth, body, request, reply }) => {
    const claimed = body.admin === undefined || body.admin === null || body.admin === '' ? null : Number(body.admin)
    if (claimed !== null && claimed !== auth.impersonatorId)
      throw new ApiError('forbidden', "Cet identifiant d'administrateur ne correspond pas à la session")
    const recipient = await findTransferRecipient(db, body.toUser)
    if (!recipient) throw fieldError({ toUser: ['transfer.recipientUnknown'] })
    if (recipient.id === auth.user.id) throw fieldError({ toUser: ['transfer.self'] })
    // The points of the sender's expired transfers are theirs to send again.
    await releaseExpiredTransfers(db, now(), { senders: [auth.user.id] })
    return idempotency.run(
      { userId: auth.user.id, scope: scope(ep.transfer), key: request.headers['idempotency-key'], request: body, status: 201, reply },
      async (tx) => {
        const view = await startTransfer(
          tx,
          transfers,
          { fromUserId: auth.user.id, toUserId: recipient.id, points: body.points, adminId: auth.impersonatorId },
          now()
        )
        return { message: 'Un code de confirmation vous a été envoyé', transfer: presentTransfer(view) }
      }
    )
  })

  addRoute(app, services, ep.confirmTransfer, async ({ auth, query, request, reply }) => {
    const senders = await confirmableSenders(db, auth.user)
    // Told to the recipient once the transfer has committed (a replayed answer tells nobody).
    let received: Parameters<typeof services.notifications.publish>[0] | null = null
    try {
      const result = await idempotency.run(
        {
          userId: auth.user.id,
          scope: scope(ep.confirmTransfer),
          key: request.headers['idempotency-key'],
          request: query,
          status: 200,
          reply
        },
        async (tx) => {
          const view = await confirmTransfer(tx, transfers, auth.user, senders, query.confirmationToken, now())
          received = await storeTransferReceived(tx, services.notifications, view)
          return { message: 'Transfert confirmé', transfer: presentTransfer(view) }
        }
      )
      if (received) services.notifications.publish(received)
      return result
    } catch (error) {
      if (!(error instanceof WrongTransferCode)) throw error
      await countWrongTry(db, error)
      throw fieldError({ confirmationToken: ['transfer.codeInvalid'] }, 'invalid_verification_code')
    }
  })

  // Guessing is bounded per code (codeMaxAttempts); fresh codes are what a guesser needs, so resends are rate limited.
  addRoute(
    app,
    services,
    ep.resendTransferCode,
    async ({ auth, params }) => {
      await resendTransferCode(db, transfers, auth.user, params.id, now)
      return { message: 'Un nouveau code de confirmation vous a été envoyé' }
    },
    { limited: true }
  )

  addRoute(app, services, ep.rejectTransfer, async ({ auth, params }) => ({
    message: 'Transfert rejeté, les points sont rendus',
    transfer: presentTransfer(await rejectTransfer(db, auth.user, params.id, now))
  }))

  addRoute(
    app,
    services,
    ep.transferHistory,
    async ({ auth }) => new Serialized(await transferHistoryJson(db, services.answers.transfers, auth.user, now()))
  )

  // ——— histories ———

  addRoute(app, services, ep.subscriptions, async ({ auth }) => new Serialized(await historyJson(db, 'subscriptions', auth.user.id)))

  addRoute(app, services, ep.payments, async ({ auth }) => new Serialized(await historyJson(db, 'payments', auth.user.id)))

  // ——— operator ———

  addRoute(app, services, op.payments, async ({ query }) =>
    (await paymentsByStatus(db, query.status)).map(({ row, owner }) => presentOperatorPayment(row, owner))
  )

  async function decide(id: number, outcome: 'approved' | 'rejected') {
    const { settled, owner } = await decidePayment(db, services.notifications, id, outcome, now())
    return {
      message: outcome === 'approved' ? `Paiement ${id} validé : ${toPoints(settled.amount)} points crédités` : `Paiement ${id} refusé`,
      payment: presentOperatorPayment(settled, owner)
    }
  }
  addRoute(app, services, op.approvePayment, async ({ params }) => decide(params.id, 'approved'))
  addRoute(app, services, op.rejectPayment, async ({ params }) => decide(params.id, 'rejected'))

  addRoute(app, services, op.ledgerAudit, async () => {
    const problems = await audit(db)
    const total = await ledgerTotal(db)
    return { ok: problems.length === 0 && total === 0, total, problems }
  })

  if (services.config.sandbox) registerPaymentSandboxRoutes(app, services)

  // A process killed mid-request leaves its claim behind; with PGlite this process is the only
  // one on the data directory, so such claims are dead and free at start.
  app.addHook('onReady', async () => {
    if (services.database.kind === 'pglite') await idempotency.releaseAbandoned()
  })
}
