/**
 * /auth/me's isOperatorClient (decision 0046): false until the operator charges the pupil's plan
 * (a pending checkout is no client record), true from the notification of the first charge on, and
 * still true once the plan is unsubscribed; the signed-in session's cached view follows at once.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { MeResponseSchema } from '../../src/shared/api/accounts.ts'
import { OperatorCheckoutResponseSchema } from '../../src/shared/api/operatorBilling.ts'
import { call, lastCode, newPupil, postForm, uniquePhone, useTestServer, type Pupil } from './harness.ts'

const server = useTestServer()
beforeAll(() => {
  server.clock.set('2026-03-10T11:00:00Z')
})

/** A pupil of class 14 nobody else touches. */
const pupil = () => newPupil(server.app)

async function isOperatorClient(who: Pupil): Promise<boolean> {
  const reply = await call(server.app, 'GET', '/api/auth/me', { token: who.token })
  expect(reply.status).toBe(200)
  return MeResponseSchema.parse(reply.body).isOperatorClient
}

const form = (url: string, fields: Record<string, string>) => postForm(server.app, url, fields)

describe('/auth/me isOperatorClient', () => {
  it('is false for a pending checkout, true once the operator charged the plan, and stays true after unsubscribing', async () => {
    const sami = await pupil()
    const phone = uniquePhone()
    expect(await isOperatorClient(sami)).toBe(false)

    const reply = await call(server.app, 'POST', '/api/checkout', { token: sami.token, body: { recurrence: '1', phone, division: 14 } })
    expect(reply.status).toBe(200)
    const page = new URL(OperatorCheckoutResponseSchema.parse(reply.body).payload.redirectUrl).pathname
    expect(await isOperatorClient(sami)).toBe(false)

    // The operator's page: the PIN by SMS, typed back; its notification charges the first period.
    expect((await form(`${page}/pin`, {})).statusCode).toBe(200)
    await form(page, { decision: 'confirm', pin: await lastCode(server.app, phone) })
    expect(await isOperatorClient(sami)).toBe(true)

    expect((await call(server.app, 'POST', '/api/operator-billing/unsubscribe', { token: sami.token })).status).toBe(200)
    expect(await isOperatorClient(sami)).toBe(true)
  })

  it('a failed checkout (no credit) leaves no client record', async () => {
    const lina = await pupil()
    const phone = uniquePhone()
    const reply = await call(server.app, 'POST', '/api/checkout', { token: lina.token, body: { recurrence: '7', phone, division: 14 } })
    const page = new URL(OperatorCheckoutResponseSchema.parse(reply.body).payload.redirectUrl).pathname
    await form(`${page}/pin`, {})
    await form(page, { decision: 'confirm', pin: '0000' })
    expect(await isOperatorClient(lina)).toBe(false)
  })
})
