/**
 * `marksheet:merge`: the photos of a marksheet merged into one PDF in a long-lived worker
 * thread, one job at a time, with progress. A file the merge cannot use fails the call with
 * its base name as the message, so the page can name it.
 */
import type { MarksheetImage, MarksheetProgress } from '../../shared/ipc.ts'
import { IpcFailure } from '../ipc/errors.ts'
import type { MarksheetWorkerMessage } from '../workers/marksheetWorker.ts'
import { Logger } from '../logger.ts'

export interface MarksheetMergeResult {
  fileName: 'merged-images.pdf'
  bytes: Uint8Array<ArrayBuffer>
  pages: number
}

export interface MarksheetMerger {
  merge(files: readonly MarksheetImage[], onProgress: (progress: MarksheetProgress) => void): Promise<MarksheetMergeResult>
  dispose(): Promise<void>
}

export class MarksheetUnavailableError extends IpcFailure {
  constructor() {
    super('unavailable')
    this.name = 'MarksheetUnavailableError'
  }
}

export function createUnavailableMarksheetMerger(): MarksheetMerger {
  return {
    merge: () => Promise.reject(new MarksheetUnavailableError()),
    dispose: async () => undefined
  }
}

/** The part of a `worker_threads` Worker used here. */
export interface WorkerLike {
  postMessage(message: unknown): void
  on(event: 'message', listener: (message: unknown) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
  terminate(): Promise<number>
  unref(): void
}

export interface WorkerMergerOptions {
  createWorker: () => WorkerLike
  /** A merge taking longer is abandoned and its worker replaced. */
  timeoutMs?: number
  logger?: Logger
}

interface Job {
  id: number
  files: MarksheetImage[]
  onProgress: (progress: MarksheetProgress) => void
  resolve: (result: MarksheetMergeResult) => void
  reject: (error: unknown) => void
}

const FILE_PROBLEMS: Readonly<Record<string, 'not-allowed' | 'failed'>> = {
  'not-allowed': 'not-allowed',
  corrupt: 'failed'
}

export function createWorkerMarksheetMerger(options: WorkerMergerOptions): MarksheetMerger {
  const timeoutMs = options.timeoutMs ?? 120_000
  const logger = options.logger ?? Logger.silent
  const queue: Job[] = []
  let worker: WorkerLike | null = null
  let current: Job | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let nextId = 1

  const finish = (): void => {
    if (timer) clearTimeout(timer)
    timer = null
    current = null
    startNext()
  }

  const failCurrent = (error: unknown): void => {
    const job = current
    if (!job) return
    job.reject(error)
    finish()
  }

  const dropWorker = (): void => {
    const old = worker
    worker = null
    old?.terminate().catch(() => undefined)
  }

  const onMessage = (raw: unknown): void => {
    const job = current
    const message = raw as MarksheetWorkerMessage
    if (!job || typeof message !== 'object' || message === null || message.id !== job.id) return
    switch (message.type) {
      case 'progress':
        job.onProgress({ done: message.done, total: message.total, file: message.file })
        return
      case 'done':
        job.resolve({ fileName: 'merged-images.pdf', bytes: new Uint8Array(message.bytes), pages: message.pages })
        finish()
        return
      case 'file-error':
        failCurrent(new IpcFailure(FILE_PROBLEMS[message.problem] ?? 'failed', message.file))
        return
      default:
        failCurrent(new IpcFailure('failed'))
    }
  }

  const ensureWorker = (): WorkerLike => {
    if (worker) return worker
    const created = options.createWorker()
    created.unref()
    created.on('message', onMessage)
    // Only the live worker's death fails the job it serves; a replaced one is already forgotten.
    const onDeath = (): void => {
      if (worker !== created) return
      worker = null
      failCurrent(new IpcFailure('failed'))
    }
    created.on('error', (error) => {
      logger.error('marksheet worker error', { error })
      onDeath()
    })
    created.on('exit', onDeath)
    worker = created
    return created
  }

  function startNext(): void {
    if (current) return
    const job = queue.shift()
    if (!job) return
    current = job
    try {
      ensureWorker().postMessage({ id: job.id, files: job.files })
    } catch {
      failCurrent(new IpcFailure('unavailable'))
      return
    }
    timer = setTimeout(() => {
      logger.warn('marksheet merge timed out')
      dropWorker()
      failCurrent(new IpcFailure('failed'))
    }, timeoutMs)
  }

  return {
    merge(files, onProgress) {
      return new Promise<MarksheetMergeResult>((resolve, reject) => {
        queue.push({ id: nextId++, files: [...files], onProgress, resolve, reject })
        startNext()
      })
    },
    async dispose() {
      for (const job of queue.splice(0)) job.reject(new IpcFailure('unavailable'))
      failCurrent(new IpcFailure('unavailable'))
      dropWorker()
    }
  }
}
