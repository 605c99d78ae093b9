/**
 * The wallet routes end to end through fastify.inject: points codes (bank transfer, card, D17),
 * the payment returns that must never credit, the operator's decisions, points transfers with
 * their code, the histories, object-level authorization and the messages of section 5.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys, ledgerTransactions, paymentCodes, pointTransfers, users } from '../../server/src/db/schema.ts'
import { createIdempotencyService, LEASE_MS, RETENTION_MS, requestHash } from '../../server/src/services/idempotency.ts'
import { audit, ledgerTotal } from '../../server/src/services/ledger.ts'
import { servicePrefixes, type Endpoint } from '../../src/shared/api/common.ts'
import { runAdmin } from '../../server/src/admin.ts'
import { walletEndpoints, walletOperatorEndpoints } from '../../src/shared/api/wallet.ts'
import { call, createUser, demo, lastCode, login, startTestServer, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
let operatorKey: string
beforeAll(async () => {
  server = await startTestServer()
  operatorKey = server.app.services.secrets.operatorKey
})
afterAll(async () => {
  if (server) {
    // Whatever the tests did, the ledger still reconciles.
    expect(await audit(server.app.services.database.db)).toEqual([])
    expect(await ledgerTotal(server.app.services.database.db)).toBe(0)
    await server.close()
  }
})

type Account = { id: number; phone: string; token: string }

async function newAccount(role = 'student'): Promise<Account> {
  const phone = uniquePhone()
  const id = await createUser(server.app, { credential: phone, role })
  return { id, phone, token: (await login(server.app, phone)).token }
}

async function points(token: string): Promise<number> {
  const reply = await call<{ user: { points: number } }>(server.app, 'GET', '/api/auth/me', { token })
  expect(reply.status).toBe(200)
  return reply.body.user.points
}

const operator = (method: string, url: string) => call(server.app, method, url, { headers: { 'x-operator-key': operatorKey } })

async function createCode(token: string, body: Record<string, unknown>, key?: string) {
  return call<Record<string, unknown> & { id: number; order_id: string; status: string }>(server.app, 'POST', '/api/student/codes', {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {})
  })
}

/** Credits a wallet the way a pupil would: a bank transfer an operator approves. */
async function fund(account: Account, amount: number): Promise<void> {
  const code = await createCode(account.token, {
    reference: `VIR${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
    amount,
    paymentMethod: 'transfer'
  })
  expect(code.status).toBe(201)
  expect((await operator('POST', `/operator/payments/${code.body.id}/approve`)).status).toBe(200)
}

async function sandboxPay(kind: 'pay' | 'd17', orderId: string, decision: 'pay' | 'fail', card = '4242 4242 4242 4242') {
  return server.app.inject({
    method: 'POST',
    url: `/sandbox/${kind}/${orderId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ decision, card }).toString()
  })
}

async function transfer(token: string, body: Record<string, unknown>, key?: string) {
  return call<{
    message: string
    transfer: {
      id: number
      status: string
      points: number
      is_confirmed: boolean
      admin_id: number | null
      from_parent_user: { id: number } | null
    }
  }>(server.app, 'POST', '/api/student/transfer-points', { token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) })
}

async function confirm(token: string, code: string) {
  return call<{ transfer: { status: string; is_confirmed: boolean; from_parent_user: { id: number; name: string } | null } }>(
    server.app,
    'POST',
    '/api/student/confirm-transfer-points',
    { token, query: { confirmationToken: code } }
  )
}

async function ledgerCount(kind: string, reference: string): Promise<number> {
  const rows = await server.app.services.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.reference, reference)))
  return rows.length
}

const routeUrl = (endpoint: Endpoint, params: Record<string, string | number> = {}) =>
  `${servicePrefixes[endpoint.service]}${endpoint.path}`.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? 1))

describe('authentication (generated from the endpoint tables)', () => {
  it('answers 401 on every wallet route without a token or with a forged one', async () => {
    for (const [name, endpoint] of Object.entries(walletEndpoints as Record<string, Endpoint>)) {
      expect(endpoint.access, name).toBe('user')
      const query = endpoint.querystring ? { orderId: 'abc', confirmationToken: '123456' } : undefined
      const anonymous = await call(server.app, endpoint.method, routeUrl(endpoint), {
        query,
        ...(endpoint.method === 'POST' ? { body: {} } : {})
      })
      expect(anonymous.status, name).toBe(401)
      const forged = await call(server.app, endpoint.method, routeUrl(endpoint), {
        token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged-signature',
        query
      })
      expect(forged.status, name).toBe(401)
    }
  })

  it('refuses the operator routes without the operator key', async () => {
    for (const [name, endpoint] of Object.entries(walletOperatorEndpoints as Record<string, Endpoint>)) {
      expect((await call(server.app, endpoint.method, routeUrl(endpoint))).status, name).toBe(401)
      expect((await call(server.app, endpoint.method, routeUrl(endpoint), { headers: { 'x-operator-key': 'wrong' } })).status, name).toBe(
        401
      )
    }
  })
})

