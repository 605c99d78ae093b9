import { describe, expect, it } from 'vitest'
import { HistoryStore } from '../../../../../../src/renderer/src/features/wallet/stores/HistoryStore.ts'
import { PagedRows, ruleMessage } from '../../../../../../src/renderer/src/features/wallet/stores/walletSupport.ts'
import { walletEnUS } from '../../../../../../src/renderer/src/i18n/locales/wallet.en-US.ts'
import { walletFr } from '../../../../../../src/renderer/src/i18n/locales/wallet.fr.ts'
import { frMessages, type MessageKey } from '../../../../../../src/shared/rules/messages.ts'
import { fakeWalletApi, networkError, transfer } from './walletFakes.ts'

describe('HistoryStore', () => {
  it('loads the lists the API serves and leaves the others empty without calling anything', async () => {
    const bookmark = {
      id: 5,
      created_at: '2026-11-20T09:00:00.000Z',
      marked_bookmarked_at: '2026-11-20T09:00:00.000Z',
      subject_name: 'Mathématiques',
      content: {
        id: 9,
        name: 'Module et argument',
        slug: 'module-et-argument',
        chapter: { id: 3, slug: 'nombres-complexes', subject: { id: 1, name: 'Mathématiques', slug: 'mathematiques' } }
      }
    }
    const api = fakeWalletApi({
      bookmarks: () => Promise.resolve([bookmark]),
      transferHistory: () => Promise.resolve([transfer()]),
      subscriptions: () =>
        Promise.resolve([
          {
            id: 1,
            name: 'Gold',
            group: { id: 112, name: 'Gold' },
            amount_paid: 290,
            start_date: '2026-09-01',
            end_date: '2027-06-30',
            cancelled_at: null
          }
        ]),
      payments: () => Promise.reject(networkError())
    })
    const store = new HistoryStore(() => api)
    await store.load()
    expect(store.transfers.rows.rows).toHaveLength(1)
    expect(store.subscriptions.rows.rows[0]?.name).toBe('Gold')
    expect(store.payments.status).toBe('failed')
    expect(store.payments.error).toEqual({ key: 'wallet:errors.network' })
    // The bookmarked lessons as the history shows them (§2: name, marked_bookmarked_at, subject_name).
    expect(store.bookmarks.rows.rows).toEqual([
      { id: 5, name: 'Module et argument', marked_bookmarked_at: '2026-11-20T09:00:00.000Z', subject_name: 'Mathématiques' }
    ])
    expect([store.classChanges.empty, store.attendance.empty]).toEqual([true, true])
    expect(store.attendance.available).toBe(false)
    expect(api.calls.map((call) => call.name).sort()).toEqual(['bookmarks', 'payments', 'subscriptions', 'transferHistory'])
  })

  it('lists the class change requests when a source is given', async () => {
    const api = fakeWalletApi({
      transferHistory: () => Promise.resolve([]),
      subscriptions: () => Promise.resolve([]),
      payments: () => Promise.resolve([])
    })
    const row = {
      id: 3,
      old_division: '7e année de base',
      new_division: '8e année de base',
      reason: 'Autre',
      other_reason: 'Orientation',
      status: 'pending' as const
    }
    const store = new HistoryStore(
      () => api,
      () => Promise.resolve([row])
    )
    await store.load()
    expect(store.classChanges.available).toBe(true)
    expect(store.classChanges.rows.rows).toEqual([row])
  })

  it('asked again (in another language), keeps its rows on screen until the newest answer replaces them', async () => {
    const answers: Array<(rows: Array<{ id: number; reason: string }>) => void> = []
    const store = new HistoryStore(
      () => fakeWalletApi(),
      () =>
        new Promise((resolve) =>
          answers.push((rows) =>
            resolve(
              rows.map((r) => ({
                id: r.id,
                old_division: 'A',
                new_division: 'B',
                reason: r.reason,
                other_reason: null,
                status: 'pending' as const
              }))
            )
          )
        )
    )
    const first = store.classChanges.load()
    answers[0]!([{ id: 1, reason: 'Autre raison' }])
    await first
    const older = store.classChanges.load()
    const newer = store.classChanges.load()
    expect(store.classChanges.status).toBe('succeeded')
    expect(store.classChanges.rows.rows.map((r) => r.reason)).toEqual(['Autre raison'])
    answers[2]!([{ id: 1, reason: 'سبب آخر' }])
    await newer
    answers[1]!([{ id: 1, reason: 'Other reason' }])
    await older
    expect(store.classChanges.rows.rows.map((r) => r.reason)).toEqual(['سبب آخر'])
  })
  it('asked again while its first load runs, shows the answer of the second', async () => {
    const answers: Array<(reason: string) => void> = []
    const store = new HistoryStore(
      () => fakeWalletApi(),
      () =>
        new Promise((resolve) =>
          answers.push((reason) =>
            resolve([{ id: 1, old_division: 'A', new_division: 'B', reason, other_reason: null, status: 'pending' as const }])
          )
        )
    )
    const french = store.classChanges.load()
    const arabic = store.classChanges.load()
    expect(answers).toHaveLength(2)
    answers[1]!('سبب آخر')
    await arabic
    answers[0]!('Autre raison')
    await french
    expect([store.classChanges.status, store.classChanges.rows.rows[0]?.reason]).toEqual(['succeeded', 'سبب آخر'])
  })
})

