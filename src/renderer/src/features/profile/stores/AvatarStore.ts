import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '../../../../../shared/api/accounts.ts'
import { isApiError } from '../../../api/errors.ts'
import { generalMessage, ruleMessage, serverFieldMessage, type Message } from '../../../forms/messages.ts'
import type { Problem } from './MarksheetsStore.ts'
import type { DialogDeps } from './ProfileDialogStores.ts'

const EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp'])
const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

function problemOf(message: Message): Problem {
  return 'blank' in message ? { key: 'auth:errors.server' } : message
}

/**
 * The profile photo (§2: editable once the profile is complete; §4: never for a test account).
 * The picked file goes up with its progress; a network failure keeps it for a retry, a refused
 * file says why. The server checks the bytes; the checks here only spare a useless upload.
 */
export class AvatarStore {
  phase: 'idle' | 'uploading' | 'removing' | 'failed' = 'idle'
  /** Share of the upload sent, 0 to 1. */
  progress = 0
  problem: Problem | null = null
  /** The picked file, kept for a retry after a network failure. */
  pending: File | null = null

  private readonly deps: DialogDeps

  constructor(deps: DialogDeps) {
    this.deps = deps
    makeAutoObservable<AvatarStore, 'deps'>(this, { deps: false, pending: observableRef }, { autoBind: true })
  }

  /** Why the photo cannot be changed now, or null when it can. */
  get locked(): 'test-account' | 'incomplete' | null {
    const user = this.deps.session.me?.user
    if (!user) return 'incomplete'
    if (user.istest) return 'test-account'
    return user.completed ? null : 'incomplete'
  }

  get busy(): boolean {
    return this.phase === 'uploading' || this.phase === 'removing'
  }

  get percent(): number {
    return Math.round(this.progress * 100)
  }

  get canRetry(): boolean {
    return this.phase === 'failed' && this.pending !== null
  }

  /** What the picked file breaks of the rules the page can see (size, declared type), or null. */
  check(file: File): Problem | null {
    if (file.size === 0) return problemOf(ruleMessage('avatar.fileRequired'))
    const typed = (AVATAR_MIME_TYPES as readonly string[]).includes(file.type)
    if (!typed && !EXTENSIONS.has(extensionOf(file.name))) return problemOf(ruleMessage('avatar.fileType'))
    if (file.size > AVATAR_MAX_BYTES) return problemOf(ruleMessage('avatar.fileTooLarge'))
    return null
  }

  /** Sends a newly picked photo; true once it is the avatar. */
  async choose(file: File): Promise<boolean> {
    if (this.busy || this.locked) return false
    const problem = this.check(file)
    if (problem) {
      this.problem = problem
      this.phase = 'failed'
      this.pending = null
      return false
    }
    this.pending = file
    return this.send()
  }

  /** Sends the same photo again, without picking it again. */
  async retry(): Promise<boolean> {
    if (!this.canRetry) return false
    return this.send()
  }

  async remove(): Promise<boolean> {
    if (this.busy || this.locked) return false
    this.phase = 'removing'
    this.problem = null
    return this.settle(() => this.deps.api().deleteAvatar(), 'profile:avatar.removed')
  }

  private async send(): Promise<boolean> {
    const file = this.pending
    if (!file) return false
    this.phase = 'uploading'
    this.progress = 0
    this.problem = null
    const upload = () => this.deps.api().uploadAvatar(file, file.name, (fraction) => runInAction(() => (this.progress = fraction)))
    return this.settle(upload, 'profile:avatar.saved', (error) => {
      // A refused photo will be refused again: only a network failure keeps it for a retry.
      if (!isApiError(error) || !error.isNetwork) this.pending = null
    })
  }

  /**
   * The end of an upload or a removal: done, it is said and /auth/me is read again (the header and
   * the profile show the new address); failed, the reason is shown.
   */
  private async settle(
    work: () => Promise<unknown>,
    done: 'profile:avatar.saved' | 'profile:avatar.removed',
    failed: (error: unknown) => void = () => undefined
  ): Promise<boolean> {
    try {
      await work()
      runInAction(() => {
        this.phase = 'idle'
        this.progress = 0
        this.pending = null
      })
      this.deps.ui.notify({ intent: 'success', key: done })
      await this.deps.session.loadUser().catch(() => undefined)
      return true
    } catch (error) {
      runInAction(() => {
        this.phase = 'failed'
        this.progress = 0
        this.problem = this.failure(error)
        failed(error)
      })
      return false
    }
  }

  private failure(error: unknown): Problem {
    if (!isApiError(error)) return { key: 'auth:errors.server' }
    if (error.code === 'test_account') return { key: 'profile:edit.testAccount' }
    if (error.code === 'profile_incomplete') return { key: 'profile:avatar.incomplete' }
    return problemOf(serverFieldMessage(error, 'avatar') ?? generalMessage(error))
  }
}
