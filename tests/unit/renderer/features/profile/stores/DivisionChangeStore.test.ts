import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { DivisionRequest } from '../../../../../../src/renderer/src/features/profile/api.ts'
import { DivisionChangeStore } from '../../../../../../src/renderer/src/features/profile/stores/DivisionChangeStore.ts'
import { fakeApi, fakeSession, fakeUi, me, user } from './profileFakes.ts'

const reasons = [
  {
    id: 1,
    reason: 'Erreur d’inscription',
    reason_fr: 'Erreur d’inscription',
    reason_en: 'Sign-up mistake',
    reason_ar: 'خطأ',
    needs_text: false
  },
  { id: 4, reason: 'Autre', reason_fr: 'Autre', reason_en: 'Other', reason_ar: 'أخرى', needs_text: true }
]
const division = (id: number, name: string) => ({
  id,
  name,
  level: { id: 1, slug: 'basic' as const, name: 'Base' },
  has_optional_subjects: false
})

function setup(options: { istest?: boolean; refuse?: ApiError } = {}) {
  const sent: unknown[] = []
  const requests: DivisionRequest[] = []
  const api = fakeApi({
    divisionReasons: () => Promise.resolve(reasons),
    divisionRequests: () => Promise.resolve([...requests]),
    divisions: () => Promise.resolve([division(7, '7e année'), division(8, '8e année')]),
    createDivisionRequest: (body) => {
      sent.push(body)
      if (options.refuse) return Promise.reject(options.refuse)
      requests.unshift({
        id: 1,
        old_division: { id: 7, name: '7e année' },
        new_division: { id: body.newDivision, name: '8e année' },
        reason: 'Autre',
        reason_id: body.reason,
        reason2: body.reason2,
        status: 'pending',
        created_at: '2026-11-22',
        decided_at: null
      })
      return Promise.resolve('Demande envoyée')
    }
  })
  const ui = fakeUi()
  const session = fakeSession(me(user({ completed: true, division: { id: 7, name: '7e année' }, istest: options.istest ?? false })))
  const store = new DivisionChangeStore({ api: () => api, session, ui, language: () => 'fr' })
  return { store, sent, ui }
}

describe('DivisionChangeStore', () => {
  it('asks for a reason and a class, in that order of the specification', async () => {
    const { store, sent } = setup()
    await store.load()
    expect(await store.submit()).toBe(false)
    expect(store.error('reason')).toEqual({ key: 'profile:rules.divisionRequest.reasonRequired' })
    expect(store.error('newDivision')).toEqual({ key: 'profile:rules.divisionRequest.divisionRequired' })
    expect(sent).toEqual([])
  })

  it('clears the choice when the current class is chosen', async () => {
    const { store } = setup()
    await store.load()
    store.set('newDivision', '7')
    expect(store.values.newDivision).toBe('')
    store.set('newDivision', '8')
    expect(store.values.newDivision).toBe('8')
  })

  it('reason 4 reveals and requires the free text; the request is sent and listed as pending', async () => {
    const { store, sent, ui } = setup()
    await store.load()
    store.set('reason', '1')
    expect(store.needsText).toBe(false)
    store.set('reason', '4')
    expect(store.needsText).toBe(true)
    store.set('newDivision', '8')
    expect(await store.submit()).toBe(false)
    expect(store.error('reason2')).toEqual({ key: 'profile:rules.divisionRequest.reason2Required' })
    store.set('reason2', 'Je redouble')
    expect(await store.submit()).toBe(true)
    expect(sent).toEqual([{ newDivision: 8, reason: 4, reason2: 'Je redouble' }])
    expect(store.requests.map((request) => request.status)).toEqual(['pending'])
    expect(store.pending).toBe(true)
    expect(store.values).toEqual({ newDivision: '', reason: '', reason2: '' })
    // The server's French text stays out: the catalogue says it in the pupil's language.
    expect(ui.shown.map((entry) => ('text' in entry ? entry.text : entry.key))).toEqual(['profile:divisionChange.sent'])
  })

  it('a request already pending on the server is said in the catalogue, not in the server’s French', async () => {
    const { store, ui } = setup({
      refuse: new ApiError('division_request_pending', 'Vous avez déjà une demande en attente.', { status: 409 })
    })
    await store.load()
    store.set('reason', '1')
    store.set('newDivision', '8')
    expect(await store.submit()).toBe(false)
    expect(ui.shown.map((entry) => [entry.intent, 'key' in entry ? entry.key : entry.text])).toEqual([
      ['error', 'profile:divisionChange.pendingNotice']
    ])
  })

  it('test accounts cannot ask', async () => {
    const { store, sent } = setup({ istest: true })
    await store.load()
    store.set('reason', '1')
    store.set('newDivision', '8')
    expect(store.allowed).toBe(false)
    expect(await store.submit()).toBe(false)
    expect(sent).toEqual([])
  })
})

