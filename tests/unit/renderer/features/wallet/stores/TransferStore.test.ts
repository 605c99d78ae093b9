import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { WalletApi } from '../../../../../../src/renderer/src/features/wallet/api.ts'
import { TransferStore } from '../../../../../../src/renderer/src/features/wallet/stores/TransferStore.ts'
import { fakeWalletApi, networkError, sequentialKeys, transfer } from './walletFakes.ts'

function setup(overrides: Partial<WalletApi> = {}, adminUserId: number | null = null) {
  const api = fakeWalletApi(overrides)
  let transferred = 0
  const store = new TransferStore({
    api: () => api,
    adminUserId: () => adminUserId,
    onTransferred: () => {
      transferred++
    },
    newKey: sequentialKeys()
  })
  store.start()
  return { api, store, transferred: () => transferred }
}

describe('TransferStore validation (§5)', () => {
  it('asks to fill the fields when one is empty', async () => {
    const { store, api } = setup()
    store.setPoints('20')
    expect(await store.submit()).toBe(false)
    expect(store.error).toEqual({ key: 'wallet:rules.common.fillFields' })
    expect(store.fieldErrors.toUser).toEqual({ key: 'wallet:rules.common.required' })
    expect(api.calls).toEqual([])
  })

  it("a field's message goes when that field is edited, and comes back only with the next submit", async () => {
    const { store } = setup()
    store.setPoints('3')
    expect(await store.submit()).toBe(false)
    // The recipient is missing: the amount is not checked against the range before it is given.
    expect(store.fieldErrors).toEqual({ toUser: { key: 'wallet:rules.common.required' } })
    store.setToUser('20000002')
    expect(store.fieldErrors).toEqual({})
    expect(await store.submit()).toBe(false)
    expect(store.fieldErrors).toEqual({ points: { key: 'wallet:rules.transfer.amountRange' } })
    store.setToUser('20000003')
    expect(store.fieldErrors.points).toEqual({ key: 'wallet:rules.transfer.amountRange' })
    store.setPoints('4')
    expect(store.fieldErrors).toEqual({})
  })

  it('accepts 10 to 5000 whole points only', async () => {
    const { store, api } = setup()
    store.setToUser('20000002')
    for (const points of ['9', '5001', 'x']) {
      store.setPoints(points)
      expect(await store.submit()).toBe(false)
      expect(store.fieldErrors.points).toEqual({ key: 'wallet:rules.transfer.amountRange' })
    }
    // A part of a point is in the range: what is wrong is that it is not a whole number of points.
    for (const points of ['12.5', '10,5']) {
      store.setPoints(points)
      expect(await store.submit()).toBe(false)
      expect(store.fieldErrors.points).toEqual({ key: 'wallet:rules.transfer.wholePoints' })
    }
    expect(api.calls).toEqual([])
  })

  it('reads the recipient, the amount and the code typed in Arabic-Indic digits, the code pasted with its space', async () => {
    const { store, api } = setup({
      transfer: () => Promise.resolve({ message: 'Un code de confirmation vous a été envoyé', transfer: transfer() }),
      confirmTransfer: () =>
        Promise.resolve({ message: 'Transfert confirmé', transfer: transfer({ status: 'confirmed', is_confirmed: true }) })
    })
    store.setToUser('٢٠٠٠٠٠٠٢')
    store.setPoints('١٠')
    expect([store.toUser, store.points]).toEqual(['20000002', '10'])
    expect(await store.submit()).toBe(true)
    expect(api.calls[0]!.args[0]).toEqual({ toUser: '20000002', points: 10 })
    store.setCode('٩٦٥ ٨٣٨')
    expect(store.code).toBe('965 838')
    expect(await store.confirm()).toBe(true)
    expect(api.calls[1]!.args[0]).toBe('965838')
  })
})