describe('balance', () => {
  it('reads the points of /auth/me and the wallet card from the ledger (the seed opens demo balances)', async () => {
    const { token } = await login(server.app, demo.student)
    expect(await points(token)).toBe(150)
    const summary = await call(server.app, 'GET', '/api/student/wallet', { token })
    expect(summary.body).toEqual({ points: 150, held_points: 0, currency: 'TND' })
    const fresh = await newAccount()
    expect(await points(fresh.token)).toBe(0)
  })

  it('serves the three institutions to pay to', async () => {
    const { token } = await login(server.app, demo.student)
    const reply = await call<Array<{ kind: string; owner: string; account_number: string }>>(
      server.app,
      'GET',
      '/api/payment/bank-accounts',
      { token }
    )
    expect(reply.status).toBe(200)
    expect(reply.body.map((row) => row.kind)).toEqual(['bank', 'bank', 'postal'])
    for (const row of reply.body) expect(row.owner.length && row.account_number.length).toBeGreaterThan(0)
  })
})

describe('points codes: validation (section 5)', () => {
  const amountText = 'Saisissez le montant demandé en dinars (1pt = 1DT)'
  it('gives the amount message for a missing, zero, negative, too large or malformed amount', async () => {
    const { token } = await newAccount()
    for (const amount of [undefined, '', 0, -5, 10000, 9999.0001, 'abc', 12.3456]) {
      const reply = await createCode(token, { reference: 'REF1', paymentMethod: 'transfer', ...(amount === undefined ? {} : { amount }) })
      expect(reply.status, String(amount)).toBe(422)
      expect(reply.body.errors).toEqual({ amount: [amountText] })
    }
    for (const amount of [9999, 0.5, '25', '12,5']) {
      expect((await createCode(token, { reference: 'REF1', paymentMethod: 'transfer', amount })).status, String(amount)).toBe(201)
    }
  })

  it('requires a reference without spaces for a bank transfer only', async () => {
    const { token } = await newAccount()
    const missing = await createCode(token, { amount: 20, paymentMethod: 'transfer' })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ reference: ['La référence du virement est requise'] })
    const spaced = await createCode(token, { amount: 20, paymentMethod: 'transfer', reference: 'VIR 123' })
    expect(spaced.body.errors).toEqual({ reference: ['La référence ne doit pas contenir d’espaces'] })
    const method = await createCode(token, { amount: 20, reference: 'X' })
    expect(method.body.errors).toEqual({ paymentMethod: ['Choisissez un moyen de paiement'] })
    expect((await createCode(token, { amount: 20, paymentMethod: 'online' })).status).toBe(201)
    expect((await createCode(token, { amount: 20, paymentMethod: 'd17', comment: 'pour maman' })).status).toBe(201)
    const unknown = await createCode(token, { amount: 20, paymentMethod: 'online', userId: 3 })
    expect(unknown.status).toBe(422)
  })
})

