/**
 * 'My reports' (/reports, part 2 §2 and §4): the pupil's video reports, newest first; only a
 * Pending one can be edited or deleted. A deletion, once confirmed, takes the report off the list
 * at once and puts it back with a message when the server refuses (the operator moved it on: the
 * list is asked again and shows its real status).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { isApiError } from '../../../api/errors.ts'
import { generalMessage } from '../../../forms/messages.ts'
import { Resource } from '../../../lib/loadable.ts'
import type { SnackbarInput } from '../../../stores/UiStore.ts'
import type { SupportApi, VideoReport } from '../api.ts'
import { ReportFormStore } from './ReportFormStore.ts'

/** Only a Pending report shows edit and delete (part 2, §4). */
export function canChange(report: Pick<VideoReport, 'status'>): boolean {
  return report.status === 'Pending'
}

export interface ReportsDeps {
  api: () => SupportApi
  notify: (input: SnackbarInput) => void
  language: () => string
  scope?: () => unknown
}

export class ReportsStore {
  readonly list: Resource<VideoReport[]>
  /** The edit mode of the report dialog. */
  readonly editor: ReportFormStore
  /** The report whose deletion waits for the pupil's confirmation. */
  confirming: VideoReport | null = null
  /** Reports taken off the list while their deletion is on its way. */
  removing = new Set<number>()

  private readonly deps: ReportsDeps

  constructor(deps: ReportsDeps) {
    this.deps = deps
    this.list = new Resource(() => deps.api().reports(), { scope: deps.scope })
    this.editor = new ReportFormStore({
      api: deps.api,
      notify: deps.notify,
      language: deps.language,
      onChanged: () => void this.list.reload()
    })
    makeAutoObservable<ReportsStore, 'deps'>(this, { deps: false, list: false, editor: false }, { autoBind: true })
  }

  /** The page opens: the list is asked again (a report may have been sent or moved on since). */
  enter(): Promise<void> {
    return this.list.reload()
  }

  get shown(): VideoReport[] {
    return (this.list.data ?? []).filter((report) => !this.removing.has(report.id))
  }

  edit(report: VideoReport): void {
    if (!canChange(report)) return
    this.editor.show({ mode: 'edit', report })
  }

  askDelete(report: VideoReport): void {
    if (!canChange(report)) return
    this.confirming = report
  }

  cancelDelete(): void {
    this.confirming = null
  }

  get deleting(): boolean {
    return this.confirming !== null && this.removing.has(this.confirming.id)
  }

  /** The confirmed deletion: off the list at once, back with a message if refused. */
  async confirmDelete(): Promise<boolean> {
    const report = this.confirming
    if (!report || this.removing.has(report.id)) return false
    this.removing.add(report.id)
    this.confirming = null
    try {
      await this.deps.api().remove(report.id)
      await this.list.reload()
      this.deps.notify({ intent: 'success', key: 'support:reports.deleted' })
      return true
    } catch (error) {
      const message = isApiError(error) ? generalMessage(error) : { key: 'auth:errors.server' as const }
      if ('key' in message) this.deps.notify({ intent: 'error', key: message.key, values: message.values })
      else this.deps.notify({ intent: 'error', key: 'auth:errors.server' })
      if (isApiError(error) && error.code === 'video_report_not_pending') await this.list.reload()
      return false
    } finally {
      runInAction(() => this.removing.delete(report.id))
    }
  }
}
