import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { PDFDocument } from 'pdf-lib'
import { allowOrigins, createIpcDispatcher, createIpcHandlers, createMainServices } from '../../../../src/main/composition.ts'
import { createUnavailableMarksheetMerger, createWorkerMarksheetMerger, type WorkerLike } from '../../../../src/main/services/marksheet.ts'
import { MarksheetFileError, mergeImagesToPdf } from '../../../../src/main/services/marksheetMerge.ts'
import { IpcFailure } from '../../../../src/main/ipc/errors.ts'
import { fakePrimitives } from '../fakes.ts'

type Image = { name: string; bytes: Uint8Array<ArrayBuffer> }
const image = (name: string, bytes: Uint8Array | string): Image => ({
  name,
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)
})
const files = {} as Record<'landscape' | 'rotated' | 'png' | 'small' | 'corrupt' | 'text' | 'empty', Image>

beforeAll(async () => {
  const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
  files.landscape = image('page-1.jpg', await solid(4000, 3000).jpeg().toBuffer())
  // Stored landscape with EXIF orientation 6: shown (and merged) as portrait.
  files.rotated = image('page-2.JPEG', await solid(3000, 2000).withMetadata({ orientation: 6 }).jpeg().toBuffer())
  files.png = image('page-3.png', await solid(1200, 2400).png().toBuffer())
  files.small = image('small.webp', await solid(800, 600).webp().toBuffer())
  files.corrupt = image('broken.jpg', 'this is not a jpeg at all')
  files.text = image('notes.txt', 'hello')
  files.empty = image('empty.jpg', '')
})

async function pageSizes(bytes: Uint8Array): Promise<Array<[number, number]>> {
  const pdf = await PDFDocument.load(bytes)
  return pdf.getPages().map((page) => [page.getWidth(), page.getHeight()])
}

describe('mergeImagesToPdf', () => {
  it('makes one page per photo, auto-rotated and fitted within 2000 px', async () => {
    const progress: unknown[] = []
    const result = await mergeImagesToPdf([files.landscape, files.rotated, files.png, files.small], (p) => progress.push(p))
    expect(result.pages).toBe(4)
    expect(await pageSizes(result.bytes)).toEqual([
      [2000, 1500],
      [1333, 2000],
      [1000, 2000],
      [800, 600]
    ])
    expect(progress).toEqual([
      { done: 1, total: 4, file: 'page-1.jpg' },
      { done: 2, total: 4, file: 'page-2.JPEG' },
      { done: 3, total: 4, file: 'page-3.png' },
      { done: 4, total: 4, file: 'small.webp' }
    ])
  })

  it.each([
    ['a corrupt image', () => files.corrupt, 'broken.jpg', 'corrupt'],
    ['a text file', () => files.text, 'notes.txt', 'not-allowed'],
    ['an empty file', () => files.empty, 'empty.jpg', 'not-allowed'],
    ['a name carrying a path', () => image('C:\\Users\\pupil\\scan.exe', 'MZ'), 'scan.exe', 'not-allowed'],
    ['a file over the size limit', () => image('huge.jpg', new Uint8Array(30 * 1024 * 1024 + 1)), 'huge.jpg', 'not-allowed']
  ])('names %s', async (_name, pick, file, problem) => {
    const error = await mergeImagesToPdf([files.landscape, pick()]).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MarksheetFileError)
    expect(error).toMatchObject({ file, problem })
  })
})

describe('marksheet:merge through the IPC handlers (real worker)', () => {
  const primitives = fakePrimitives()
  const services = createMainServices(primitives)
  const emitted: Array<{ channel: string; payload: unknown }> = []
  const handlers = createIpcHandlers(services, (channel, payload) => emitted.push({ channel, payload }))
  const dispatch = createIpcDispatcher({ handlers, isTrustedSender: allowOrigins(['app://darsi']) })
  const call = (...args: unknown[]) => dispatch({ url: 'app://darsi/mon-profil/edit', isMainFrame: true }, 'marksheet:merge', args)
  afterAll(() => services.marksheet.dispose())

  it('answers the PDF and reports progress', async () => {
    const result = await call({ files: [files.landscape, files.rotated] })
    if (!result.ok) throw new Error(`merge failed: ${result.code}`)
    const data = result.data as { fileName: string; bytes: Uint8Array; pages: number }
    expect(data.fileName).toBe('merged-images.pdf')
    expect(data.pages).toBe(2)
    expect(data.bytes).toBeInstanceOf(Uint8Array)
    expect(await pageSizes(data.bytes)).toEqual([
      [2000, 1500],
      [1333, 2000]
    ])
    expect(emitted).toEqual([
      { channel: 'marksheet:progress', payload: { done: 1, total: 2, file: 'page-1.jpg' } },
      { channel: 'marksheet:progress', payload: { done: 2, total: 2, file: 'page-2.JPEG' } }
    ])
  }, 30_000)

  it('names the corrupt file and keeps working afterwards', async () => {
    expect(await call({ files: [files.corrupt] })).toEqual({ ok: false, code: 'failed', message: 'broken.jpg' })
    expect(await call({ files: [files.text] })).toEqual({ ok: false, code: 'not-allowed', message: 'notes.txt' })
    expect((await call({ files: [files.small] })).ok).toBe(true)
  }, 30_000)

  it('refuses requests outside the contract', async () => {
    expect(await call({ files: [] })).toEqual({ ok: false, code: 'invalid-arguments' })
    expect(await call({ files: Array.from({ length: 31 }, () => files.small) })).toEqual({ ok: false, code: 'invalid-arguments' })
  })
})

