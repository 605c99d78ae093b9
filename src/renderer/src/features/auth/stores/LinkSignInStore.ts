import { makeAutoObservable, runInAction } from 'mobx'
import type { SocialProvider } from '../../../api/accounts.ts'
import { ApiError, isApiError } from '../../../api/errors.ts'
import type { DeepLinkStore } from '../../../stores/DeepLinkStore.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { generalMessage, type Message } from '../../../forms/messages.ts'
import type { SocialSignIns } from '../socialSignIn.ts'
import { toast, type AuthDeps } from './deps.ts'

/**
 * Sign-in from a `darsi://` link: the social-login return (§2 /login/{provider}/callback) and the
 * administrator's switch (§6). Each link is spent once, so the attempt runs at most once.
 */
export class LinkSignInStore {
  status: LoadStatus = 'idle'
  /** Nothing to sign in with (no code, or no switch link received). */
  missing = false
  failure: Message | null = null
  private readonly deps: AuthDeps
  private readonly inbox: Pick<DeepLinkStore, 'take'>
  /** The social sign-ins this app started (the social return page; the switch page has none). */
  private readonly signIns: Pick<SocialSignIns, 'take'> | null

  constructor(deps: AuthDeps, inbox: Pick<DeepLinkStore, 'take'>, signIns: Pick<SocialSignIns, 'take'> | null = null) {
    this.deps = deps
    this.inbox = inbox
    this.signIns = signIns
    makeAutoObservable<LinkSignInStore, 'deps' | 'inbox' | 'signIns'>(
      this,
      { deps: false, inbox: false, signIns: false },
      { autoBind: true }
    )
  }

  /**
   * The provider's code: from the deep link that opened the page, else from the query. It is
   * exchanged only if the link answers the sign-in this app started (its state), with that
   * sign-in's PKCE verifier.
   */
  async social(provider: SocialProvider, search: string): Promise<void> {
    if (this.status !== 'idle') return
    const link = this.inbox.take('social-callback')
    const query = new URLSearchParams(search)
    const fromLink = link !== null && link.provider === provider
    const code = fromLink ? link.code : query.get('code')
    if (!code) {
      this.missing = true
      this.status = 'succeeded'
      return
    }
    const verifier = this.signIns?.take(provider, fromLink ? link.state : query.get('state')) ?? null
    // A failure sends the page back to the sign-in form: the message goes with it as a snackbar.
    await this.attempt(async () => {
      if (!verifier) throw new ApiError('oauth_code_invalid', '')
      const { session } = this.deps
      await session.signIn(await session.api.socialCallback(provider, code, verifier))
    }, true)
  }

  async switchAccount(): Promise<void> {
    if (this.status !== 'idle') return
    const link = this.inbox.take('switch')
    if (!link) {
      this.missing = true
      this.status = 'failed'
      return
    }
    // The switch page shows its failure itself, in its card.
    await this.attempt(() => this.deps.session.switchTo(link), false)
  }

  private async attempt(task: () => Promise<void>, toastFailure: boolean): Promise<void> {
    this.status = 'loading'
    try {
      await task()
      runInAction(() => {
        this.status = 'succeeded'
      })
    } catch (error) {
      const message = generalMessage(isApiError(error) ? error : new ApiError('server_error', ''))
      runInAction(() => {
        this.failure = message
        this.status = 'failed'
      })
      if (toastFailure) toast(this.deps.ui, message)
    }
  }
}