describe('bank transfer', () => {
  it('stays pending until an operator approves, then credits once', async () => {
    const pupil = await newAccount()
    const created = await createCode(pupil.token, {
      reference: 'VIR-2026-001',
      amount: 120.5,
      comment: 'virement BIAT',
      paymentMethod: 'transfer'
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      status: 'pending',
      method: 'transfer',
      amount: 120.5,
      reference: 'VIR-2026-001',
      comment: 'virement BIAT'
    })
    expect(await points(pupil.token)).toBe(0)

    const history = await call<Array<Record<string, unknown>>>(server.app, 'GET', '/api/codes', { token: pupil.token })
    expect(history.body).toEqual([
      expect.objectContaining({
        id: created.body.id,
        code: 'VIR-2026-001',
        method: 'transfer',
        amount: 120.5,
        description: 'virement BIAT',
        status: 'pending'
      })
    ])
    expect(Object.keys(history.body[0]!).sort()).toEqual(['amount', 'code', 'date', 'description', 'id', 'method', 'status'])

    const pending = await operator('GET', '/operator/payments?status=pending')
    expect((pending.body as unknown as Array<{ id: number }>).some((row) => row.id === created.body.id)).toBe(true)
    const approved = await operator('POST', `/operator/payments/${created.body.id}/approve`)
    expect(approved.status).toBe(200)
    expect(approved.body.payment).toMatchObject({ status: 'approved', user: { id: pupil.id } })
    expect(await points(pupil.token)).toBe(120.5)

    const again = await operator('POST', `/operator/payments/${created.body.id}/approve`)
    expect(again.status).toBe(409)
    expect((await operator('POST', `/operator/payments/${created.body.id}/reject`)).status).toBe(409)
    expect(await points(pupil.token)).toBe(120.5)
    expect(await ledgerCount('topup', `payment:${created.body.id}`)).toBe(1)

    const receipts = await call<Array<Record<string, unknown>>>(server.app, 'GET', '/api/student/history/payments', { token: pupil.token })
    expect(receipts.body).toEqual([expect.objectContaining({ id: created.body.id, received_amount: 120.5, method: 'transfer' })])
    expect(typeof receipts.body[0]!.payment_date).toBe('string')
  })

  it('credits nothing when rejected, and operators cannot approve card or D17 codes', async () => {
    const pupil = await newAccount()
    const created = await createCode(pupil.token, { reference: 'VIR9', amount: 50, paymentMethod: 'transfer' })
    const rejected = await operator('POST', `/operator/payments/${created.body.id}/reject`)
    expect(rejected.status).toBe(200)
    expect(rejected.body.payment).toMatchObject({ status: 'rejected' })
    expect((await operator('POST', `/operator/payments/${created.body.id}/approve`)).status).toBe(409)
    expect(await points(pupil.token)).toBe(0)
    const card = await createCode(pupil.token, { amount: 50, paymentMethod: 'online' })
    expect((await operator('POST', `/operator/payments/${card.body.id}/approve`)).status).toBe(409)
    expect((await operator('POST', '/operator/payments/999999/approve')).status).toBe(404)
    expect(await points(pupil.token)).toBe(0)
  })
})

describe('operator command line', () => {
  it('approves and rejects bank transfers with npm run admin -- payment approve|reject <id>', async () => {
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' })
    const env = { DARSI_OPERATOR_KEY: operatorKey }
    const pupil = await newAccount()
    const first = await createCode(pupil.token, { reference: 'CLI-1', amount: 44, paymentMethod: 'transfer' })
    const second = await createCode(pupil.token, { reference: 'CLI-2', amount: 55, paymentMethod: 'transfer' })
    const listed = JSON.parse(await runAdmin(['--api', url, 'payments', 'pending'], env)) as Array<{ id: number }>
    expect(listed.map((row) => row.id)).toEqual(expect.arrayContaining([first.body.id, second.body.id]))
    expect(await runAdmin(['--api', url, 'payment', 'approve', String(first.body.id)], env)).toBe(
      `Paiement ${first.body.id} validé : 44 points crédités`
    )
    expect(await runAdmin(['--api', url, 'payment', 'reject', String(second.body.id)], env)).toBe(`Paiement ${second.body.id} refusé`)
    await expect(runAdmin(['--api', url, 'payment', 'approve', String(first.body.id)], env)).rejects.toThrow(/409/)
    expect(await points(pupil.token)).toBe(44)
    expect(JSON.parse(await runAdmin(['--api', url, 'ledger-audit'], env))).toEqual({ ok: true, total: 0, problems: [] })
  })
})