describe('TransferStore flow', () => {
  it('sends the transfer, then confirms it with the code', async () => {
    const { store, api, transferred } = setup({
      transfer: () => Promise.resolve({ message: 'Un code de confirmation vous a été envoyé', transfer: transfer() }),
      confirmTransfer: () =>
        Promise.resolve({ message: 'Transfert confirmé', transfer: transfer({ status: 'confirmed', is_confirmed: true }) })
    })
    store.setToUser(' lina.haddad@demo.darsi.tn ')
    store.setPoints('10')
    expect(await store.submit()).toBe(true)
    expect(api.calls[0]).toEqual({ name: 'transfer', args: [{ toUser: 'lina.haddad@demo.darsi.tn', points: 10 }, 'key-1'] })
    expect(store.step).toBe('code')
    store.setCode('abc')
    expect(await store.confirm()).toBe(false)
    expect(store.fieldErrors.code).toEqual({ key: 'wallet:rules.code.invalid' })
    store.setCode('A1B2C3')
    expect(await store.confirm()).toBe(true)
    expect(api.calls[1]).toEqual({ name: 'confirmTransfer', args: ['A1B2C3', 'key-2'] })
    expect(store.step).toBe('done')
    expect(store.transfer?.is_confirmed).toBe(true)
    expect(transferred()).toBe(2)
  })

  it('sends the impersonating administrator as admin (§6)', async () => {
    const { store, api } = setup({ transfer: () => Promise.resolve({ message: 'ok', transfer: transfer({ admin_id: 99 }) }) }, 99)
    store.setToUser('20000002')
    store.setPoints('10')
    await store.submit()
    expect(api.calls[0]?.args[0]).toEqual({ toUser: '20000002', points: 10, admin: 99 })
  })

  it('puts the server field messages on their fields and keeps the form', async () => {
    const { store } = setup({
      transfer: () =>
        Promise.reject(
          new ApiError('insufficient_points', 'Solde de points insuffisant', { status: 402, keys: { points: ['transfer.insufficient'] } })
        )
    })
    store.setToUser('20000002')
    store.setPoints('4000')
    expect(await store.submit()).toBe(false)
    expect(store.fieldErrors.points).toEqual({ key: 'wallet:rules.transfer.insufficient' })
    expect([store.step, store.toUser, store.points]).toEqual(['form', '20000002', '4000'])
  })

  /** The error a transfer of 10 points to 20000002 shows when the server refuses it with `refusal`. */
  async function refusedWith(refusal: ApiError) {
    const { store } = setup({ transfer: () => Promise.reject(refusal) })
    store.setToUser('20000002')
    store.setPoints('10')
    await store.submit()
    return store.error
  }

  it('words a refusal by its code, never by the server’s French sentence', async () => {
    expect(await refusedWith(new ApiError('forbidden', "Cet identifiant d'administrateur ne correspond pas", { status: 403 }))).toEqual({
      key: 'wallet:errors.forbidden'
    })
    expect(await refusedWith(new ApiError('validation_failed', 'Requête invalide', { status: 422 }))).toEqual({
      key: 'auth:errors.invalidInput'
    })
    expect(
      await refusedWith(new ApiError('validation_failed', 'Valeur trop longue', { status: 422, keys: { x: ['common.tooLong'] } }))
    ).toEqual({ key: 'wallet:rules.common.tooLong' })
  })

  it("words a transfer that no longer waits (or a rule the server names) in the user's language", async () => {
    expect(await refusedWith(new ApiError('operation_impossible', "Ce transfert n'attend plus de confirmation", { status: 409 }))).toEqual({
      key: 'wallet:errors.closed'
    })
    expect(
      await refusedWith(
        new ApiError('operation_impossible', 'Ce moyen de paiement…', {
          status: 422,
          keys: { paymentMethod: ['payment.methodUnavailable'] }
        })
      )
    ).toEqual({
      key: 'wallet:rules.payment.methodUnavailable'
    })
  })

  it('retries after a network error with the same Idempotency-Key', async () => {
    let attempt = 0
    const { store, api } = setup({
      transfer: () => (++attempt === 1 ? Promise.reject(networkError()) : Promise.resolve({ message: 'ok', transfer: transfer() }))
    })
    store.setToUser('20000002')
    store.setPoints('10')
    await store.submit()
    expect(store.error).toEqual({ key: 'wallet:errors.network' })
    await store.submit()
    expect(api.calls.map((call) => call.args[1])).toEqual(['key-1', 'key-1'])
  })

  it('maps a wrong code to the code field and resends a new code', async () => {
    const { store, api } = setup({
      transfer: () => Promise.resolve({ message: 'ok', transfer: transfer({ id: 42 }) }),
      confirmTransfer: () =>
        Promise.reject(
          new ApiError('invalid_verification_code', 'Code', { status: 422, keys: { confirmationToken: ['transfer.codeInvalid'] } })
        ),
      resendTransferCode: () => Promise.resolve('Un nouveau code de confirmation vous a été envoyé')
    })
    store.setToUser('20000002')
    store.setPoints('10')
    await store.submit()
    store.setCode('ZZZZZZ')
    expect(await store.confirm()).toBe(false)
    expect(store.fieldErrors.code).toEqual({ key: 'wallet:rules.transfer.codeInvalid' })
    await store.resend()
    expect(api.calls.at(-1)).toEqual({ name: 'resendTransferCode', args: [42] })
    expect(store.notice).toEqual({ key: 'wallet:transfer.codeResent' })
    expect(store.code).toBe('')
  })
})
