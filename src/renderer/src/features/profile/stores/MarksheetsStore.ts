import { makeAutoObservable, runInAction } from 'mobx'
import type { MarksheetProgress } from '../../../../../shared/ipc.ts'
import { MARKSHEET_EXTENSIONS, MARKSHEET_MAX_BYTES } from '../../../../../shared/api/profile.ts'
import { isApiError } from '../../../api/errors.ts'
import type { Marksheet, ProfileApi } from '../api.ts'
import { generalMessage, ruleMessage, serverFieldMessage, type Message } from '../../../forms/messages.ts'
import type { DialogDeps } from './ProfileDialogStores.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { Resource } from '../../../lib/loadable.ts'

/** Photos the main process can merge into one PDF (one page each). */
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif'])
export const MERGED_FILE_NAME = 'merged-images.pdf'

export interface MergedFile {
  fileName: string
  bytes: Uint8Array
}

/** The main process's merge: several photos in, one PDF out, with progress per photo. */
export type MergeImages = (files: readonly File[], onProgress: (progress: MarksheetProgress) => void) => Promise<MergedFile>

/** Why a merge failed: which photo could not be read, or no merge at all on this platform. */
export class MergeError extends Error {
  readonly file: string | null
  readonly reason: 'file' | 'unavailable' | 'failed'

  constructor(reason: 'file' | 'unavailable' | 'failed', file: string | null = null) {
    super(file ?? reason)
    this.name = 'MergeError'
    this.reason = reason
    this.file = file
  }
}

export interface MarksheetsDeps extends DialogDeps {
  api: () => ProfileApi
  merge: MergeImages
}

export type Trimester = 1 | 2 | 3

/** A message of the upload form, shown in a banner: never the error style alone (a catalogue key with the file's name when it names one, or a server text). */
export type Problem = Exclude<Message, { blank: true }>