describe('online card payment', () => {
  it('pays on the sandbox page, credits once server-side, and the returns only report', async () => {
    const pupil = await newAccount()
    const created = await createCode(pupil.token, { amount: 35, comment: '<script>alert(1)</script>', paymentMethod: 'online' })
    const orderId = created.body.order_id

    const redirect = await call<{ url: string; order_id: string }>(server.app, 'GET', `/api/payment/redirect/${created.body.id}`, {
      token: pupil.token
    })
    expect(redirect.status).toBe(200)
    expect(redirect.body.url).toMatch(new RegExp(`/sandbox/pay/${orderId}$`))

    const pageReply = await server.app.inject({ method: 'GET', url: new URL(redirect.body.url).pathname })
    expect(pageReply.statusCode).toBe(200)
    expect(pageReply.headers['content-type']).toContain('text/html')
    expect(pageReply.body).toContain('4242 4242 4242 4242')
    expect(pageReply.body).not.toContain('<script>')
    expect(pageReply.body).toContain('&#60;script&#62;')

    // Forging the return before paying credits nothing.
    const early = await call(server.app, 'POST', '/api/payment/success', { token: pupil.token, query: { orderId, lang: 'fr' } })
    expect(early.status).toBe(200)
    expect(early.body).toMatchObject({ success: false, status: 'pending' })
    expect(await points(pupil.token)).toBe(0)

    const paid = await sandboxPay('pay', orderId, 'pay')
    expect(paid.statusCode).toBe(302)
    expect(paid.headers.location).toBe(`darsi://payment/success?orderId=${orderId}`)
    expect(await points(pupil.token)).toBe(35)

    // Replaying the gateway form or the return changes nothing.
    expect((await sandboxPay('pay', orderId, 'pay')).headers.location).toBe(`darsi://payment/success?orderId=${orderId}`)
    for (let i = 0; i < 3; i++) {
      const result = await call(server.app, 'POST', '/api/payment/success', { token: pupil.token, query: { orderId, lang: 'fr' } })
      expect(result.body).toMatchObject({ success: true, status: 'paid', message: 'Abonnement activé', amount: 35, points: 35 })
    }
    const echec = await call(server.app, 'POST', '/api/payment/echec', { token: pupil.token, query: { orderId, lang: 'fr' } })
    expect(echec.body).toMatchObject({ success: true, status: 'paid' })
    expect(await points(pupil.token)).toBe(35)
    expect(await ledgerCount('topup', `payment:${created.body.id}`)).toBe(1)
    expect((await call(server.app, 'GET', `/api/payment/redirect/${created.body.id}`, { token: pupil.token })).status).toBe(409)
  })

  it('returns to darsi://payment/echec for a declined card or a failure, without credit', async () => {
    const pupil = await newAccount()
    const declined = await createCode(pupil.token, { amount: 20, paymentMethod: 'online' })
    const reply = await sandboxPay('pay', declined.body.order_id, 'pay', '4000 0000 0000 0002')
    expect(reply.headers.location).toBe(`darsi://payment/echec?orderId=${declined.body.order_id}`)
    const result = await call(server.app, 'POST', '/api/payment/echec', {
      token: pupil.token,
      query: { orderId: declined.body.order_id, lang: 'fr' }
    })
    expect(result.body).toMatchObject({
      success: false,
      status: 'failed',
      message: 'Une erreur est survenue',
      detail: 'La transaction n’a pas pu aboutir, veuillez réessayer plus tard'
    })
    // A failed order cannot be paid afterwards.
    expect((await sandboxPay('pay', declined.body.order_id, 'pay')).headers.location).toBe(
      `darsi://payment/echec?orderId=${declined.body.order_id}`
    )
    const failed = await createCode(pupil.token, { amount: 20, paymentMethod: 'online' })
    expect((await sandboxPay('pay', failed.body.order_id, 'fail')).headers.location).toContain('darsi://payment/echec')
    expect(await points(pupil.token)).toBe(0)
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/pay/unknown-order' })).statusCode).toBe(404)
  })
})

describe('D17', () => {
  it('gives a QR payload, reports pending, and credits once when the D17 sandbox pays', async () => {
    const pupil = await newAccount()
    const created = await createCode(pupil.token, { amount: 60, paymentMethod: 'd17' })
    const qr = await call<{ qr: string; status: string; amount: number }>(server.app, 'GET', `/api/payment/d17/${created.body.id}`, {
      token: pupil.token
    })
    expect(qr.status).toBe(200)
    expect(qr.body).toMatchObject({ status: 'pending', amount: 60 })
    expect(qr.body.qr).toMatch(new RegExp(`/sandbox/d17/${created.body.order_id}$`))
    const before = await call(server.app, 'GET', `/api/payment/d17/check/${created.body.id}`, { token: pupil.token })
    expect(before.body).toEqual({ id: created.body.id, status: 'pending', paid: false, points: 0 })

    const d17Page = await server.app.inject({ method: 'GET', url: new URL(qr.body.qr).pathname })
    expect(d17Page.statusCode).toBe(200)
    expect(d17Page.body).toContain('Payer avec D17')
    const paid = await sandboxPay('d17', created.body.order_id, 'pay')
    expect(paid.statusCode).toBe(200)
    expect((await sandboxPay('d17', created.body.order_id, 'pay')).statusCode).toBe(200)
    const after = await call(server.app, 'GET', `/api/payment/d17/check/${created.body.id}`, { token: pupil.token })
    expect(after.body).toEqual({ id: created.body.id, status: 'paid', paid: true, points: 60 })
    expect(await ledgerCount('topup', `payment:${created.body.id}`)).toBe(1)

    const bank = await createCode(pupil.token, { amount: 5, paymentMethod: 'transfer', reference: 'R1' })
    expect((await call(server.app, 'GET', `/api/payment/d17/${bank.body.id}`, { token: pupil.token })).status).toBe(409)
    expect((await call(server.app, 'GET', `/api/payment/redirect/${bank.body.id}`, { token: pupil.token })).status).toBe(409)
  })
})