describe('createWorkerMarksheetMerger', () => {
  function fakeWorker() {
    const listeners = new Map<string, Array<(value: never) => void>>()
    const posted: unknown[] = []
    let terminated = false
    const worker: WorkerLike & { emit(event: string, value: unknown): void; posted: unknown[]; terminated(): boolean } = {
      posted,
      terminated: () => terminated,
      postMessage: (message) => {
        posted.push(message)
      },
      on: ((event: string, listener: (value: never) => void) => {
        listeners.set(event, [...(listeners.get(event) ?? []), listener])
      }) as WorkerLike['on'],
      terminate: async () => {
        terminated = true
        return 0
      },
      unref: () => undefined,
      emit: (event, value) => listeners.get(event)?.forEach((listener) => listener(value as never))
    }
    return worker
  }

  it('runs one job at a time and relays progress', async () => {
    const worker = fakeWorker()
    const merger = createWorkerMarksheetMerger({ createWorker: () => worker })
    const progress: unknown[] = []
    const first = merger.merge([files.small], (p) => progress.push(p))
    const second = merger.merge([files.png], () => undefined)
    expect(worker.posted).toEqual([{ id: 1, files: [files.small] }])
    worker.emit('message', { id: 1, type: 'progress', done: 1, total: 1, file: 'a.jpg' })
    worker.emit('message', { id: 99, type: 'failed' })
    worker.emit('message', { id: 1, type: 'done', bytes: new Uint8Array([37, 80, 68, 70]), pages: 1 })
    await expect(first).resolves.toMatchObject({ fileName: 'merged-images.pdf', pages: 1 })
    expect(progress).toEqual([{ done: 1, total: 1, file: 'a.jpg' }])
    expect(worker.posted).toEqual([
      { id: 1, files: [files.small] },
      { id: 2, files: [files.png] }
    ])
    worker.emit('message', { id: 2, type: 'file-error', file: 'b.jpg', problem: 'corrupt' })
    await expect(second).rejects.toEqual(new IpcFailure('failed', 'b.jpg'))
  })

  it('fails the job when the worker dies, and starts a new worker for the next', async () => {
    const workers = [fakeWorker(), fakeWorker()]
    let created = 0
    const merger = createWorkerMarksheetMerger({ createWorker: () => workers[created++] as WorkerLike })
    const first = merger.merge([files.small], () => undefined)
    const second = merger.merge([files.png], () => undefined)
    workers[0]?.emit('error', new Error('native crash'))
    await expect(first).rejects.toMatchObject({ code: 'failed' })
    // The dead worker's late exit must not fail the job the new worker is serving.
    workers[0]?.emit('exit', 1)
    expect(workers[1]?.posted).toEqual([{ id: 2, files: [files.png] }])
    workers[1]?.emit('message', { id: 2, type: 'done', bytes: new Uint8Array([1]), pages: 1 })
    await expect(second).resolves.toMatchObject({ pages: 1 })
  })

  it('abandons a merge that takes too long', async () => {
    const worker = fakeWorker()
    const merger = createWorkerMarksheetMerger({ createWorker: () => worker, timeoutMs: 20 })
    await expect(merger.merge([files.small], () => undefined)).rejects.toMatchObject({ code: 'failed' })
    expect(worker.terminated()).toBe(true)
  })

  it('rejects pending jobs on dispose', async () => {
    const merger = createWorkerMarksheetMerger({ createWorker: () => fakeWorker() })
    const pending = merger.merge([files.small], () => undefined)
    await merger.dispose()
    await expect(pending).rejects.toMatchObject({ code: 'unavailable' })
  })

  it('has an unavailable stand-in', async () => {
    await expect(createUnavailableMarksheetMerger().merge([files.small], () => undefined)).rejects.toMatchObject({ code: 'unavailable' })
  })
})
