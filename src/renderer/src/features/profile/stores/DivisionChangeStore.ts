import { makeAutoObservable, runInAction } from 'mobx'
import { OTHER_REASON_ID } from '../../../../../shared/api/profile.ts'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { isApiError } from '../../../api/errors.ts'
import type { Division, DivisionChangeReason, DivisionRequest, ProfileApi, ReasonLanguage } from '../api.ts'
import { FormState } from '../../../forms/FormState.ts'
import { generalMessage, serverFieldMessage, type Message } from '../../../forms/messages.ts'
import type { DialogDeps } from './ProfileDialogStores.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { Resource } from '../../../lib/loadable.ts'

type Field = 'newDivision' | 'reason' | 'reason2'

const EMPTY: Record<Field, string> = { newDivision: '', reason: '', reason2: '' }

/** What the dialog loads: the reasons, the pupil's requests and the classes, named in one language. */
interface DivisionChangeData {
  reasons: DivisionChangeReason[]
  requests: DivisionRequest[]
  divisions: Division[]
  language: ReasonLanguage
}

export interface DivisionChangeDeps extends DialogDeps {
  api: () => ProfileApi
  /** The language of the reasons and of the classes' names (Accept-Language). */
  language: () => ReasonLanguage
}

/**
 * The class-change dialog (§3, §5): the reasons from the API (id 4 reveals a free-text field),
 * the new class (choosing the current one clears the choice), and the pupil's requests.
 */
export class DivisionChangeStore {
  open = false
  /** The choices, the server's errors and the submit status. */
  readonly form = new FormState<Field>(EMPTY)
  /**
   * The reasons, the requests and the classes (lib/loadable.ts). A load asked for while another
   * runs (the dialog opened again, in another language) supersedes it: the older answer is dropped.
   */
  readonly data: Resource<DivisionChangeData>

  private readonly deps: DivisionChangeDeps

  constructor(deps: DivisionChangeDeps) {
    this.deps = deps
    this.data = new Resource(() => this.fetch())
    makeAutoObservable<DivisionChangeStore, 'deps' | 'fetch'>(
      this,
      { deps: false, fetch: false, form: false, data: false },
      { autoBind: true }
    )
  }

  get loadStatus(): LoadStatus {
    return this.data.status
  }

  get reasons(): DivisionChangeReason[] {
    return this.data.data?.reasons ?? []
  }

  get requests(): DivisionRequest[] {
    return this.data.data?.requests ?? []
  }

  get divisions(): Division[] {
    return this.data.data?.divisions ?? []
  }

  get values(): Record<Field, string> {
    return this.form.values
  }

  get currentDivisionId(): number | null {
    return this.deps.session.me?.user.division?.id ?? null
  }

  /** Test accounts and pupils without the permission cannot ask (§4). */
  get allowed(): boolean {
    const me = this.deps.session.me
    return Boolean(me && me.permissions.hasEditDivision && !me.user.istest)
  }

  get needsText(): boolean {
    const reason = this.reasons.find((entry) => String(entry.id) === this.values.reason)
    return reason ? reason.needs_text : this.values.reason === String(OTHER_REASON_ID)
  }

  get pending(): boolean {
    return this.requests.some((request) => request.status === 'pending')
  }

  show(): void {
    this.open = true
    this.form.clearFeedback()
    void this.load()
  }

  close(): void {
    this.open = false
  }

  load(): Promise<void> {
    return this.data.reload()
  }

  /**
   * The reasons, the pupil's requests and the classes, in the interface language; the classes are
   * kept from an earlier opening in the same language, asked again in another.
   */
  private async fetch(): Promise<DivisionChangeData> {
    const language = this.deps.language()
    const held = this.data.data
    const keptDivisions = held !== null && held.divisions.length > 0 && held.language === language
    const [reasons, requests, divisions] = await Promise.all([
      this.deps.api().divisionReasons(language),
      this.deps.api().divisionRequests(language),
      keptDivisions ? Promise.resolve(held.divisions) : this.deps.api().divisions()
    ])
    return { reasons, requests, divisions, language }
  }

  set(field: Field, value: string): void {
    // The current class is no change: the choice is cleared.
    this.form.set(field, field === 'newDivision' && value !== '' && Number(value) === this.currentDivisionId ? '' : value)
    if (field === 'reason' && !this.needsText) this.form.setServerError('reason2', null)
  }

  rule(field: Field): MessageKey | null {
    if (field === 'reason') return this.values.reason === '' ? 'divisionRequest.reasonRequired' : null
    if (field === 'newDivision') return this.values.newDivision === '' ? 'divisionRequest.divisionRequired' : null
    return this.needsText && this.values.reason2.trim() === '' ? 'divisionRequest.reason2Required' : null
  }

  error(field: Field): Message | null {
    return this.form.visible(field, this.rule(field))
  }

  get submitting(): boolean {
    return this.form.submitting
  }

  async submit(): Promise<boolean> {
    this.form.attempt()
    // One request at a time: the server refuses a second while one is pending.
    if (this.submitting || !this.allowed || this.pending) return false
    if (this.rule('reason') || this.rule('newDivision') || this.rule('reason2')) return false
    this.form.setStatus('loading')
    try {
      // The server's text is French: the pupil reads the catalogue's, in their language.
      await this.deps.api().createDivisionRequest(
        {
          newDivision: Number(this.values.newDivision),
          reason: Number(this.values.reason),
          reason2: this.needsText ? this.values.reason2.trim() : null
        },
        this.deps.language()
      )
      runInAction(() => {
        this.form.reset(EMPTY)
        this.form.setStatus('succeeded')
      })
      this.deps.ui.notify({ intent: 'success', key: 'profile:divisionChange.sent' })
      await this.load()
      return true
    } catch (error) {
      runInAction(() => {
        this.form.setStatus('failed')
        if (!isApiError(error)) {
          this.deps.ui.notify({ intent: 'error', key: 'auth:errors.server' })
          return
        }
        const fields: Partial<Record<Field, Message>> = {}
        for (const field of ['newDivision', 'reason', 'reason2'] as const) {
          const message = serverFieldMessage(error, field)
          if (message) fields[field] = message
        }
        this.form.setServerErrors(fields)
        if (Object.keys(fields).length === 0) {
          const message = generalMessage(error)
          if ('key' in message) this.deps.ui.notify({ intent: 'error', key: message.key })
          else if ('text' in message) this.deps.ui.notify({ intent: 'error', text: message.text })
        }
      })
      return false
    }
  }
}