describe('PagedRows (§9: 10, 25 or 100 rows per page)', () => {
  it('pages rows and keeps the first shown row in view when the page size changes', () => {
    const rows = new PagedRows<number>()
    rows.setRows(Array.from({ length: 5000 }, (_, index) => index))
    expect(rows.pageRows).toHaveLength(10)
    rows.setPage(3)
    expect(rows.range).toEqual({ from: 31, to: 40, total: 5000 })
    rows.setPageSize(25)
    expect(rows.page).toBe(1)
    expect(rows.pageRows[0]).toBe(25)
    rows.setPageSize(100)
    rows.setPage(1000)
    expect(rows.page).toBe(49)
    expect(rows.pageRows).toHaveLength(100)
    rows.setRows([1, 2])
    expect(rows.page).toBe(0)
  })
})

describe('wallet rule messages', () => {
  it('translate to the wallet catalogue, whose French texts are the specification ones', () => {
    const keys: MessageKey[] = [
      'common.fillFields',
      'payment.amount',
      'payment.referenceRequired',
      'transfer.amountRange',
      'transfer.codeInvalid'
    ]
    for (const key of keys) {
      const message = ruleMessage(key)
      expect('key' in message).toBe(true)
      const path = ('key' in message ? message.key : '').replace('wallet:', '').split('.')
      const text = path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], walletFr)
      expect(text, key).toBe(frMessages[key])
    }
    // A rule the wallet does not word itself comes from the shared rules catalogue, never as a raw key.
    expect(ruleMessage('common.unknownField')).toEqual({ key: 'auth:rules.common.unknownField' })
    expect(walletFr.rules.payment.amount).toBe('Saisissez le montant demandé en dinars (1pt = 1DT)')
    expect(walletFr.rules.transfer.amountRange).toBe('Veuillez entrer un montant entre 10 et 5000')
    // The specification quotes this one in English (the server's text): French reads it in French, English as quoted.
    expect(ruleMessage('code.invalid')).toEqual({ key: 'wallet:rules.code.invalid' })
    expect(frMessages['code.invalid']).toBe('Code invalid')
    expect(walletFr.rules.code.invalid).toBe('Code invalide')
    expect(walletEnUS.rules.code.invalid).toBe(frMessages['code.invalid'])
    expect(walletFr.result).toMatchObject({
      successTitle: 'Abonnement activé',
      failureTitle: 'Une erreur est survenue',
      failureText: 'La transaction n’a pas pu aboutir, veuillez réessayer plus tard'
    })
  })
})
