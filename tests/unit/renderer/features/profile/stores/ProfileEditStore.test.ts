import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import { ProfileEditStore } from '../../../../../../src/renderer/src/features/profile/stores/ProfileEditStore.ts'
import type { User } from '../../../../../../src/shared/api/accounts.ts'
import { fakeApi, fakeSession, fakeUi, me, user } from './profileFakes.ts'

const TODAY = '2026-11-22'

async function setup(u: User = user(), api = fakeApi()) {
  const ui = fakeUi()
  const session = fakeSession(me(u))
  const store = new ProfileEditStore({ api: () => api, session, ui, today: () => TODAY, language: () => 'fr' }, u)
  await store.load()
  return { store, ui, session, api }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Tunis, its delegation 101 and the institute 11 there, each chosen once its list has loaded. */
async function chooseInstitute(store: ProfileEditStore) {
  store.set('state', '1')
  await settle()
  store.set('delegation', '101')
  store.set('institute', '11')
}

describe('ProfileEditStore: the address cascade', () => {
  it('enables each level only once the previous one is chosen, governorates only for Tunisia', async () => {
    const { store } = await setup()
    expect(store.stateEnabled).toBe(true)
    expect(store.states.items.map((state) => state.name)).toEqual(['Tunis', 'Ariana'])
    expect(store.delegationEnabled).toBe(false)
    store.set('state', '1')
    await settle()
    expect(store.delegationEnabled).toBe(true)
    expect(store.instituteEnabled).toBe(false)
    store.set('delegation', '101')
    expect(store.instituteEnabled).toBe(true)
    // Institutes of the chosen delegation, plus those the governorate lists without one.
    expect(store.instituteChoices.map((institute) => institute.name)).toEqual(['A', 'Any'])
  })

  it('choosing a country clears governorate, delegation and institute', async () => {
    const { store } = await setup()
    await chooseInstitute(store)
    store.set('country', '7')
    expect(store.values).toMatchObject({ country: '7', state: '', delegation: '', institute: '' })
    expect(store.stateEnabled).toBe(false)
    expect(store.states.items).toEqual([])
    store.set('country', '1')
    await settle()
    expect(store.stateEnabled).toBe(true)
    expect(store.values.state).toBe('')
  })

  it('a new governorate clears delegation and institute; a new delegation clears the institute', async () => {
    const { store } = await setup()
    await chooseInstitute(store)
    store.set('delegation', '102')
    expect(store.values.institute).toBe('')
    store.set('institute', '12')
    store.set('state', '2')
    expect(store.values).toMatchObject({ state: '2', delegation: '', institute: '' })
    await settle()
    expect(store.delegations.items.map((delegation) => delegation.id)).toEqual([201, 202])
  })
})

describe('ProfileEditStore: validation and saving', () => {
  it('refuses to save without governorate, with the address message, and sends nothing', async () => {
    const { store, ui, api } = await setup()
    const outcome = await store.save()
    expect(outcome).toEqual({ kind: 'failed' })
    expect(ui.shown.map((entry) => ('key' in entry ? entry.key : entry.text))).toEqual(['auth:rules.address.required'])
    expect(api.updates).toEqual([])
  })

  it('checks the birth date: dd/mm/yyyy, a real day, not in the future', async () => {
    const { store } = await setup()
    store.set('birthDate', '2010-03-14')
    expect(store.rule('birthDate')).toBe('birthDate.format')
    store.set('birthDate', '31/02/2010')
    expect(store.rule('birthDate')).toBe('birthDate.format')
    store.set('birthDate', '01/01/2099')
    expect(store.rule('birthDate')).toBe('birthDate.future')
    store.set('birthDate', '14/03/2010')
    expect(store.rule('birthDate')).toBeNull()
    expect(store.error('birthDate')).toBeNull()
  })

  it('locks the phone once set, and gender until the profile is complete', async () => {
    const { store } = await setup()
    expect(store.locked('phone')).toBe(true)
    expect(store.locked('phone2')).toBe(false)
    expect(store.genderEditable).toBe(false)
    const completed = await setup(user({ completed: true, gender: 'male' }))
    expect(completed.store.genderEditable).toBe(true)
    // A number typed in abroad and never proven by a code may still be corrected.
    const unproven = await setup(user({ phone: '23456789', phone_verified: false }))
    expect(unproven.store.locked('phone')).toBe(false)
  })

  it('saves with the bot-check token, reloads the user and says where to go', async () => {
    const { store, api, session, ui } = await setup()
    await chooseInstitute(store)
    store.set('birthDate', '14/03/2010')
    store.set('division', '7')
    store.set('gender', 'female')
    const outcome = await store.save()
    expect(outcome).toEqual({ kind: 'saved', wasIncomplete: true })
    expect(api.updates).toEqual([
      {
        name: 'Karim',
        lastName: 'Mansour',
        birthDate: '2010-03-14',
        country: 1,
        state: 1,
        delegation: 101,
        institute: 11,
        division: 7,
        'g-recaptcha-response': 'captcha-token'
      }
    ])
    expect(session.loads).toBe(1)
    // The in-progress toast is gone; the catalogue's success text (not the server's French one) remains.
    expect(ui.shown.map((entry) => ('key' in entry ? entry.key : entry.text))).toEqual(['profile:edit.saved'])
  })

  it('goes to the confirmation step when the answer carries a credential', async () => {
    const api = fakeApi({ update: () => Promise.resolve({ message: 'ok', credential: '20000005', user: user() }) })
    const { store } = await setup(user({ state: { id: 1, name: 'Tunis' }, birth_date: '2010-03-14', division: { id: 7, name: '7e' } }), api)
    expect(await store.save()).toEqual({ kind: 'confirm' })
  })

  it('puts a "Birthdate:" server message on its field and keeps every value typed', async () => {
    const api = fakeApi({
      update: () => Promise.reject(new ApiError('validation_failed', 'Birthdate: Age must be 5 years or older.', { status: 422 }))
    })
    const { store, ui } = await setup(user({ state: { id: 1, name: 'Tunis' }, division: { id: 7, name: '7e' } }), api)
    store.set('birthDate', '14/03/2012')
    store.set('name', 'Karima')
    expect(await store.save()).toEqual({ kind: 'failed' })
    // Worded by the rule the text is, in the user's language (decision 0021).
    expect(store.error('birthDate')).toEqual({ key: 'auth:rules.birthDate.minAge' })
    expect(store.values.birthDate).toBe('14/03/2012')
    expect(store.values.name).toBe('Karima')
    expect(ui.shown.filter((entry) => entry.intent === 'error')).toEqual([])
  })

  it('a network failure is told in a toast and the form can be sent again', async () => {
    let calls = 0
    const api = fakeApi({
      update: () => (++calls === 1 ? Promise.reject(new ApiError('network', 'offline')) : Promise.resolve({ message: 'ok', user: user() }))
    })
    const { store, ui } = await setup(
      user({ state: { id: 1, name: 'Tunis' }, birth_date: '2010-03-14', division: { id: 7, name: '7e' } }),
      api
    )
    expect(await store.save()).toEqual({ kind: 'failed' })
    expect(ui.shown.some((entry) => 'key' in entry && entry.key === 'auth:errors.network')).toBe(true)
    expect((await store.save()).kind).toBe('saved')
  })

  it('test accounts cannot edit: values do not change and nothing is sent', async () => {
    const { store, api } = await setup(user({ istest: true, completed: true }))
    expect(store.readOnly).toBe(true)
    store.set('name', 'Autre')
    expect(store.values.name).toBe('Karim')
    expect(await store.save()).toEqual({ kind: 'failed' })
    expect(api.updates).toEqual([])
  })
})

describe('ProfileEditStore: the names in the interface language', () => {
  it('asks again, after a switch of language, for the lists the server names (shown meanwhile), and only for those', async () => {
    // The server names classes, delegations and institutes in the language it is asked in.
    let language = 'fr'
    const asked: string[] = []
    const named = (list: string, fr: string, ar: string) => {
      asked.push(`${list}:${language}`)
      return language === 'ar' ? ar : fr
    }
    const api = fakeApi({
      countries: () => {
        asked.push('countries')
        return Promise.resolve([{ id: 1, code: 'TN', name: 'Tunisie', name_fr: 'Tunisie', name_en: 'Tunisia', name_ar: 'تونس' }])
      },
      states: () => {
        asked.push('states')
        return Promise.resolve([{ id: 2, name: 'Ariana', name_ar: 'أريانة', country_id: 1 }])
      },
      divisions: () => {
        const name = named('divisions', 'Bac Sciences expérimentales', 'باكالوريا علوم تجريبية')
        return Promise.resolve([{ id: 14, name, level: { id: 4, slug: 'bac' as const, name: 'Bac' }, has_optional_subjects: true }])
      },
      delegations: () => Promise.resolve([{ id: 201, name: named('delegations', 'Ariana Ville', 'أريانة المدينة'), state_id: 2 }]),
      institutes: () =>
        Promise.resolve([
          { id: 6, name: named('institutes', "Lycée pilote de l'Ariana", 'المعهد النموذجي بأريانة'), state_id: 2, delegation_id: 201 }
        ])
    })
    const u = user({
      state: { id: 2, name: 'Ariana' },
      delegation: { id: 201, name: 'Ariana Ville' },
      division: { id: 14, name: 'Bac Sciences expérimentales' }
    })
    const store = new ProfileEditStore(
      { api: () => api, session: fakeSession(me(u)), ui: fakeUi(), today: () => TODAY, language: () => language },
      u
    )
    await store.load()
    expect(store.divisions.items.map((item) => item.name)).toEqual(['Bac Sciences expérimentales'])
    await store.load()
    expect(asked).toEqual(['countries', 'divisions:fr', 'states', 'delegations:fr', 'institutes:fr'])

    language = 'ar'
    const reload = store.load()
    // The French lists stay on screen until the Arabic ones arrive.
    expect(store.divisions.items.map((item) => item.name)).toEqual(['Bac Sciences expérimentales'])
    await reload
    expect(store.divisions.items.map((item) => item.name)).toEqual(['باكالوريا علوم تجريبية'])
    expect(store.delegations.items.map((item) => item.name)).toEqual(['أريانة المدينة'])
    expect(store.instituteChoices.map((item) => item.name)).toEqual(['المعهد النموذجي بأريانة'])
    expect(store.values).toMatchObject({ state: '2', delegation: '201', division: '14' })
    // Countries and governorates carry every language's name: not asked again.
    expect(asked.slice(5)).toEqual(['divisions:ar', 'delegations:ar', 'institutes:ar'])
  })
})
