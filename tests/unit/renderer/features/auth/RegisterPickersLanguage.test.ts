/**
 * Registration's class and option pickers come named in the language they were asked in: a
 * switch of language asks for them again, the choices kept.
 */
import { describe, expect, it } from 'vitest'
import { RegisterFormStore } from '../../../../../src/renderer/src/features/auth/stores/RegisterFormStore.ts'
import { SessionStore } from '../../../../../src/renderer/src/stores/SessionStore.ts'
import { UiStore } from '../../../../../src/renderer/src/stores/UiStore.ts'
import { UserStore } from '../../../../../src/renderer/src/stores/UserStore.ts'
import { fakeAccountsApi } from '../../fakeAccountsApi.ts'
import { fakePlatform } from '../../fakePlatform.ts'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('RegisterFormStore: the pickers in the interface language', () => {
  it('asks for the classes and options again after a switch of language, keeping the choices', async () => {
    let language: 'fr' | 'ar' = 'fr'
    const asked: string[] = []
    const bac = (ar: boolean) => ({
      id: 14,
      name: ar ? 'باكالوريا علوم تجريبية' : 'Bac Sciences expérimentales',
      level: { id: 4, slug: 'bac' as const, name: ar ? 'باكالوريا' : 'Baccalauréat' },
      has_optional_subjects: true
    })
    const api = fakeAccountsApi({
      divisions: async () => {
        asked.push(`divisions:${language}`)
        return [bac(language === 'ar')]
      },
      optionalSubjects: async (divisionId) => {
        asked.push(`options:${language}`)
        return [{ id: 64, name: language === 'ar' ? 'الألمانية' : 'Allemand', division_id: divisionId }]
      }
    })
    const session = new SessionStore({
      platform: fakePlatform(),
      user: new UserStore(),
      createApi: () => api,
      createCaptcha: () => async () => 'solved',
      language: () => language
    })
    await session.start()
    const store = new RegisterFormStore({ session, ui: new UiStore(), platform: fakePlatform() })
    await store.loadPickers()
    store.set('division', '14')
    await flush()
    store.set('optionalSubject', '64')
    expect(store.divisions.map((division) => division.name)).toEqual(['Bac Sciences expérimentales'])
    expect(store.optionalSubjects.map((subject) => subject.name)).toEqual(['Allemand'])

    language = 'ar'
    store.languageChanged()
    await flush()
    expect(store.divisions.map((division) => division.name)).toEqual(['باكالوريا علوم تجريبية'])
    expect(store.optionalSubjects.map((subject) => subject.name)).toEqual(['الألمانية'])
    expect(store.form.values).toMatchObject({ division: '14', optionalSubject: '64' })
    // Same language again: nothing asked.
    await store.loadPickers()
    expect(asked).toEqual(['divisions:fr', 'options:fr', 'divisions:ar', 'options:ar'])
  })
})