function problemOf(message: Message | null): Problem | null {
  if (!message) return null
  return 'blank' in message ? { key: 'auth:errors.server' } : message
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

/**
 * Report cards (§5 part 2): the list with statuses (only pending ones can be deleted) and the
 * upload of one file, or of several photos merged by the main process into one PDF. The file
 * ready to send is kept, so an interrupted upload is retried without picking or merging again.
 */
export class MarksheetsStore {
  open = false
  /** The pupil's report cards (lib/loadable.ts): the latest load's answer is the one shown. */
  readonly list: Resource<Marksheet[]>
  trimester: Trimester = 1
  division = ''
  files: File[] = []
  attempted = false
  /** The problem to show under the upload form. */
  problem: Problem | null = null
  phase: 'idle' | 'merging' | 'uploading' | 'failed' | 'done' = 'idle'
  progress: MarksheetProgress | null = null
  /** The file ready to send (the merged PDF or the single file) for a retry. */
  prepared: { blob: Blob; fileName: string; trimester: Trimester; division: number } | null = null
  deleting: number | null = null

  private readonly deps: MarksheetsDeps

  constructor(deps: MarksheetsDeps) {
    this.deps = deps
    this.list = new Resource(() => deps.api().marksheets())
    makeAutoObservable<MarksheetsStore, 'deps'>(this, { deps: false, list: false }, { autoBind: true })
  }

  get items(): Marksheet[] {
    return this.list.data ?? []
  }

  get listStatus(): LoadStatus {
    return this.list.status
  }

  show(trimester?: Trimester): void {
    this.open = true
    if (trimester) this.trimester = trimester
    if (this.division === '') this.division = String(this.deps.session.me?.user.division?.id ?? '')
    void this.load()
  }

  close(): void {
    if (this.busy) return
    this.open = false
  }

  load(): Promise<void> {
    return this.list.reload()
  }

  get busy(): boolean {
    return this.phase === 'merging' || this.phase === 'uploading'
  }

  setTrimester(value: Trimester): void {
    this.trimester = value
    this.resetPrepared()
  }

  setDivision(value: string): void {
    this.division = value
    this.resetPrepared()
  }

  /** New files replace the choice; what was prepared from the old one is dropped. */
  pick(files: readonly File[]): void {
    this.files = [...files]
    this.resetPrepared()
  }

  remove(index: number): void {
    this.files = this.files.filter((_file, position) => position !== index)
    this.resetPrepared()
  }

  /** The rule the current choice breaks, or null. */
  get rule(): Problem | null {
    if (this.division === '') return problemOf(ruleMessage('marksheet.divisionRequired'))
    if (this.files.length === 0) return problemOf(ruleMessage('marksheet.fileRequired'))
    for (const file of this.files) {
      const extension = extensionOf(file.name)
      if (!(MARKSHEET_EXTENSIONS as readonly string[]).includes(extension))
        return { key: 'profile:marksheets.fileType', values: { file: file.name } }
      if (file.size > MARKSHEET_MAX_BYTES) return { key: 'profile:marksheets.fileTooLarge', values: { file: file.name } }
    }
    if (this.files.length > 1 && this.files.some((file) => !IMAGE_EXTENSIONS.has(extensionOf(file.name)))) {
      return { key: 'profile:marksheets.onlyPhotos' }
    }
    return null
  }

  get visibleProblem(): Problem | null {
    return this.problem ?? (this.attempted ? this.rule : null)
  }

  get canRetry(): boolean {
    return this.phase === 'failed' && this.prepared !== null
  }

  async upload(): Promise<boolean> {
    this.attempted = true
    this.problem = null
    if (this.busy || this.rule) return false
    const division = Number(this.division)
    const trimester = this.trimester
    if (!this.prepared) {
      if (this.files.length > 1) {
        this.phase = 'merging'
        this.progress = { done: 0, total: this.files.length, file: '' }
        try {
          const merged = await this.deps.merge(this.files, (progress) => runInAction(() => (this.progress = progress)))
          runInAction(() => {
            this.prepared = {
              blob: new Blob([merged.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
              fileName: MERGED_FILE_NAME,
              trimester,
              division
            }
          })
        } catch (error) {
          runInAction(() => {
            this.phase = 'failed'
            this.progress = null
            const reason = error instanceof MergeError ? error : new MergeError('failed')
            this.problem =
              reason.reason === 'file' && reason.file
                ? { key: 'profile:marksheets.badPhoto', values: { file: reason.file } }
                : reason.reason === 'unavailable'
                  ? { key: 'profile:marksheets.mergeUnavailable' }
                  : { key: 'profile:marksheets.mergeFailed' }
          })
          return false
        }
      } else {
        const file = this.files[0]!
        this.prepared = { blob: file, fileName: file.name, trimester, division }
      }
    }
    return this.send()
  }

  /** Sends the prepared file again (after a network failure). */
  async retry(): Promise<boolean> {
    if (!this.prepared || this.busy) return false
    this.problem = null
    return this.send()
  }

  private async send(): Promise<boolean> {
    const prepared = this.prepared
    if (!prepared) return false
    this.phase = 'uploading'
    try {
      const result = await this.deps
        .api()
        .uploadMarksheet({ file: prepared.blob, fileName: prepared.fileName, trimester: prepared.trimester, division: prepared.division })
      runInAction(() => {
        this.phase = 'done'
        this.progress = null
        this.prepared = null
        this.files = []
        this.attempted = false
        this.list.replace([result.marksheet, ...this.items.filter((item) => item.id !== result.marksheet.id)])
      })
      // The server's text is French: the pupil reads the catalogue's, in their language.
      this.deps.ui.notify({ intent: 'success', key: 'profile:marksheets.uploaded' })
      return true
    } catch (error) {
      runInAction(() => {
        this.phase = 'failed'
        this.progress = null
        if (!isApiError(error)) this.problem = { key: 'auth:errors.server' }
        else {
          this.problem = problemOf(
            serverFieldMessage(error, 'file') ??
              serverFieldMessage(error, 'division') ??
              serverFieldMessage(error, 'trimester') ??
              generalMessage(error)
          )
          // A refused file will be refused again: only a network failure keeps it for a retry.
          if (!error.isNetwork) this.prepared = null
        }
      })
      return false
    }
  }

  async deleteSheet(id: number): Promise<void> {
    const item = this.items.find((entry) => entry.id === id)
    if (!item || item.status !== 'pending' || this.deleting !== null) return
    this.deleting = id
    try {
      await this.deps.api().deleteMarksheet(id)
      runInAction(() => {
        this.list.replace(this.items.filter((entry) => entry.id !== id))
      })
      this.deps.ui.notify({ intent: 'success', key: 'profile:marksheets.deleted' })
    } catch (error) {
      const message = isApiError(error) ? generalMessage(error) : ({ key: 'auth:errors.server' } as const)
      if ('key' in message) this.deps.ui.notify({ intent: 'error', key: message.key })
      else if ('text' in message) this.deps.ui.notify({ intent: 'error', text: message.text })
      await this.load()
    } finally {
      runInAction(() => {
        this.deleting = null
      })
    }
  }

  private resetPrepared(): void {
    this.prepared = null
    this.problem = null
    if (!this.busy) this.phase = 'idle'
  }
}
