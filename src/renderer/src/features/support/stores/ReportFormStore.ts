/**
 * The video-report dialog (part 2, §4 and §5): create mode for a lesson, edit mode for a Pending
 * report. A reason and a description are both needed ('Remplir les champs raison et
 * description', src/shared/rules/videoReport.ts); what was typed stays through a refused submit.
 * A report the operator has moved on meanwhile is refused by the server: the dialog says so and
 * the list is asked again, so that it shows the report's real status.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { videoReportProblems } from '../../../../../shared/rules/videoReport.ts'
import { isApiError } from '../../../api/errors.ts'
import { FormState } from '../../../forms/FormState.ts'
import type { Message } from '../../../forms/messages.ts'
import { Resource } from '../../../lib/loadable.ts'
import type { SnackbarInput } from '../../../stores/UiStore.ts'
import type { ReportReason, SupportApi, VideoReport } from '../api.ts'

export type ReportField = 'reason' | 'description'

const EMPTY: Record<ReportField, string> = { reason: '', description: '' }

/** What the dialog is for: a lesson to report, or one of the pupil's reports to change. */
export type ReportTarget = { mode: 'create'; contentId: number } | { mode: 'edit'; report: VideoReport }

export interface ReportFormDeps {
  api: () => SupportApi
  notify: (input: SnackbarInput) => void
  /** A report was saved, or refused as no longer Pending: the list is asked again. */
  onChanged: () => void
  /** The interface language: the reasons are worded in it. */
  language: () => string
}

/** The server's field names to the form's. */
const SERVER_FIELDS: Partial<Record<string, ReportField>> = { reportReason: 'reason', description: 'description' }

export class ReportFormStore {
  open = false
  target: ReportTarget | null = null
  /** The form's own message, under the fields (a refusal no field takes). */
  message: Message | null = null
  readonly form: FormState<ReportField>
  readonly reasons: Resource<ReportReason[]>

  private readonly deps: ReportFormDeps

  constructor(deps: ReportFormDeps) {
    this.deps = deps
    this.form = new FormState<ReportField>(EMPTY, {
      feedback: 'untilEdit',
      rules: { reason: () => this.problem('reason'), description: () => this.problem('description') }
    })
    this.reasons = new Resource(() => deps.api().reasons(), { scope: deps.language })
    makeAutoObservable<ReportFormStore, 'deps'>(this, { deps: false, form: false, reasons: false }, { autoBind: true })
  }

  get mode(): 'create' | 'edit' {
    return this.target?.mode ?? 'create'
  }

  get submitting(): boolean {
    return this.form.submitting
  }

  /** The rule's first message for a field, from the shared video report rule. */
  problem(field: ReportField): MessageKey | null {
    const values = this.form.values
    const problems = videoReportProblems({
      reportReason: values.reason === '' ? null : Number(values.reason),
      description: values.description
    })
    return problems[field === 'reason' ? 'reportReason' : 'description']?.[0] ?? null
  }

  error(field: ReportField): Message | null {
    return this.form.error(field)
  }

  /**
   * Opens the dialog for a lesson or a report. What was typed for the same target and not sent
   * yet is kept; another target starts from its own values.
   */
  show(target: ReportTarget): void {
    const same = this.target !== null && sameTarget(this.target, target)
    this.target = target
    this.open = true
    this.message = null
    if (!same || this.form.status === 'succeeded') {
      this.form.reset(
        target.mode === 'edit' ? { reason: String(target.report.report_reason.id), description: target.report.description } : EMPTY
      )
    } else {
      this.form.clearFeedback()
    }
    void this.reasons.reload()
  }

  close(): void {
    this.open = false
  }

  set(field: ReportField, value: string): void {
    this.form.set(field, value)
    this.message = null
  }

  /** Sends the form: true once saved. Nothing is sent while a field is missing. */
  async submit(): Promise<boolean> {
    const target = this.target
    if (!target || this.submitting) return false
    this.message = null
    if (!this.form.check()) return false
    const body = {
      content: target.mode === 'edit' ? target.report.content.id : target.contentId,
      reportReason: Number(this.form.values.reason),
      description: this.form.values.description.trim()
    }
    this.form.setStatus('loading')
    try {
      if (target.mode === 'edit') await this.deps.api().update(target.report.id, body)
      else await this.deps.api().create(body)
      runInAction(() => {
        this.form.setStatus('succeeded')
        this.open = false
      })
      this.deps.notify({ intent: 'success', key: target.mode === 'edit' ? 'support:dialog.updated' : 'support:dialog.created' })
      this.deps.onChanged()
      return true
    } catch (error) {
      runInAction(() => {
        this.message = this.form.fail(error, SERVER_FIELDS)
      })
      // The operator moved the report on meanwhile: the list shows its real status.
      if (isApiError(error) && error.code === 'video_report_not_pending') this.deps.onChanged()
      return false
    }
  }
}

function sameTarget(a: ReportTarget, b: ReportTarget): boolean {
  if (a.mode === 'create' && b.mode === 'create') return a.contentId === b.contentId
  if (a.mode === 'edit' && b.mode === 'edit') return a.report.id === b.report.id
  return false
}