describe('DivisionChangeStore: the names in the interface language', () => {
  function named() {
    // The server names the classes in the language it is asked in.
    const state = { language: 'fr' as 'fr' | 'ar', divisionCalls: 0, hold: false, release: [] as Array<() => void> }
    const api = fakeApi({
      divisionReasons: () => Promise.resolve(reasons),
      divisionRequests: (language) => {
        const requests = [
          {
            id: 1,
            old_division: { id: 7, name: language === 'ar' ? 'السنة السابعة أساسي' : '7e année' },
            new_division: { id: 8, name: language === 'ar' ? 'السنة الثامنة أساسي' : '8e année' },
            reason: 'Autre',
            reason_id: 4,
            reason2: null,
            status: 'pending' as const,
            created_at: '2026-11-22',
            decided_at: null
          }
        ]
        // An answer held back until released (it arrives after the next one).
        if (state.hold) {
          state.hold = false
          return new Promise<DivisionRequest[]>((resolve) => state.release.push(() => resolve(requests)))
        }
        return Promise.resolve(requests)
      },
      divisions: () => {
        state.divisionCalls++
        const ar = state.language === 'ar'
        return Promise.resolve([division(7, ar ? 'السنة السابعة أساسي' : '7e année'), division(8, ar ? 'السنة الثامنة أساسي' : '8e année')])
      }
    })
    const session = fakeSession(me(user({ completed: true, division: { id: 7, name: '7e année' } })))
    const store = new DivisionChangeStore({ api: () => api, session, ui: fakeUi(), language: () => state.language })
    return { store, state }
  }

  it('keeps the classes across openings in one language and asks again when opened in another', async () => {
    const { store, state } = named()
    store.show()
    await vi.waitFor(() => expect(store.loadStatus).toBe('succeeded'))
    store.close()
    store.show()
    await vi.waitFor(() => expect(store.loadStatus).toBe('succeeded'))
    expect(state.divisionCalls).toBe(1)
    expect(store.divisions.map((item) => item.name)).toEqual(['7e année', '8e année'])

    store.close()
    state.language = 'ar'
    store.show()
    await vi.waitFor(() => expect(store.divisions.map((item) => item.name)).toEqual(['السنة السابعة أساسي', 'السنة الثامنة أساسي']))
    expect(state.divisionCalls).toBe(2)
    expect(store.requests[0]?.new_division.name).toBe('السنة الثامنة أساسي')
  })

  it('shows the answer of the latest load: one asked before, arriving last, is dropped', async () => {
    const { store, state } = named()
    state.hold = true
    store.show()
    store.close()
    state.language = 'ar'
    store.show()
    await vi.waitFor(() => expect(store.loadStatus).toBe('succeeded'))
    state.release.shift()?.()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.requests[0]?.old_division?.name).toBe('السنة السابعة أساسي')
    expect(store.divisions[0]?.name).toBe('السنة السابعة أساسي')
  })
})
