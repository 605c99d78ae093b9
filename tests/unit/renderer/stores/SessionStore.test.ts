import { describe, expect, it } from 'vitest'
import { USER_REFRESH_INTERVAL_MS } from '../../../../src/shared/constants.ts'
import type { Session } from '../../../../src/shared/ipc.ts'
import { ApiError } from '../../../../src/renderer/src/api/errors.ts'
import { RootStore } from '../../../../src/renderer/src/stores/RootStore.ts'
import { SessionStore, type Timers } from '../../../../src/renderer/src/stores/SessionStore.ts'
import { UserStore } from '../../../../src/renderer/src/stores/UserStore.ts'
import { authResult, fakeAccountsApi, meFixture, sessionFixture, type FakeAccountsApi } from '../fakeAccountsApi.ts'
import { fakePlatform } from '../fakePlatform.ts'

/** Intervals that run only when the test says so. */
function manualTimers() {
  const handlers = new Map<number, { handler: () => void; ms: number }>()
  let next = 1
  const timers: Timers = {
    setInterval: (handler, ms) => {
      handlers.set(next, { handler, ms })
      return next++
    },
    clearInterval: (handle) => {
      handlers.delete(handle as number)
    }
  }
  return { timers, handlers, tick: () => [...handlers.values()].forEach(({ handler }) => handler()) }
}

