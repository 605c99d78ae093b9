/**
 * Every call of the renderer's API modules is an entry of the shared endpoint tables (the ones
 * the server registers its routes from), sent with that entry's method, service and path. The
 * sources are searched for requests written by hand in tests/unit/build/apiCalls.test.ts.
 */
import type { AxiosAdapter, AxiosResponse } from 'axios'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { allEndpoints } from '../../../../src/shared/api/index.ts'
import { notificationEndpoints } from '../../../../src/shared/api/notifications.ts'
import { walletEndpoints } from '../../../../src/shared/api/wallet.ts'
import type { Endpoint } from '../../../../src/shared/api/common.ts'
import type { ApiBaseUrls } from '../../../../src/shared/ipc.ts'
import {
  createAccountsApi,
  type ChangePasswordBody,
  type RegisterBody,
  type ResetPasswordBody
} from '../../../../src/renderer/src/api/accounts.ts'
import { createHttp, endpointPath, endpointUrl, type ClientEndpoint, type HttpClient } from '../../../../src/renderer/src/api/http.ts'
import { createHomeApi } from '../../../../src/renderer/src/features/home/api.ts'
import { createNotificationsApi } from '../../../../src/renderer/src/features/inbox/api.ts'
import { createProfileApi, type UpdateProfileBody } from '../../../../src/renderer/src/features/profile/api.ts'
import { createWalletApi } from '../../../../src/renderer/src/features/wallet/api.ts'
import { createLearningApi } from '../../../../src/renderer/src/features/learning/api.ts'
import { fixedTokens } from './fixedTokens.ts'

/** Each service on its own origin, so a request tells which service it went to. */
const BASE_URLS: ApiBaseUrls = {
  api: 'http://api.test/api',
  notify: 'http://notify.test/notify',
  progress: 'http://progress.test/progress-service',
  analytics: 'http://analytics.test/analytics',
  sandbox: 'http://sandbox.test/sandbox'
}

interface Sent {
  base: string
  method: string
  url: string
}

interface Traced {
  entry: Endpoint
  sent: Sent[]
}

/** A client over a fake axios adapter that records each entry called and each request sent. */
function tracingClient() {
  const sent: Sent[] = []
  const entries: Endpoint[] = []
  const adapter: AxiosAdapter = async (config) => {
    sent.push({ base: config.baseURL ?? '', method: (config.method ?? '').toUpperCase(), url: config.url ?? '' })
    // An answer no response schema takes: the call fails after its request went out.
    const response: AxiosResponse = { data: null, status: 200, statusText: '', headers: {}, config }
    return response
  }
  const tokens = fixedTokens()
  const layer = createHttp(BASE_URLS, tokens, { adapter })
  const http: HttpClient = {
    call: (endpoint, ...options) => {
      entries.push(endpoint)
      return layer.call(endpoint, ...options)
    }
  }
  /** Runs one API method and hands back what it called and sent. */
  async function trace(run: () => Promise<unknown>): Promise<Traced[]> {
    entries.length = 0
    sent.length = 0
    await run().catch(() => undefined)
    return entries.map((entry) => ({ entry, sent: [...sent] }))
  }
  return { http, trace }
}

const TABLE = new Set<Endpoint>(allEndpoints().map(({ endpoint }) => endpoint))

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/:]+')
  return new RegExp(`^${escaped}$`)
}

type Samples<Api> = { [K in keyof Api]: (api: Api) => Promise<unknown> }

const file = new Blob(['x'], { type: 'image/png' })

