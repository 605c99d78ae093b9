import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import type { AuthResult, MeResponse } from '../../../shared/api/accounts.ts'
import { USER_REFRESH_INTERVAL_MS } from '../../../shared/constants.ts'
import type { ApiBaseUrls, Session } from '../../../shared/ipc.ts'
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

export type ApiFactory = (baseUrls: ApiBaseUrls, tokens: TokenSource) => AccountsApi

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
}

const defaultApiFactory: ApiFactory = (baseUrls, tokens) => createAccountsApi(createHttp(baseUrls, tokens))
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
    points: me.user.points
  }
}

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

  private readonly refreshQueue = new RefreshQueue<string>()
  private apiInstance: AccountsApi | null = null
  private captchaSolver: CaptchaSolver | null = null
  private pollHandle: unknown = null
  private readonly options: SessionStoreOptions

  constructor(options: SessionStoreOptions) {
    this.options = options
    makeAutoObservable<SessionStore, 'apiInstance' | 'captchaSolver' | 'pollHandle' | 'options' | 'refreshQueue'>(
      this,
      { session: observableRef, me: observableRef, baseUrls: observableRef, apiInstance: false, captchaSolver: false, pollHandle: false, options: false, refreshQueue: false },
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

  /** Solves a fresh bot check (`g-recaptcha-response`). */
  solveCaptcha(): Promise<string> {
    this.captchaSolver ??= (this.options.createCaptcha ?? createCaptchaSolver)(this.api)
    return this.captchaSolver()
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
      impersonating: this.session?.adminUserId != null || me?.admin_user_id != null
    }
  }

  /** Restores the stored session, if any, and checks it with the server. */
  async start(): Promise<void> {
    this.status = 'loading'
    this.failure = null
    if (!this.apiInstance) {
      try {
        const settings = await this.options.platform.settingsGet()
        runInAction(() => {
          this.baseUrls = settings.apiBaseUrls
          this.apiInstance = (this.options.createApi ?? defaultApiFactory)(settings.apiBaseUrls, this)
        })
      } catch {
        runInAction(() => {
          this.status = 'failed'
          this.failure = 'platform'
        })
        return
      }
    }
    let stored: Session | null = null
    try {
      stored = this.session ?? (await this.options.platform.sessionGet())
    } catch {
      stored = null
    }
    if (!stored) {
      runInAction(() => {
        this.status = 'succeeded'
      })
      return
    }
    runInAction(() => {
      this.session = stored
    })
    try {
      await this.loadUser()
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
   * confirmation or a password change) keeps the current user on screen while it reloads.
   */
  async signIn(result: AuthResult, marker: { adminUserId?: number; isTest?: boolean; sameUser?: boolean } = {}): Promise<void> {
    const session = this.sessionFrom(result, marker)
    this.stopPolling()
    this.session = session
    if (!marker.sameUser) this.me = null
    try {
      await this.persist(session)
      await this.loadUser()
    } catch (error) {
      await this.clearLocal()
      throw error
    }
  }

  /** Admin impersonation: a pupil's access token with the admin marker and the test flag. */
  async switchTo(link: { token: string; adminId: string; userId: string }): Promise<void> {
    await this.signIn(
      {
        token: link.token,
        refresh_token: '',
        token_type: 'Bearer',
        expires_in: 1,
        user_type: 'student',
        verified: true,
        password_expired: false,
        message: ''
      },
      { adminUserId: Number(link.adminId), isTest: true }
    )
  }

  /** The current user again (every 80 s, and after changes). */
  async loadUser(): Promise<MeResponse> {
    const me = await this.api.me()
    runInAction(() => {
      if (!this.session) return
      this.me = me
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
    const next = this.sessionFrom(result, { adminUserId: current.adminUserId ?? undefined, isTest: current.isTest })
    runInAction(() => {
      if (this.session === current) this.session = next
    })
    await this.persist(next)
    return next.token
  }

  onUnauthorized(): void {
    void this.clearLocal()
  }

  private sessionFrom(result: AuthResult, marker: { adminUserId?: number; isTest?: boolean }): Session {
    const now = (this.options.now ?? Date.now)()
    return {
      token: result.token,
      refreshToken: result.refresh_token || null,
      tokenType: 'Bearer',
      expiresAt: marker.adminUserId ? null : now + result.expires_in * 1000,
      userType: result.user_type,
      ...(marker.adminUserId ? { adminUserId: marker.adminUserId } : {}),
      ...(marker.isTest !== undefined ? { isTest: marker.isTest } : {})
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
