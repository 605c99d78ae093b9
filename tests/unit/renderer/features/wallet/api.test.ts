import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src/renderer/src/api/errors.ts'
import { createHttp } from '../../../../../src/renderer/src/api/http.ts'
import { createWalletApi } from '../../../../../src/renderer/src/features/wallet/api.ts'
import { DEFAULT_SETTINGS } from '../../fakePlatform.ts'
import { transfer as transferFixture } from './stores/walletFakes.ts'
import { fixedTokens } from '../../api/fixedTokens.ts'

type Seen = { method: string; url: string; params: unknown; data: unknown; headers: Record<string, unknown> }

/** An API in memory answering each request with `answer`, recording what it was sent. */
function walletApiWith(answer: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const seen: Seen[] = []
  const adapter: AxiosAdapter = async (config) => {
    seen.push({
      method: (config.method ?? '').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: config.data === undefined ? undefined : JSON.parse(String(config.data)),
      headers: config.headers.toJSON() as Record<string, unknown>
    })
    const { status, data } = answer(config)
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config }
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response)
    return response
  }
  const tokens = fixedTokens()
  return { api: createWalletApi(createHttp(DEFAULT_SETTINGS.apiBaseUrls, tokens, { adapter })), seen }
}

const transfer = transferFixture()

describe('wallet API calls', () => {
  it('sends the Idempotency-Key and the bearer on a money-moving POST, and parses the answer', async () => {
    const { api, seen } = walletApiWith(() => ({ status: 201, data: { message: 'Un code de confirmation vous a été envoyé', transfer } }))
    const answer = await api.transfer({ toUser: '20000002', points: 10, admin: 9 }, 'key-123')
    expect(answer.transfer.to_user.name).toBe('Lina Haddad')
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/student/transfer-points', data: { toUser: '20000002', points: 10, admin: 9 } })
    expect(seen[0]?.headers['Idempotency-Key']).toBe('key-123')
    expect(seen[0]?.headers['Authorization']).toBe('Bearer tok')
  })

  it('confirms with the code in the query and posts payment returns with orderId and lang', async () => {
    const result = { order_id: 'o1', status: 'paid', success: true, message: 'Abonnement activé', detail: null, amount: 5, points: 155 }
    const { api, seen } = walletApiWith((config) => ({
      status: 200,
      data: config.url === '/payment/echec' ? result : { message: 'ok', transfer }
    }))
    await api.confirmTransfer('A1B2C3', 'key-9')
    await api.paymentReturn('echec', 'o1', 'en-US')
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/student/confirm-transfer-points', params: { confirmationToken: 'A1B2C3' } })
    expect(seen[0]?.headers['Idempotency-Key']).toBe('key-9')
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/payment/echec', params: { orderId: 'o1', lang: 'en-US' } })
  })

  it('refuses an answer that does not match the contract', async () => {
    const { api } = walletApiWith(() => ({ status: 200, data: { points: 'lots' } }))
    await expect(api.summary()).rejects.toMatchObject({ code: 'invalid_response' })
  })

  it('turns a server error into a typed error with its field keys', async () => {
    const { api } = walletApiWith(() => ({
      status: 422,
      data: {
        code: 'validation_failed',
        message: 'Aucun compte ne correspond à ce destinataire',
        errors: { toUser: ['Aucun compte'] },
        keys: { toUser: ['transfer.recipientUnknown'] }
      }
    }))
    const error = await api.transfer({ toUser: 'nobody@example.com', points: 10 }, 'k').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).keys).toEqual({ toUser: ['transfer.recipientUnknown'] })
  })
})