describe("another user's objects (S6, generated from the endpoint table)", () => {
  it('answers 404 on every route naming an object of someone else, and moves nothing', async () => {
    const owner = await newAccount()
    const other = await newAccount()
    await fund(owner, 100)
    const online = await createCode(owner.token, { amount: 10, paymentMethod: 'online' })
    const d17 = await createCode(owner.token, { amount: 10, paymentMethod: 'd17' })
    const sent = await transfer(owner.token, { toUser: other.phone, points: 10 })
    expect(sent.status).toBe(201)
    const code = await lastCode(server.app, owner.phone)
    const transferId = sent.body.transfer.id
    // The owner's objects, per route that names one (path id, order id or transfer code).
    const cases: Record<string, { params?: Record<string, number>; query?: Record<string, string>; status: number }> = {
      paymentRedirect: { params: { id: online.body.id }, status: 404 },
      d17: { params: { id: d17.body.id }, status: 404 },
      d17Check: { params: { id: d17.body.id }, status: 404 },
      paymentSuccess: { query: { orderId: online.body.order_id }, status: 404 },
      paymentEchec: { query: { orderId: online.body.order_id }, status: 404 },
      resendTransferCode: { params: { id: transferId }, status: 404 },
      rejectTransfer: { params: { id: transferId }, status: 404 },
      // The recipient holding the sender's code still cannot confirm the sender's transfer.
      confirmTransfer: { query: { confirmationToken: code }, status: 422 }
    }
    const naming = Object.entries(walletEndpoints as Record<string, Endpoint>)
      .filter(([, endpoint]) => endpoint.params || endpoint.querystring)
      .map(([name]) => name)
    expect(Object.keys(cases).sort()).toEqual(naming.sort())
    for (const [name, request] of Object.entries(cases)) {
      const endpoint = (walletEndpoints as Record<string, Endpoint>)[name]!
      const reply = await call(server.app, endpoint.method, routeUrl(endpoint, request.params), {
        token: other.token,
        query: request.query
      })
      expect(reply.status, name).toBe(request.status)
    }
    // Lists show only one's own rows.
    expect((await call(server.app, 'GET', '/api/codes', { token: other.token })).body).toEqual([])
    expect((await call(server.app, 'GET', '/api/student/history/payments', { token: other.token })).body).toEqual([])
    expect(await points(other.token)).toBe(0)
    expect(await points(owner.token)).toBe(90)
    const [row] = await server.app.services.database.db
      .select({ status: pointTransfers.status })
      .from(pointTransfers)
      .where(eq(pointTransfers.id, transferId))
    expect(row!.status).toBe('waiting_confirmation')
    expect((await confirm(owner.token, code)).status).toBe(200)
    expect(await points(other.token)).toBe(10)
  })
})

