/**
 * The lesson's attachments (part 2, §2 info panel; §5 the attachments rule; the names' 15
 * characters: src/shared/rules/attachments.ts): each downloads with its progress shown; a failed download offers a retry and
 * saves nothing (no broken file); an address expired on the way (403) is renewed by asking the
 * lesson again, once.
 */
import { makeAutoObservable, runInAction } from 'mobx'

export type DownloadState =
  { status: 'idle' } | { status: 'downloading'; fraction: number | null } | { status: 'failed' } | { status: 'done' }

export interface AttachmentFile {
  id: number
  name: string
  /** Absolute and signed, or null when the pupil may not download it. */
  url: string | null
  size: number
}

export interface AttachmentsDeps {
  fetch: (url: string) => Promise<Response>
  /** Saves the bytes under the file's name (the browser's download, Electron's save). */
  save: (blob: Blob, name: string) => void
  /** Asks the lesson again; resolves with the files' fresh addresses. */
  renew: () => Promise<AttachmentFile[]>
}

export class AttachmentsStore {
  states = new Map<number, DownloadState>()
  private readonly deps: AttachmentsDeps

  constructor(deps: AttachmentsDeps) {
    this.deps = deps
    makeAutoObservable<AttachmentsStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  stateOf(id: number): DownloadState {
    return this.states.get(id) ?? { status: 'idle' }
  }

  async download(file: AttachmentFile): Promise<void> {
    if (!file.url || this.stateOf(file.id).status === 'downloading') return
    this.states.set(file.id, { status: 'downloading', fraction: 0 })
    try {
      let response = await this.deps.fetch(file.url)
      if (response.status === 403) {
        const fresh = (await this.deps.renew()).find((candidate) => candidate.id === file.id)
        if (!fresh?.url) throw new Error('no address')
        response = await this.deps.fetch(fresh.url)
      }
      if (!response.ok || !response.body) throw new Error(`download ${response.status}`)
      const declared = response.headers.get('content-encoding') ? 0 : Number(response.headers.get('content-length')) || 0
      const total = declared || file.size || 0
      const reader = response.body.getReader()
      const parts: Uint8Array[] = []
      let received = 0
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parts.push(value)
        received += value.length
        runInAction(() => this.states.set(file.id, { status: 'downloading', fraction: total > 0 ? Math.min(1, received / total) : null }))
      }
      // A connection cut short ends the stream early: nothing half-written is saved.
      if (declared > 0 && received !== declared) throw new Error('incomplete download')
      this.deps.save(new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), file.name)
      runInAction(() => this.states.set(file.id, { status: 'done' }))
    } catch {
      runInAction(() => this.states.set(file.id, { status: 'failed' }))
    }
  }
}

/** Saves a blob through the page's download (Electron asks where to save it). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