const modules: Array<{ name: string; build: (http: HttpClient) => object; samples: Record<string, (api: never) => Promise<unknown>> }> = [
  {
    name: 'accounts',
    build: createAccountsApi,
    samples: {
      captchaChallenge: (api) => api.captchaChallenge(),
      login: (api) => api.login({ username: 'sami@example.com', password: 'secret-1', 'g-recaptcha-response': 'c' }),
      refresh: (api) => api.refresh('r'),
      logout: (api) => api.logout(),
      logoutSession: (api) => api.logoutSession('other'),
      switchSession: (api) => api.switchSession('s'),
      me: (api) => api.me(),
      register: (api) => api.register({} as RegisterBody),
      confirmRegistration: (api) => api.confirmRegistration('A1B2C3', 'c'),
      resendCode: (api) => api.resendCode(),
      changeCredential: (api) => api.changeCredential('20000001', 'c'),
      requestPassword: (api) => api.requestPassword('20000001', 'c'),
      resetPassword: (api) => api.resetPassword({} as ResetPasswordBody),
      changePassword: (api) => api.changePassword({} as ChangePasswordBody),
      socialCallback: (api) => api.socialCallback('google', 'code', 'v'.repeat(43)),
      countries: (api) => api.countries(),
      states: (api) => api.states(1),
      divisions: (api) => api.divisions(),
      optionalSubjects: (api) => api.optionalSubjects(4)
    } satisfies Samples<ReturnType<typeof createAccountsApi>>
  },
  {
    name: 'home',
    build: createHomeApi,
    samples: {
      subjects: (api) => api.subjects(),
      subjectsProgress: (api) => api.subjectsProgress(),
      newContents: (api) => api.newContents(),
      freeContents: (api) => api.freeContents(),
      todayEvents: (api) => api.todayEvents(),
      alerts: (api) => api.alerts(),
      forumPosts: (api) => api.forumPosts(),
      usedDuration: (api) => api.usedDuration(50),
      adCards: (api) => api.adCards()
    } satisfies Samples<ReturnType<typeof createHomeApi>>
  },
  {
    name: 'inbox',
    build: createNotificationsApi,
    samples: {
      notifications: (api) => api.notifications(2, true),
      markSeen: (api) => api.markSeen(5),
      messages: (api) => api.messages(7),
      message: (api) => api.message(7, 'm1'),
      popups: (api) => api.popups(7),
      hidePopup: (api) => api.hidePopup(7, 'p1'),
      search: (api) => api.search('alg')
    } satisfies Samples<ReturnType<typeof createNotificationsApi>>
  },
  {
    name: 'profile',
    build: createProfileApi,
    samples: {
      myProfile: (api) => api.myProfile(),
      update: (api) => api.update({} as UpdateProfileBody),
      addEmail: (api) => api.addEmail('sami@example.com'),
      confirmEmail: (api) => api.confirmEmail({ confirmationToken: 'A1B2C3', email: 'sami@example.com', 'g-recaptcha-response': 'c' }),
      addParentPhone: (api) => api.addParentPhone('20000003'),
      updatePreferences: (api) => api.updatePreferences({}),
      countries: (api) => api.countries(),
      states: (api) => api.states(1),
      delegations: (api) => api.delegations(3),
      institutes: (api) => api.institutes(3),
      divisions: (api) => api.divisions(),
      divisionReasons: (api) => api.divisionReasons('fr'),
      divisionRequests: (api) => api.divisionRequests('ar'),
      createDivisionRequest: (api) => api.createDivisionRequest({ newDivision: 2, reason: 1, reason2: null }, 'en'),
      marksheets: (api) => api.marksheets(),
      uploadMarksheet: (api) => api.uploadMarksheet({ file, fileName: 'bulletin.png', trimester: 1, division: 2 }),
      deleteMarksheet: (api) => api.deleteMarksheet(8),
      adCards: (api) => api.adCards(),
      uploadAvatar: (api) => api.uploadAvatar(file, 'avatar.png'),
      deleteAvatar: (api) => api.deleteAvatar()
    } satisfies Samples<ReturnType<typeof createProfileApi>>
  },
  {
    name: 'wallet',
    build: createWalletApi,
    samples: {
      summary: (api) => api.summary(),
      bankAccounts: (api) => api.bankAccounts(),
      codes: (api) => api.codes(),
      createCode: (api) => api.createCode({ reference: null, amount: 10, comment: null, paymentMethod: 'd17' }, 'k1'),
      paymentRedirect: (api) => api.paymentRedirect(1),
      d17: (api) => api.d17(1),
      d17Check: (api) => api.d17Check(1),
      paymentReturn: async (api) => {
        await api.paymentReturn('success', 'o1', 'fr').catch(() => undefined)
        await api.paymentReturn('echec', 'o2', 'ar')
      },
      transfer: (api) => api.transfer({ toUser: '20000002', points: 10 }, 'k2'),
      confirmTransfer: (api) => api.confirmTransfer('A1B2C3', 'k3'),
      resendTransferCode: (api) => api.resendTransferCode(3),
      transferHistory: (api) => api.transferHistory(),
      subscriptions: (api) => api.subscriptions(),
      cancelSubscription: (api) => api.cancelSubscription(7),
      payments: (api) => api.payments(),
      bookmarks: (api) => api.bookmarks()
    } satisfies Samples<ReturnType<typeof createWalletApi>>
  },
  {
    name: 'learning',
    build: createLearningApi,
    samples: {
      subjects: (api) => api.subjects(),
      subjectsProgress: (api) => api.subjectsProgress(),
      chapters: (api) => api.chapters('mathematiques'),
      adCards: (api) => api.adCards(),
      lesson: (api) => api.lesson('mathematiques', 'nombres-complexes', 'module-et-argument'),
      postProgress: (api) =>
        api.postProgress({ contentId: 7, viewToken: 'view-token-1', sequence: 0, from: 0, watchedTime: 0, state: 'paused', at: 1 }),
      usedDuration: (api) => api.usedDuration(50),
      reactions: (api) => api.reactions(7),
      react: (api) => api.react(7, 'love'),
      toggleBookmark: (api) => api.toggleBookmark('mathematiques', 'nombres-complexes', 'module-et-argument'),
      bookmarks: (api) => api.bookmarks(),
      quiz: (api) => api.quiz(3),
      submitQuiz: (api) =>
        api.submitQuiz(3, { attempt_id: '8c2a4f7e-1b3d-4e5f-9a0b-1c2d3e4f5a6b', answers: [{ question_id: 1, option_ids: [2] }] })
    } satisfies Samples<ReturnType<typeof createLearningApi>>
  }
]