describe('points transfer', () => {
  it('gives the messages of section 5', async () => {
    const sender = await newAccount()
    const empty = await transfer(sender.token, {})
    expect(empty.status).toBe(422)
    expect(empty.body).toMatchObject({ errors: { toUser: ['Remplir les champs'], points: ['Remplir les champs'] } })
    expect((await transfer(sender.token, { toUser: '', points: '' })).body).toMatchObject({
      errors: { toUser: ['Remplir les champs'], points: ['Remplir les champs'] }
    })
    for (const value of [9, 5001, -10, 'dix']) {
      const reply = await transfer(sender.token, { toUser: demo.student, points: value })
      expect(reply.status, String(value)).toBe(422)
      expect(reply.body).toMatchObject({ errors: { points: ['Veuillez entrer un montant entre 10 et 5000'] } })
    }
    // 10.5 is in the range: what is wrong is that it is not a whole number of points.
    expect((await transfer(sender.token, { toUser: demo.student, points: 10.5 })).body).toMatchObject({
      errors: { points: ['Le montant doit être un nombre entier de points'] }
    })
    const unknown = await transfer(sender.token, { toUser: '29999998', points: 10 })
    expect(unknown.body).toMatchObject({ errors: { toUser: ['Aucun compte ne correspond à ce destinataire'] } })
    expect((await transfer(sender.token, { toUser: demo.teacher, points: 10 })).status).toBe(422)
    const self = await transfer(sender.token, { toUser: sender.phone, points: 10 })
    expect(self.body).toMatchObject({ errors: { toUser: ['Vous ne pouvez pas vous transférer des points'] } })
    const broke = await transfer(sender.token, { toUser: demo.student, points: 10 })
    expect(broke.status).toBe(402)
    expect(broke.body).toMatchObject({ code: 'insufficient_points' })
    expect((await confirm(sender.token, 'abc')).body).toMatchObject({ errors: { confirmationToken: ['Code invalid'] } })
    expect((await confirm(sender.token, '')).body).toMatchObject({ errors: { confirmationToken: ['Le code de vérification est requis'] } })
  })

  it('holds the points, sends a code, and moves them on confirmation only', async () => {
    const sender = await newAccount()
    const recipient = await newAccount()
    await fund(sender, 100)
    const created = await transfer(sender.token, { toUser: recipient.phone, points: 40, admin: null })
    expect(created.status).toBe(201)
    expect(created.body.transfer).toMatchObject({ status: 'waiting_confirmation', is_confirmed: false, points: 40, admin_id: null })
    expect(await points(sender.token)).toBe(60)
    expect((await call(server.app, 'GET', '/api/student/wallet', { token: sender.token })).body).toMatchObject({
      points: 60,
      held_points: 40
    })
    expect(await points(recipient.token)).toBe(0)

    const code = await lastCode(server.app, sender.phone)
    expect(code).toMatch(/^\d{6}$/)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await confirm(sender.token, wrong)
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({
      code: 'invalid_verification_code',
      errors: { confirmationToken: ['Code de confirmation invalide ou expiré'] }
    })
    expect(await points(recipient.token)).toBe(0)

    const confirmed = await confirm(sender.token, code)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.transfer).toMatchObject({ status: 'confirmed', is_confirmed: true, from_parent_user: null })
    expect(await points(recipient.token)).toBe(40)
    expect(await points(sender.token)).toBe(60)
    // A spent code is refused and moves nothing.
    expect((await confirm(sender.token, code)).status).toBe(422)
    expect(await points(recipient.token)).toBe(40)
    // The recipient is told once; the sender was told of the approved top-up.
    const told = await call<{ data: Array<{ title: string; body: string; type: string | null; link: string | null }> }>(
      server.app,
      'GET',
      '/api/student/notifications',
      { token: recipient.token }
    )
    expect(told.body.data.map((n) => n.title)).toEqual(['Points reçus'])
    expect(told.body.data[0]).toMatchObject({ type: 'transferPoint', link: '/porte-monnaie', body: expect.stringContaining('40 points') })
    const senderTold = await call<{ data: Array<{ title: string }> }>(server.app, 'GET', '/api/student/notifications', {
      token: sender.token
    })
    expect(senderTold.body.data.map((n) => n.title)).toEqual(['Recharge validée'])

    const history = await call<Array<Record<string, unknown>>>(server.app, 'GET', '/api/student/transfer-points-history', {
      token: recipient.token
    })
    expect(history.body).toEqual([
      expect.objectContaining({
        id: created.body.transfer.id,
        from_user: { id: sender.id, name: 'Eleve Essai' },
        to_user: { id: recipient.id, name: 'Eleve Essai' },
        points: 40,
        is_confirmed: true,
        status: 'confirmed',
        from_parent_user: null
      })
    ])
    expect(typeof history.body[0]!.updated_at).toBe('string')
  })

  it('accepts the recipient by e-mail or by id (decision 0004)', async () => {
    const sender = await newAccount()
    await fund(sender, 100)
    const byEmail = await transfer(sender.token, { toUser: demo.abroad.toUpperCase(), points: 10 })
    expect(byEmail.status).toBe(201)
    const [lina] = await server.app.services.database.db.select({ id: users.id }).from(users).where(eq(users.email, demo.abroad))
    expect(byEmail.body.transfer).toMatchObject({ to_user: { id: lina!.id } })
    const byId = await transfer(sender.token, { toUser: lina!.id, points: 10 })
    expect(byId.status).toBe(201)
    expect(await points(sender.token)).toBe(80)
  })

  it('resends a new code (the old one dies), and a wrong code budget is limited', async () => {
    const sender = await newAccount()
    const recipient = await newAccount()
    await fund(sender, 50)
    const created = await transfer(sender.token, { toUser: recipient.phone, points: 10 })
    const first = await lastCode(server.app, sender.phone)
    const resend = await call(server.app, 'GET', `/api/student/confirm-transfer-points/${created.body.transfer.id}`, {
      token: sender.token
    })
    expect(resend.status).toBe(200)
    const second = await lastCode(server.app, sender.phone)
    if (first !== second) expect((await confirm(sender.token, first)).status).toBe(422)
    // Five wrong tries kill the code, even the right one afterwards.
    const wrong = second === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect((await confirm(sender.token, wrong)).status).toBe(422)
    expect((await confirm(sender.token, second)).status).toBe(422)
    expect(await points(recipient.token)).toBe(0)
    await call(server.app, 'GET', `/api/student/confirm-transfer-points/${created.body.transfer.id}`, { token: sender.token })
    expect((await confirm(sender.token, await lastCode(server.app, sender.phone))).status).toBe(200)
    expect(await points(recipient.token)).toBe(10)
    expect(
      (await call(server.app, 'GET', `/api/student/confirm-transfer-points/${created.body.transfer.id}`, { token: sender.token })).status
    ).toBe(409)
  })

  it('gives the points back on rejection and on expiry, and an expired code confirms nothing', async () => {
    const sender = await newAccount()
    const recipient = await newAccount()
    await fund(sender, 100)
    const rejected = await transfer(sender.token, { toUser: recipient.phone, points: 30 })
    expect(await points(sender.token)).toBe(70)
    const reply = await call<{ transfer: { status: string } }>(
      server.app,
      'POST',
      `/api/student/transfer-points/${rejected.body.transfer.id}/reject`,
      { token: sender.token }
    )
    expect(reply.status).toBe(200)
    expect(reply.body.transfer.status).toBe('rejected')
    expect(await points(sender.token)).toBe(100)
    expect(
      (await call(server.app, 'POST', `/api/student/transfer-points/${rejected.body.transfer.id}/reject`, { token: sender.token })).status
    ).toBe(409)

    const late = await transfer(sender.token, { toUser: recipient.phone, points: 20 })
    const code = await lastCode(server.app, sender.phone)
    server.clock.advance(16 * 60_000)
    // Access tokens live 15 minutes: sign in again at the new time.
    sender.token = (await login(server.app, sender.phone)).token
    expect((await confirm(sender.token, code)).status).toBe(422)
    expect(await points(sender.token)).toBe(80)
    server.clock.advance(24 * 3_600_000)
    sender.token = (await login(server.app, sender.phone)).token
    recipient.token = (await login(server.app, recipient.phone)).token
    const history = await call<Array<{ id: number; status: string }>>(server.app, 'GET', '/api/student/transfer-points-history', {
      token: sender.token
    })
    expect(history.body.find((row) => row.id === late.body.transfer.id)?.status).toBe('expired')
    expect(await points(sender.token)).toBe(100)
    expect(await points(recipient.token)).toBe(0)
    expect(await ledgerCount('transfer_release', `transfer:${late.body.transfer.id}`)).toBe(1)
  })

  it('lets the linked parent confirm, recorded as from_parent_user', async () => {
    const { token: studentToken } = await login(server.app, demo.student)
    const { token: parentToken } = await login(server.app, demo.parent)
    const { token: linaToken } = await login(server.app, demo.abroad)
    const before = await points(linaToken)
    const created = await transfer(studentToken, { toUser: demo.abroad, points: 15 })
    expect(created.status).toBe(201)
    // The code also went to the parent's phone.
    const code = await lastCode(server.app, demo.parent)
    expect(code).toBe(await lastCode(server.app, demo.student))
    const parentView = await call<Array<{ id: number }>>(server.app, 'GET', '/api/student/transfer-points-history', { token: parentToken })
    expect(parentView.body.some((row) => row.id === created.body.transfer.id)).toBe(true)
    const confirmed = await confirm(parentToken, code)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.transfer.from_parent_user).toMatchObject({ name: 'Mohamed Trabelsi' })
    expect(await points(linaToken)).toBe(before + 15)
    // A parent of nobody cannot confirm someone else's transfer.
    const stranger = await newAccount('parent')
    const again = await transfer(studentToken, { toUser: demo.abroad, points: 10 })
    expect((await confirm(stranger.token, await lastCode(server.app, demo.student))).status).toBe(422)
    expect(
      (await call(server.app, 'GET', `/api/student/confirm-transfer-points/${again.body.transfer.id}`, { token: stranger.token })).status
    ).toBe(404)
  })

  it('records the impersonating administrator and refuses a forged admin id', async () => {
    const pupil = await newAccount()
    await fund(pupil, 50)
    const link = await call<{ token: string }>(server.app, 'POST', '/operator/impersonation-link', {
      headers: { 'x-operator-key': operatorKey },
      body: { userId: pupil.id }
    })
    expect(link.status).toBe(200)
    const [admin] = await server.app.services.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
    const forged = await transfer(pupil.token, { toUser: demo.student, points: 10, admin: admin!.id })
    expect(forged.status).toBe(403)
    const pair = await call<{ token: string }>(server.app, 'POST', '/api/auth/switch', { body: { token: link.body.token } })
    expect(pair.status).toBe(200)
    const made = await transfer(pair.body.token, { toUser: demo.student, points: 10, admin: String(admin!.id) })
    expect(made.status).toBe(201)
    expect(made.body.transfer.admin_id).toBe(admin!.id)
    const [row] = await server.app.services.database.db
      .select({ adminId: pointTransfers.adminId })
      .from(pointTransfers)
      .where(eq(pointTransfers.id, made.body.transfer.id))
    expect(row!.adminId).toBe(admin!.id)
  })
})

