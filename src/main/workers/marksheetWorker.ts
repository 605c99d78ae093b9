/**
 * Worker entry for marksheet merges, so the encoding work stays off the main process's event
 * loop. It lives as long as the app: sharp must not be unloaded by a worker exit.
 */
import { isMainThread, parentPort, type MessagePort } from 'node:worker_threads'
import { MarksheetFileError, mergeImagesToPdf, type MergeImage } from '../services/marksheetMerge.ts'

export type MarksheetJob = { id: number; files: MergeImage[] }
export type MarksheetWorkerMessage =
  | { id: number; type: 'progress'; done: number; total: number; file: string }
  | { id: number; type: 'done'; bytes: Uint8Array<ArrayBuffer>; pages: number }
  | { id: number; type: 'file-error'; file: string; problem: string }
  | { id: number; type: 'failed' }

function isJob(value: unknown): value is MarksheetJob {
  if (typeof value !== 'object' || value === null) return false
  const { id, files } = value as { id?: unknown; files?: unknown }
  return (
    typeof id === 'number' &&
    Array.isArray(files) &&
    files.every((file: unknown) => {
      const { name, bytes } = (file ?? {}) as { name?: unknown; bytes?: unknown }
      return typeof name === 'string' && bytes instanceof Uint8Array
    })
  )
}

async function run(port: MessagePort, job: MarksheetJob): Promise<void> {
  const send = (message: MarksheetWorkerMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer)
  try {
    const result = await mergeImagesToPdf(job.files, (progress) => send({ id: job.id, type: 'progress', ...progress }))
    send({ id: job.id, type: 'done', bytes: result.bytes, pages: result.pages }, [result.bytes.buffer])
  } catch (error) {
    if (error instanceof MarksheetFileError) send({ id: job.id, type: 'file-error', file: error.file, problem: error.problem })
    else send({ id: job.id, type: 'failed' })
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort
  port.on('message', (message: unknown) => {
    if (isJob(message)) void run(port, message)
  })
}
