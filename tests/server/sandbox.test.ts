import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/src/app.ts'
import { defaultConfig } from '../../server/src/config.ts'
import { call, demo, login, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ sandbox: false })
})
afterAll(async () => {
  await server?.close()
})

describe('without the sandbox providers', () => {
  it('their pages do not exist', async () => {
    for (const url of ['/sandbox/oauth/google/authorize', '/sandbox/pay/abc', '/sandbox/d17/abc']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
    }
    const consent = await server.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/google/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'allow', email: demo.abroad }).toString()
    })
    expect(consent.statusCode).toBe(404)
  })

  it('card and D17 payments are refused with a message, bank transfers still work', async () => {
    const { token } = await login(server.app, demo.student)
    for (const paymentMethod of ['online', 'd17']) {
      const reply = await call(server.app, 'POST', '/api/student/codes', { token, body: { amount: 20, paymentMethod } })
      expect(reply.status, paymentMethod).toBe(422)
      expect(reply.body).toMatchObject({ code: 'operation_impossible', keys: { paymentMethod: ['payment.methodUnavailable'] } })
    }
    const transfer = await call(server.app, 'POST', '/api/student/codes', {
      token,
      body: { amount: 20, reference: 'VIRSANS1', paymentMethod: 'transfer' }
    })
    expect(transfer.status).toBe(201)
  })

  it('cannot be turned on in production', async () => {
    await expect(
      buildServer({ config: { ...defaultConfig({}), production: true, sandbox: true, dataDir: server.dataDir } })
    ).rejects.toThrow(/DARSI_SANDBOX is refused/)
    expect(defaultConfig({ DARSI_SANDBOX: '1' }).sandbox).toBe(true)
    expect(defaultConfig({}).sandbox).toBe(false)
  })
})