describe('histories', () => {
  it('lists the subscriptions of the seed with what they cost', async () => {
    const { token } = await login(server.app, demo.student)
    const reply = await call<Array<Record<string, unknown>>>(server.app, 'GET', '/api/student/history/subscriptions', { token })
    expect(reply.status).toBe(200)
    // Newest first: the monthly Silver+ ending soon (the home's expiry warning), then Gold.
    expect(reply.body).toEqual([
      expect.objectContaining({ amount_paid: 35, group: expect.objectContaining({ id: 107 }) }),
      expect.objectContaining({
        amount_paid: 290,
        start_date: '2025-09-15',
        end_date: '2026-06-30',
        group: expect.objectContaining({ id: 112 })
      })
    ])
    expect(typeof reply.body[0]!.name).toBe('string')
    const fresh = await newAccount()
    expect((await call(server.app, 'GET', '/api/student/history/subscriptions', { token: fresh.token })).body).toEqual([])
  })
})

describe('Idempotency-Key (M3)', () => {
  it('replays the first answer for the same key and body, 422 for another body', async () => {
    const pupil = await newAccount()
    const body = { reference: 'VIR-IDEM', amount: 30, paymentMethod: 'transfer' }
    const first = await createCode(pupil.token, body, 'key-code-1')
    const second = await createCode(pupil.token, body, 'key-code-1')
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(second.headers['idempotent-replayed']).toBe('true')
    const other = await createCode(pupil.token, { ...body, amount: 31 }, 'key-code-1')
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' })
    const rows = await server.app.services.database.db
      .select({ id: paymentCodes.id })
      .from(paymentCodes)
      .where(eq(paymentCodes.userId, pupil.id))
    expect(rows).toHaveLength(1)
    // The same key on another user is another key.
    const stranger = await newAccount()
    expect((await createCode(stranger.token, body, 'key-code-1')).body.id).not.toBe(first.body.id)
    expect((await createCode(pupil.token, body, 'bad key with spaces')).status).toBe(422)
  })

  it('answers 409 while the first request with the key runs, and frees a dead claim after its lease', async () => {
    const pupil = await newAccount()
    const body = { amount: 12, paymentMethod: 'online' }
    // A claim as a running (or killed) first request leaves it.
    await server.app.services.database.db.insert(idempotencyKeys).values({
      userId: pupil.id,
      scope: 'POST /student/codes',
      key: 'in-flight-1',
      requestHash: requestHash({ amount: 12, paymentMethod: 'online' }),
      lockedUntil: new Date(server.clock.now().getTime() + LEASE_MS)
    })
    const busy = await createCode(pupil.token, body, 'in-flight-1')
    expect(busy.status).toBe(409)
    expect(busy.body).toMatchObject({ code: 'request_in_progress' })
    expect((await createCode(pupil.token, { ...body, amount: 13 }, 'in-flight-1')).status).toBe(422)
    server.clock.advance(LEASE_MS + 1)
    const taken = await createCode(pupil.token, body, 'in-flight-1')
    expect(taken.status).toBe(201)
    expect((await createCode(pupil.token, body, 'in-flight-1')).body).toEqual(taken.body)
    expect(await server.app.services.database.db.select().from(paymentCodes).where(eq(paymentCodes.userId, pupil.id))).toHaveLength(1)
    // After the retention period the answer is forgotten and the key is a new key.
    server.clock.advance(RETENTION_MS + 1)
    expect(await createIdempotencyService(server.app.services.database.db, server.clock).prune()).toBeGreaterThanOrEqual(1)
    pupil.token = (await login(server.app, pupil.phone)).token
    expect((await createCode(pupil.token, body, 'in-flight-1')).body.id).not.toBe(taken.body.id)
  })

  it('makes exactly one ledger transaction out of 20 concurrent duplicates', async () => {
    const sender = await newAccount()
    const recipient = await newAccount()
    await fund(sender, 100)
    const body = { toUser: recipient.phone, points: 25 }
    const replies = await Promise.all(Array.from({ length: 20 }, () => transfer(sender.token, body, 'dup-transfer-1')))
    const statuses = replies.map((reply) => reply.status)
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true)
    const successes = replies.filter((reply) => reply.status === 201)
    expect(successes.length).toBeGreaterThanOrEqual(1)
    for (const reply of successes) expect(reply.body.transfer.id).toBe(successes[0]!.body.transfer.id)
    const transfers = await server.app.services.database.db
      .select({ id: pointTransfers.id })
      .from(pointTransfers)
      .where(eq(pointTransfers.fromUserId, sender.id))
    expect(transfers).toHaveLength(1)
    const [holds] = await server.app.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'transfer_hold'), eq(ledgerTransactions.reference, `transfer:${transfers[0]!.id}`)))
    expect(holds!.n).toBe(1)
    expect(await points(sender.token)).toBe(75)
    // Once the first has finished, a duplicate replays it.
    const late = await transfer(sender.token, body, 'dup-transfer-1')
    expect(late.status).toBe(201)
    expect(late.body.transfer.id).toBe(transfers[0]!.id)
    expect((await transfer(sender.token, { ...body, points: 26 }, 'dup-transfer-1')).status).toBe(422)
  })
})