function setup(stored: Session | null = null, api: FakeAccountsApi = fakeAccountsApi()) {
  const platform = fakePlatform()
  const saved: (Session | null)[] = []
  let inMain = stored
  platform.sessionGet = async () => inMain
  platform.sessionSet = async (session) => {
    inMain = session
    saved.push(session)
    return { persisted: true }
  }
  platform.sessionClear = async () => {
    inMain = null
    saved.push(null)
  }
  const user = new UserStore()
  const clock = manualTimers()
  const session = new SessionStore({ platform, user, createApi: () => api, timers: clock.timers, now: () => 1_000 })
  return { session, api, user, platform, saved, clock, inMain: () => inMain }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('SessionStore', () => {
  it('starts signed out when main holds no session', async () => {
    const { session } = setup()
    await session.start()
    expect(session.status).toBe('succeeded')
    expect(session.signedIn).toBe(false)
    expect(session.accessState.signedIn).toBe(false)
  })

  it('restores the stored session, loads the user and refreshes it every 80 s', async () => {
    const { session, api, user, clock } = setup(sessionFixture())
    await session.start()
    expect(session.signedIn).toBe(true)
    expect(user.user?.name).toBe('Sami')
    expect([...clock.handlers.values()].map((timer) => timer.ms)).toEqual([USER_REFRESH_INTERVAL_MS])
    api.meAnswer = meFixture({ points: 40 })
    clock.tick()
    await flush()
    expect(user.user?.points).toBe(40)
    expect(api.calls.filter((call) => call === 'me')).toHaveLength(2)
  })

  it('hands the shell what decides the password change and the profile edit’s title: test flag, role, administrator, completion', async () => {
    const api = fakeAccountsApi()
    api.meAnswer = meFixture({ istest: true, completed: false }, {}, { admin_user_id: 9 })
    const { session, user } = setup(sessionFixture(), api)
    await session.start()
    expect(user.user).toMatchObject({ istest: true, admin: false, impersonated: true, completed: false })
    expect(user.canChangePassword).toBe(true)
    expect(user.profileCompleted).toBe(false)
    api.meAnswer = meFixture({ istest: true, user_type: 'admin' })
    await session.loadUser()
    expect(user.user).toMatchObject({ istest: true, admin: true, impersonated: false, completed: true })
    api.meAnswer = meFixture({ istest: true })
    await session.loadUser()
    expect(user.canChangePassword).toBe(false)
  })

  it('tells when the start-up check has gone to the server, before its answer', async () => {
    let answer: (me: ReturnType<typeof meFixture>) => void = () => undefined
    const api = fakeAccountsApi({ me: () => new Promise((resolve) => (answer = resolve)) })
    const { session } = setup(sessionFixture(), api)
    const started = session.start()
    await session.whenCheckSent()
    expect(session.status).toBe('loading')
    answer(meFixture())
    await started
    expect(session.signedIn).toBe(true)
    // Nothing stored: the check ends without asking, and says so.
    const signedOut = setup(null)
    const ended = signedOut.session.start()
    await signedOut.session.whenCheckSent()
    await ended
    expect(signedOut.session.status).toBe('succeeded')
  })

  it('drops a tampered or expired stored session and starts signed out', async () => {
    const api = fakeAccountsApi()
    api.meAnswer = new ApiError('token_invalid', 'Invalid token', { status: 401 })
    const { session, inMain, user, clock } = setup(sessionFixture(), api)
    await session.start()
    expect(session.status).toBe('succeeded')
    expect(session.signedIn).toBe(false)
    expect(session.session).toBeNull()
    expect(inMain()).toBeNull()
    expect(user.user).toBeNull()
    expect(clock.handlers.size).toBe(0)
  })

  it('keeps the stored session for a retry when the server is unreachable, showing none of it', async () => {
    const api = fakeAccountsApi()
    api.meAnswer = new ApiError('network', 'Network Error')
    const { session, inMain } = setup(sessionFixture(), api)
    await session.start()
    expect(session.status).toBe('failed')
    expect(session.failure).toBe('network')
    expect(session.signedIn).toBe(false)
    expect(inMain()).not.toBeNull()
    api.meAnswer = meFixture()
    await session.start()
    expect(session.status).toBe('succeeded')
    expect(session.signedIn).toBe(true)
  })

  it('signs in: persists the pair in main, never half-signed-in when the user cannot be loaded', async () => {
    const api = fakeAccountsApi()
    const { session, inMain } = setup(null, api)
    await session.start()
    await session.signIn(authResult('a1', 'r1'))
    expect(session.signedIn).toBe(true)
    expect(inMain()).toMatchObject({ token: 'a1', refreshToken: 'r1', tokenType: 'Bearer', expiresAt: 1_000 + 900_000 })

    api.meAnswer = new ApiError('network', 'Network Error')
    await expect(session.signIn(authResult('a2', 'r2'))).rejects.toMatchObject({ code: 'network' })
    expect(session.signedIn).toBe(false)
    expect(session.session).toBeNull()
    expect(inMain()).toBeNull()
  })

  it('logs out: revokes on the server, clears main and memory, stops the refresh', async () => {
    const { session, api, user, inMain, clock } = setup(sessionFixture())
    await session.start()
    await session.logout()
    expect(api.calls).toContain('logout')
    expect(inMain()).toBeNull()
    expect(session.session).toBeNull()
    expect(session.me).toBeNull()
    expect(user.user).toBeNull()
    expect(clock.handlers.size).toBe(0)
  })

  it('still signs out locally when the server cannot be told', async () => {
    const api = fakeAccountsApi({ logout: () => Promise.reject(new ApiError('network', 'down')) })
    const { session, inMain } = setup(sessionFixture(), api)
    await session.start()
    await session.logout()
    expect(session.signedIn).toBe(false)
    expect(inMain()).toBeNull()
  })

  it('rotates the pair on refresh and forgets everything on an unrecoverable 401', async () => {
    const api = fakeAccountsApi({ refresh: async (token) => authResult(`access-after-${token}`, 'r2') })
    const { session, inMain } = setup(sessionFixture(), api)
    await session.start()
    expect(session.canRefresh()).toBe(true)
    await expect(session.refresh()).resolves.toBe('access-after-stored-refresh')
    expect(session.accessToken()).toBe('access-after-stored-refresh')
    expect(inMain()?.refreshToken).toBe('r2')
    session.onUnauthorized()
    await flush()
    expect(session.accessToken()).toBeNull()
    expect(session.signedIn).toBe(false)
    expect(inMain()).toBeNull()
  })

  it('runs one refresh for concurrent callers, whichever HTTP client asks', async () => {
    let calls = 0
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const api = fakeAccountsApi({
      refresh: async (token) => {
        calls += 1
        await gate
        return authResult(`access-after-${token}`, `r${calls + 1}`)
      }
    })
    const { session } = setup(sessionFixture(), api)
    await session.start()
    const first = session.refresh()
    const second = session.refresh()
    release()
    await expect(Promise.all([first, second])).resolves.toEqual(['access-after-stored-refresh', 'access-after-stored-refresh'])
    expect(calls).toBe(1)
    await expect(session.refresh()).resolves.toBe('access-after-r2')
    expect(calls).toBe(2)
  })

  it('describes access for the guard: unverified, expired password, incomplete profile, impersonation', async () => {
    const api = fakeAccountsApi()
    const { session } = setup(null, api)
    await session.start()
    api.meAnswer = meFixture({ verified: false })
    await session.signIn(authResult())
    expect(session.accessState).toMatchObject({ signedIn: true, verified: false })
    api.meAnswer = meFixture({}, { changePassword: true })
    await session.loadUser()
    expect(session.accessState.passwordChangeRequired).toBe(true)
    api.meAnswer = meFixture({ completed: false })
    await session.loadUser()
    expect(session.accessState.profileIncomplete).toBe(true)
    api.meAnswer = meFixture({ completed: false }, {}, { admin_user_id: 9 })
    api.switchSession = async () => authResult('pupil-access', 'pupil-refresh')
    await session.switchTo({ token: 'switch-token', adminId: '9', userId: '1' })
    expect(session.accessState.impersonating).toBe(true)
    expect(session.accessState.profileIncomplete).toBe(true)
  })

  describe('switch links (§6)', () => {
    it('exchanges the single-use token for a refreshable pair marked with the administrator', async () => {
      const exchanged: string[] = []
      const api = fakeAccountsApi({
        switchSession: async (token) => {
          exchanged.push(token)
          return authResult('pupil-access', 'pupil-refresh')
        },
        refresh: async (token) => authResult(`access-after-${token}`, 'pupil-refresh-2')
      })
      api.meAnswer = meFixture({}, {}, { admin_user_id: 9 })
      const { session, inMain } = setup(null, api)
      await session.start()
      await session.switchTo({ token: 'switch-token', adminId: '9', userId: '1' })
      expect(exchanged).toEqual(['switch-token'])
      expect(inMain()).toMatchObject({
        token: 'pupil-access',
        refreshToken: 'pupil-refresh',
        adminUserId: 9,
        isTest: true,
        expiresAt: 1_000 + 900_000
      })
      // It refreshes like any session, and keeps its marker.
      await expect(session.refresh()).resolves.toBe('access-after-pupil-refresh')
      expect(inMain()).toMatchObject({ refreshToken: 'pupil-refresh-2', adminUserId: 9, isTest: true })
      expect(session.adminMarker).toEqual({ adminUserId: 9, redirectTo: null })
    })

    it('revokes the session it replaces and drops everything of its user', async () => {
      const api = fakeAccountsApi({ switchSession: async () => authResult('pupil-access', 'pupil-refresh') })
      const { session, user } = setup(sessionFixture({ token: 'admin-access' }), api)
      await session.start()
      expect(user.user?.name).toBe('Sami')
      const scope = session.userScope
      api.meAnswer = meFixture({ id: 2, name: 'Lina' }, {}, { admin_user_id: 9 })
      await session.switchTo({ token: 'switch-token', adminId: '9', userId: '2' })
      expect(api.calls).toContain('logout:admin-access')
      expect(session.userScope).toBeGreaterThan(scope)
      expect(session.me?.user.name).toBe('Lina')
      expect(user.user?.name).toBe('Lina')
    })

    it('revokes a replaced session whose access token expired through its refresh token', async () => {
      const api = fakeAccountsApi({
        switchSession: async () => authResult('pupil-access', 'pupil-refresh'),
        refresh: async (token) => authResult(`fresh-from-${token}`, 'unused'),
        logoutSession: async (token) => {
          api.calls.push(`logout:${token}`)
          if (token === 'stale-access') throw new ApiError('token_expired', 'Token expired', { status: 401 })
        }
      })
      const { session } = setup(sessionFixture({ token: 'stale-access', refreshToken: 'old-refresh' }), api)
      await session.start()
      await session.switchTo({ token: 'switch-token', adminId: '9', userId: '1' })
      expect(api.calls.filter((call) => call.startsWith('logout:'))).toEqual(['logout:stale-access', 'logout:fresh-from-old-refresh'])
      expect(session.accessToken()).toBe('pupil-access')
    })

    it('leaves the current session as it was when the link is refused', async () => {
      const api = fakeAccountsApi({ switchSession: () => Promise.reject(new ApiError('switch_token_invalid', 'used', { status: 401 })) })
      const { session, inMain } = setup(sessionFixture({ token: 'admin-access' }), api)
      await session.start()
      const scope = session.userScope
      await expect(session.switchTo({ token: 'switch-token', adminId: '9', userId: '1' })).rejects.toMatchObject({
        code: 'switch_token_invalid'
      })
      expect(session.accessToken()).toBe('admin-access')
      expect(inMain()?.token).toBe('admin-access')
      expect(api.calls.some((call) => call.startsWith('logout'))).toBe(false)
      expect(session.userScope).toBe(scope)
    })
  })

  describe('the admin marker of §4', () => {
    async function switched(redirectTo?: 'RegisterPage') {
      const api = fakeAccountsApi({ switchSession: async () => authResult('pupil-access', 'pupil-refresh') })
      api.meAnswer = meFixture({}, {}, { admin_user_id: 9 })
      const context = setup(null, api)
      await context.session.start()
      await context.session.switchTo({ token: 'switch-token', adminId: '9', userId: '1', ...(redirectTo ? { redirectTo } : {}) })
      return context
    }

    it('asks for the register page once the session is lost, and only once', async () => {
      const { session, inMain } = await switched('RegisterPage')
      expect(inMain()?.redirectTo).toBe('RegisterPage')
      expect(session.accessState.registerRedirect).toBe(false)
      expect(session.takeRegisterRedirect()).toBe(false)
      session.onUnauthorized()
      await flush()
      expect(session.accessState).toMatchObject({ signedIn: false, registerRedirect: true })
      expect(session.takeRegisterRedirect()).toBe(true)
      expect(session.accessState.registerRedirect).toBe(false)
      expect(session.takeRegisterRedirect()).toBe(false)
    })

    it('outlives a logout (the stored marker of the specification) until a sign-in of ones own', async () => {
      const { session, api } = await switched('RegisterPage')
      await session.logout()
      expect(session.accessState.registerRedirect).toBe(true)
      api.meAnswer = meFixture()
      await session.signIn(authResult())
      expect(session.adminMarker).toBeNull()
      await session.logout()
      expect(session.accessState.registerRedirect).toBe(false)
    })

    it('survives a restart with the stored session, and a password change of the same user', async () => {
      const api = fakeAccountsApi()
      api.meAnswer = meFixture({}, {}, { admin_user_id: 9 })
      const { session, inMain } = setup(sessionFixture({ adminUserId: 9, isTest: true, redirectTo: 'RegisterPage' }), api)
      await session.start()
      expect(session.adminMarker).toEqual({ adminUserId: 9, redirectTo: 'RegisterPage' })
      await session.signIn(authResult('after-change', 'r-after'), { sameUser: true })
      expect(inMain()).toMatchObject({ token: 'after-change', adminUserId: 9, isTest: true, redirectTo: 'RegisterPage' })
    })

    it('a link without the redirect leaves sign-in as usual', async () => {
      const { session } = await switched()
      session.onUnauthorized()
      await flush()
      expect(session.accessState.registerRedirect).toBe(false)
      expect(session.takeRegisterRedirect()).toBe(false)
    })
  })

  it('warns once when the session could only be kept in memory', async () => {
    const { session, platform } = setup()
    platform.sessionSet = async () => ({ persisted: false })
    platform.secureStorageStatus = async () => ({ available: false, backend: 'basic_text', backendChanged: false, shouldWarn: true })
    let acknowledged = 0
    platform.secureStorageAcknowledge = async () => {
      acknowledged++
    }
    await session.start()
    await session.signIn(authResult())
    expect(session.signedIn).toBe(true)
    expect(session.storageWarning).toBe(true)
    session.acknowledgeStorageWarning()
    expect(session.storageWarning).toBe(false)
    await flush()
    expect(acknowledged).toBe(1)
  })

  it("gives the avatar's address on the API origin, or none", async () => {
    const api = fakeAccountsApi()
    api.meAnswer = meFixture({ avatar: '/api/avatars/1/0f8fad5b-d9cb-469f-a165-70867728950e.webp' })
    const { session } = setup(sessionFixture(), api)
    await session.start()
    expect(session.avatarUrl).toBe('http://127.0.0.1:4000/api/avatars/1/0f8fad5b-d9cb-469f-a165-70867728950e.webp')
    api.meAnswer = meFixture({ avatar: null })
    await session.loadUser()
    expect(session.avatarUrl).toBeNull()
  })

  it('lands on /offres only for the offers flow', () => {
    const { session } = setup()
    session.setLanding('?nextPage=offres')
    expect(session.landing).toBe('/offres')
    session.setLanding('')
    expect(session.landing).toBe('/')
  })
})

describe('SessionStore: the language the user is asked in', () => {
  /** A root whose accounts API answers `me` named in the language it is asked in. */
  function languageSetup(stored: 'fr' | 'ar') {
    const platform = fakePlatform({ language: stored })
    platform.sessionGet = async () => sessionFixture()
    const asked: string[] = []
    let language: () => string = () => 'none'
    const api = fakeAccountsApi({
      me: async () => {
        const lang = language()
        asked.push(lang)
        return meFixture({ division: { id: 14, name: lang === 'ar' ? 'باكالوريا علوم تجريبية' : 'Bac Sciences expérimentales' } })
      }
    })
    const root = new RootStore(platform, {
      createApi: (_baseUrls, _tokens, requestLanguage) => {
        language = requestLanguage
        return api
      },
      timers: manualTimers().timers
    })
    return { root, asked }
  }

  it('asks in the stored language before the settings are read, then again only when the language changes', async () => {
    const { root, asked } = languageSetup('ar')
    // The start-up check sends its request before the settings store has read the settings.
    const starting = root.session.start()
    await root.session.whenCheckSent()
    expect(root.settings.status).toBe('idle')
    expect(asked).toEqual(['ar'])
    await Promise.all([starting, root.settings.load()])
    await flush()
    expect(asked).toEqual(['ar'])
    expect(root.session.me?.user.division?.name).toBe('باكالوريا علوم تجريبية')
    await root.settings.setLanguage('fr')
    await flush()
    expect(asked).toEqual(['ar', 'fr'])
    expect(root.session.me?.user.division?.name).toBe('Bac Sciences expérimentales')
    await root.settings.setLanguage('fr')
    await flush()
    expect(asked).toEqual(['ar', 'fr'])
    root.dispose()
  })

  it('keeps the answer of the latest load when an older one arrives last', async () => {
    const answers: Array<(me: ReturnType<typeof meFixture>) => void> = []
    const api = fakeAccountsApi({ me: () => new Promise((resolve) => answers.push(resolve)) })
    const { session } = setup(sessionFixture(), api)
    const starting = session.start()
    await flush()
    answers.shift()!(meFixture({ name: 'Sami' }))
    await starting
    const older = session.loadUser()
    const newer = session.loadUser()
    answers[1]!(meFixture({ name: 'Newer' }))
    await newer
    answers[0]!(meFixture({ name: 'Older' }))
    await older
    expect(session.me?.user.name).toBe('Newer')
  })
})