describe('the API modules call the shared endpoint tables', () => {
  for (const module of modules) {
    it(`${module.name}: every method calls table entries, each sent with the entry's method, service and path`, async () => {
      const { http, trace } = tracingClient()
      const api = module.build(http) as Record<string, unknown>
      // A method without a sample here would go unchecked.
      expect(Object.keys(module.samples).sort()).toEqual(Object.keys(api).sort())
      for (const [method, run] of Object.entries(module.samples)) {
        const calls = await trace(() => run(api as never))
        expect(calls.length, `${module.name}.${method} calls an entry`).toBeGreaterThan(0)
        const sent = calls[0]?.sent ?? []
        expect(sent, `${module.name}.${method} sends one request per entry`).toHaveLength(calls.length)
        calls.forEach(({ entry }, index) => {
          expect(TABLE.has(entry), `${module.name}.${method} calls an entry of the tables`).toBe(true)
          const request = sent[index]
          expect(request?.method, `${module.name}.${method}`).toBe(entry.method)
          expect(request?.base, `${module.name}.${method}`).toBe(BASE_URLS[entry.service as keyof ApiBaseUrls])
          expect(request?.url, `${module.name}.${method}`).toMatch(pathPattern(entry.path))
        })
      }
    })
  }

  it('sends the entry with its path parameters filled in and encoded, and parses the answer with its schema', async () => {
    const seen: string[] = []
    const adapter: AxiosAdapter = async (config) => {
      seen.push(`${(config.method ?? '').toUpperCase()} ${config.baseURL ?? ''}${config.url ?? ''}`)
      return { data: { message: 'Un nouveau code a été envoyé', extra: true }, status: 200, statusText: '', headers: {}, config }
    }
    const tokens = fixedTokens()
    const http = createHttp(BASE_URLS, tokens, { adapter })
    const answer = await http.call(walletEndpoints.resendTransferCode, { params: { id: 42 } })
    expect(answer).toEqual({ message: 'Un nouveau code a été envoyé' })
    expect(seen).toEqual(['GET http://api.test/api/student/confirm-transfer-points/42'])
    expect(endpointPath('/auth/social/:provider/callback', { provider: 'a b/c' })).toBe('/auth/social/a%20b%2Fc/callback')
    expect(() => endpointPath('/countries/:id/states', {})).toThrow(/id/)
    expect(endpointUrl(BASE_URLS, notificationEndpoints.stream)).toBe('http://notify.test/notify/stream')
  })

  it('refuses, at compile time, an endpoint that is not an entry of the tables', () => {
    const invented = {
      method: 'GET',
      service: 'api',
      path: '/student/wallet-v2',
      access: 'user',
      summary: 'x',
      response: z.object({})
    } as const
    const accept = (call: HttpClient['call']) => call
    // @ts-expect-error a hand-written endpoint is not a table entry
    const check = (http: HttpClient) => accept(http.call)(invented)
    // @ts-expect-error a path parameter of the entry is required
    const missing = (http: HttpClient) => http.call(walletEndpoints.d17)
    // @ts-expect-error the body is typed by the entry's schema
    const wrongBody = (http: HttpClient) => http.call(walletEndpoints.transfer, { body: { to: 'x' } })
    expect([check, missing, wrongBody].every((fn) => typeof fn === 'function')).toBe(true)
    const entry: ClientEndpoint = walletEndpoints.summary
    expect(TABLE.has(entry)).toBe(true)
  })
})
