import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import type { AuthResult, MeResponse } from '../../../shared/api/accounts.ts'
import { USER_REFRESH_INTERVAL_MS } from '../../../shared/constants.ts'
import type { SwitchRedirect } from '../../../shared/deepLink.ts'
import type { ApiBaseUrls, Language, Session } from '../../../shared/ipc.ts'
import { createAccountsApi, type AccountsApi } from '../api/accounts.ts'
import { createCaptchaSolver, type CaptchaSolver } from '../api/captcha.ts'
import { ApiError, isApiError } from '../api/errors.ts'
import { createHttp, type TokenSource } from '../api/http.ts'
import { RefreshQueue } from '../api/refreshQueue.ts'
import { needsProfileCompletion, type AccessState } from '../app/guard.ts'
import type { Platform } from '../platform/bridge.ts'
import type { ShellUser } from './permissions.ts'
import type { LoadStatus } from './status.ts'
import type { UserStore } from './UserStore.ts'

/** `language`: the language to ask the server in, at the time of each request (Accept-Language). */
export type ApiFactory = (baseUrls: ApiBaseUrls, tokens: TokenSource, language: () => Language) => AccountsApi

export interface Timers {
  setInterval(handler: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export interface SessionStoreOptions {
  platform: Platform
  user: Pick<UserStore, 'setCurrentUser' | 'clear'>
  createApi?: ApiFactory
  createCaptcha?: (api: AccountsApi) => CaptchaSolver
  timers?: Timers
  now?: () => number
  /** The interface language once the settings are read; null before (the stored one is used meanwhile). */
  language?: () => Language | null
}

const defaultApiFactory: ApiFactory = (baseUrls, tokens, language) => createAccountsApi(createHttp(baseUrls, tokens, { language }))
const defaultTimers: Timers = {
  setInterval: (handler, ms) => setInterval(handler, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>)
}

export function toShellUser(me: MeResponse): ShellUser {
  return {
    id: me.user.id,
    name: me.user.name,
    last_name: me.user.last_name,
    gift_code: me.user.gift_code,
    hasParent: me.hasParent,
    hasParentRequest: me.hasParentRequest,
    points: me.user.points,
    completed: me.user.completed,
    istest: me.user.istest,
    admin: me.user.user_type === 'admin',
    impersonated: me.admin_user_id !== null
  }
}

/**
 * §4, §6: what an administrator's switch link leaves behind. It outlives the session (logout
 * and a lost session keep it, as the specification's stored marker does) until the user signs
 * in on their own or its register redirect has been used.
 */
export interface AdminMarker {
  adminUserId: number
  redirectTo: SwitchRedirect | null
}

/** A switch link as the deep-link parser hands it over. */
export interface SwitchLink {
  token: string
  adminId: string
  userId: string
  redirectTo?: SwitchRedirect
}

type SignInMarker = { adminUserId?: number; isTest?: boolean; redirectTo?: SwitchRedirect | null; sameUser?: boolean }

/**
 * The signed-in state. The tokens live in the main process (secure storage) and, while the app
 * runs, in this store's memory only; nothing of the session touches renderer storage.
 */
export class SessionStore implements TokenSource {
  /** The start-up check: restore the stored session and load the user. */
  status: LoadStatus = 'idle'
  /** Why the start-up check failed: the network, or the main process. */
  failure: 'network' | 'platform' | null = null
  session: Session | null = null
  me: MeResponse | null = null
  /** The session could not be persisted and the user has not been told yet. */
  storageWarning = false
  /** Where to go once signed in and confirmed: `/`, or `/offres` for the offers flow. */
  landing: '/' | '/offres' = '/'
  /** The service base URLs from the main process settings. */
  baseUrls: ApiBaseUrls | null = null
  adminMarker: AdminMarker | null = null
  /**
   * Changes whenever the signed-in user changes or signs out: the stores that hold a user's
   * data (wallet, history, profile) are built again for the next one, nothing of it carried over.
   */
  userScope = 0
  /** The language `me` was asked in (its class, governorate … are named in it). */
  meLanguage: Language | null = null

  private readonly refreshQueue = new RefreshQueue<string>()
  private apiInstance: AccountsApi | null = null
  private captchaSolver: CaptchaSolver | null = null
  private pollHandle: unknown = null
  private readonly options: SessionStoreOptions
  /** Resolves once the start-up check has asked the server, or ended without asking. */
  private checkSent: Promise<void> = Promise.resolve()
  private markCheckSent: () => void = () => undefined
  /** The language of the stored settings, read by the start-up check before the settings store has them. */
  private storedLanguage: Language | null = null
  /** Counts the loads of `me`: only the latest one's answer is kept. */
  private userLoads = 0

  constructor(options: SessionStoreOptions) {
    this.options = options
    makeAutoObservable<
      SessionStore,
      | 'apiInstance'
      | 'captchaSolver'
      | 'pollHandle'
      | 'options'
      | 'refreshQueue'
      | 'checkSent'
      | 'markCheckSent'
      | 'storedLanguage'
      | 'userLoads'
    >(
      this,
      {
        session: observableRef,
        me: observableRef,
        baseUrls: observableRef,
        apiInstance: false,
        captchaSolver: false,
        pollHandle: false,
        options: false,
        refreshQueue: false,
        checkSent: false,
        markCheckSent: false,
        storedLanguage: false,
        userLoads: false
      },
      { autoBind: true }
    )
  }

  get api(): AccountsApi {
    if (!this.apiInstance) throw new ApiError('network', 'the API is not configured yet')
    return this.apiInstance
  }

  get ready(): boolean {
    return this.status === 'succeeded'
  }

  /**
   * The language the server is asked in (Accept-Language of every client built on this session):
   * the interface language, or the stored one while the settings store is still reading it.
   */
  apiLanguage(): Language {
    return this.options.language?.() ?? this.storedLanguage ?? 'fr'
  }

  /**
   * The interface language changed: the current user is asked for again, the names of their class,
   * governorate, delegation and institute coming in the new language.
   */
  async languageChanged(): Promise<void> {
    if (!this.session || !this.me || this.meLanguage === this.apiLanguage()) return
    await this.loadUser().catch(() => undefined)
  }

  /** Solves a fresh bot check (`g-recaptcha-response`). */
  solveCaptcha(): Promise<string> {
    this.captchaSolver ??= (this.options.createCaptcha ?? createCaptchaSolver)(this.api)
    return this.captchaSolver()
  }

  /** An address the API gave relative to its origin (an avatar, a video, a page), made absolute; null when it cannot be. */
  apiAddress(path: string): string | null {
    if (!this.baseUrls) return null
    try {
      return new URL(path, this.baseUrls.api).href
    } catch {
      return null
    }
  }

  /** The current user's avatar as an address the page can show (the API gives it relative to its origin). */
  get avatarUrl(): string | null {
    const path = this.me?.user.avatar
    return path ? this.apiAddress(path) : null
  }

  get signedIn(): boolean {
    return this.session !== null && this.me !== null
  }

  get accessState(): AccessState {
    const me = this.me
    return {
      signedIn: this.signedIn,
      verified: me?.user.verified ?? false,
      passwordChangeRequired: me?.permissions.changePassword ?? false,
      profileIncomplete: me ? needsProfileCompletion(me.user) : false,
      impersonating: this.session?.adminUserId != null || me?.admin_user_id != null,
      registerRedirect: this.session === null && this.adminMarker?.redirectTo === 'RegisterPage'
    }
  }

  /** Restores the stored session, if any, and checks it with the server. */
  async start(): Promise<void> {
    this.checkSent = new Promise((resolve) => {
      this.markCheckSent = resolve
    })
    try {
      await this.check()
    } finally {
      this.markCheckSent()
    }
  }

  /**
   * Resolves once the start-up check has sent its request (or ended without one): start-up work
   * that would hold the page's thread waits for it, so the check is not queued behind it.
   */
  whenCheckSent(): Promise<void> {
    return this.checkSent
  }

  private async check(): Promise<void> {
    this.status = 'loading'
    this.failure = null
    // Both reads from main at once: the stored session does not wait for the settings.
    const storedRead: Promise<Session | null> = this.session
      ? Promise.resolve(this.session)
      : this.options.platform.sessionGet().catch(() => null)
    if (!this.apiInstance) {
      try {
        const settings = await this.options.platform.settingsGet()
        runInAction(() => {
          this.baseUrls = settings.apiBaseUrls
          this.storedLanguage = settings.language
          this.apiInstance = (this.options.createApi ?? defaultApiFactory)(settings.apiBaseUrls, this, this.apiLanguage)
        })
      } catch {
        runInAction(() => {
          this.status = 'failed'
          this.failure = 'platform'
        })
        return
      }
    }
    const stored = await storedRead
    if (!stored) {
      runInAction(() => {
        this.status = 'succeeded'
      })
      return
    }
    runInAction(() => {
      this.session = stored
      if (stored.adminUserId) this.adminMarker = { adminUserId: stored.adminUserId, redirectTo: stored.redirectTo ?? null }
    })
    try {
      const loading = this.loadUser()
      this.markCheckSent()
      await loading
      runInAction(() => {
        this.status = 'succeeded'
      })
    } catch (error) {
      if (isApiError(error) && error.isNetwork) {
        // Keep the stored session for the retry, show nothing of it meanwhile.
        runInAction(() => {
          this.me = null
          this.status = 'failed'
          this.failure = 'network'
        })
        return
      }
      // Tampered, expired or revoked: back to signed out, nothing stale kept.
      await this.clearLocal()
      runInAction(() => {
        this.status = 'succeeded'
      })
    }
  }

  /**
   * Opens a session from a sign-in answer; on failure nothing of it is kept. `sameUser` (after a
   * confirmation or a password change) keeps the current user on screen while it reloads, and
   * the administrator's marker with it.
   */
  async signIn(result: AuthResult, marker: SignInMarker = {}): Promise<void> {
    const current = this.session
    const carried: SignInMarker =
      marker.sameUser && current?.adminUserId
        ? { adminUserId: current.adminUserId, isTest: current.isTest, redirectTo: current.redirectTo ?? null, ...marker }
        : marker
    const session = this.sessionFrom(result, carried)
    this.stopPolling()
    this.session = session
    if (!marker.sameUser) {
      this.me = null
      this.userScope++
      // A sign-in of one's own replaces an administrator's marker; a switch sets a new one.
      this.adminMarker = carried.adminUserId ? { adminUserId: carried.adminUserId, redirectTo: carried.redirectTo ?? null } : null
    }
    try {
      await this.persist(session)
      await this.loadUser()
    } catch (error) {
      await this.clearLocal()
      throw error
    }
  }

  /**
   * Admin impersonation (§6): the link's single-use token is exchanged for the pupil's session
   * (refreshable, marked with the administrator, test flag set). The session it replaces is
   * revoked on the server and nothing of its user is kept. A link that fails leaves the current
   * session as it was.
   */
  async switchTo(link: SwitchLink): Promise<void> {
    const result = await this.api.switchSession(link.token)
    const previous = this.session
    if (previous) await this.revokeReplaced(previous)
    await this.signIn(result, { adminUserId: Number(link.adminId), isTest: true, redirectTo: link.redirectTo ?? null })
  }

  /**
   * §4: the session ended and the administrator's marker asks for the external registration
   * page. True once (the marker is spent), so the page opens a single time.
   */
  takeRegisterRedirect(): boolean {
    if (this.session !== null || this.adminMarker?.redirectTo !== 'RegisterPage') return false
    this.adminMarker = null
    return true
  }

  /**
   * The current user again (every 80 s, after changes, in a new language). Of loads that overlap,
   * only the latest one's answer is kept: an older one (asked in the previous language) arriving
   * last does not replace it.
   */
  async loadUser(): Promise<MeResponse> {
    const load = ++this.userLoads
    const language = this.apiLanguage()
    const me = await this.api.me()
    runInAction(() => {
      if (!this.session || load !== this.userLoads) return
      this.me = me
      this.meLanguage = language
      this.options.user.setCurrentUser(toShellUser(me), me.permissions)
    })
    if (this.session) this.startPolling()
    return me
  }

  /** Revokes the session on the server (best effort), then forgets it everywhere. */
  async logout(): Promise<void> {
    if (this.session) {
      try {
        await this.api.logout()
      } catch {
        // Signed out locally all the same; the server session expires by itself.
      }
    }
    await this.clearLocal()
  }

  acknowledgeStorageWarning(): void {
    this.storageWarning = false
    this.options.platform.secureStorageAcknowledge().catch(() => undefined)
  }

  setLanding(search: string): void {
    this.landing = new URLSearchParams(search).get('nextPage') === 'offres' ? '/offres' : '/'
  }

  // TokenSource — used by the HTTP layer.

  accessToken(): string | null {
    return this.session?.token ?? null
  }

  canRefresh(): boolean {
    return Boolean(this.session?.refreshToken)
  }

  /**
   * Every HTTP client (accounts, wallet …) refreshes through here: one refresh in flight for the
   * whole app, since a second use of a rotated refresh token would revoke the session.
   */
  refresh(): Promise<string> {
    return this.refreshQueue.run(() => this.rotateTokens())
  }

  private async rotateTokens(): Promise<string> {
    const current = this.session
    if (!current?.refreshToken) throw new ApiError('refresh_token_invalid', 'no refresh token')
    const result = await this.api.refresh(current.refreshToken)
    const next = this.sessionFrom(result, {
      adminUserId: current.adminUserId ?? undefined,
      isTest: current.isTest,
      redirectTo: current.redirectTo ?? null
    })
    runInAction(() => {
      if (this.session === current) this.session = next
    })
    await this.persist(next)
    return next.token
  }

  onUnauthorized(): void {
    void this.clearLocal()
  }

  /** Best effort: the replaced session's access token, refreshed once if it has expired. */
  private async revokeReplaced(previous: Session): Promise<void> {
    try {
      await this.api.logoutSession(previous.token)
    } catch (error) {
      if (!isApiError(error) || error.code !== 'token_expired' || !previous.refreshToken) return
      try {
        const fresh = await this.api.refresh(previous.refreshToken)
        await this.api.logoutSession(fresh.token)
      } catch {
        // Unreachable or already gone: it expires by itself.
      }
    }
  }

  private sessionFrom(result: AuthResult, marker: SignInMarker): Session {
    const now = (this.options.now ?? Date.now)()
    return {
      token: result.token,
      refreshToken: result.refresh_token || null,
      tokenType: 'Bearer',
      expiresAt: now + result.expires_in * 1000,
      userType: result.user_type,
      ...(marker.adminUserId ? { adminUserId: marker.adminUserId } : {}),
      ...(marker.isTest !== undefined ? { isTest: marker.isTest } : {}),
      ...(marker.adminUserId && marker.redirectTo ? { redirectTo: marker.redirectTo } : {})
    }
  }

  private async persist(session: Session): Promise<void> {
    let persisted: boolean
    try {
      persisted = (await this.options.platform.sessionSet(session)).persisted
    } catch {
      persisted = false
    }
    if (persisted) return
    try {
      const status = await this.options.platform.secureStorageStatus()
      runInAction(() => {
        if (status.shouldWarn) this.storageWarning = true
      })
    } catch {
      // Nothing to tell without the status.
    }
  }

  private async clearLocal(): Promise<void> {
    this.stopPolling()
    runInAction(() => {
      if (this.session !== null || this.me !== null) this.userScope++
      this.session = null
      this.me = null
      this.options.user.clear()
    })
    try {
      await this.options.platform.sessionClear()
    } catch {
      // The main process is gone or refused: memory is cleared, which is what the page uses.
    }
  }

  private startPolling(): void {
    if (this.pollHandle !== null) return
    const timers = this.options.timers ?? defaultTimers
    this.pollHandle = timers.setInterval(() => {
      if (!this.session) return
      this.loadUser().catch(() => undefined)
    }, USER_REFRESH_INTERVAL_MS)
  }

  private stopPolling(): void {
    if (this.pollHandle === null) return
    ;(this.options.timers ?? defaultTimers).clearInterval(this.pollHandle)
    this.pollHandle = null
  }

  dispose(): void {
    this.stopPolling()
  }
}
