import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { Marksheet, MarksheetUpload } from '../../../../../../src/renderer/src/features/profile/api.ts'
import { BridgeError } from '../../../../../../src/renderer/src/platform/bridge.ts'
import { MarksheetsStore, MERGED_FILE_NAME } from '../../../../../../src/renderer/src/features/profile/stores/MarksheetsStore.ts'
import { platformMerge } from '../../../../../../src/renderer/src/features/profile/stores/profileStores.ts'
import type { MarksheetProgress } from '../../../../../../src/shared/ipc.ts'
import { fakeApi, fakeSession, fakeUi, me, networkError, user } from './profileFakes.ts'

/** The main process's merge channel as the bridge exposes it, with its progress events. */
function fakeMergePlatform(options: { corrupt?: string } = {}) {
  const listeners = new Set<(progress: MarksheetProgress) => void>()
  const requests: string[][] = []
  const sizes: number[][] = []
  return {
    requests,
    sizes,
    listeners,
    onMarksheetProgress(listener: (progress: MarksheetProgress) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async marksheetMerge(request: { files: { name: string; bytes: Uint8Array }[] }) {
      requests.push(request.files.map((file) => file.name))
      sizes.push(request.files.map((file) => file.bytes.byteLength))
      for (const [index, { name }] of request.files.entries()) {
        if (name === options.corrupt) throw new BridgeError('marksheet:merge', 'failed', name)
        for (const listener of listeners) listener({ done: index + 1, total: request.files.length, file: name })
      }
      return { fileName: 'merged-images.pdf' as const, bytes: new Uint8Array([37, 80, 68, 70]), pages: request.files.length }
    }
  }
}

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' })

function sheet(id: number, status: Marksheet['status']): Marksheet {
  return {
    id,
    name: `s${id}.pdf`,
    division: { id: 7, name: '7e' },
    trimester: 1,
    status,
    url: `/api/files?key=${id}`,
    mime_type: 'application/pdf',
    size: 4,
    created_at: '2026-11-22'
  }
}

function setup(options: { corrupt?: string; failFirstUpload?: boolean; items?: Marksheet[]; refuseDelete?: ApiError } = {}) {
  const platform = fakeMergePlatform(options)
  const uploads: MarksheetUpload[] = []
  const deleted: number[] = []
  let attempts = 0
  const api = fakeApi({
    marksheets: () => Promise.resolve(options.items ?? []),
    uploadMarksheet: (upload) => {
      attempts++
      if (options.failFirstUpload && attempts === 1) return Promise.reject(networkError())
      uploads.push(upload)
      return Promise.resolve({
        message: 'Bulletin envoyé',
        marksheet: { ...sheet(9, 'pending'), name: upload.fileName, trimester: upload.trimester }
      })
    },
    deleteMarksheet: (id) => {
      if (options.refuseDelete) return Promise.reject(options.refuseDelete)
      deleted.push(id)
      return Promise.resolve('Bulletin supprimé')
    }
  })
  const ui = fakeUi()
  const session = fakeSession(me(user({ completed: true, division: { id: 7, name: '7e' } })))
  const store = new MarksheetsStore({ api: () => api, session, ui, merge: platformMerge(platform) })
  return { store, platform, uploads, deleted, ui }
}

describe('MarksheetsStore', () => {
  it('merges several photos in main, shows the progress, uploads one PDF for the trimester', async () => {
    const { store, platform, uploads } = setup()
    store.show(2)
    store.pick([photo('p1.jpg'), photo('p2.jpg'), photo('p3.png')])
    const seen: number[] = []
    platform.listeners.add((progress) => seen.push(progress.done))
    expect(await store.upload()).toBe(true)
    expect(platform.requests).toEqual([['p1.jpg', 'p2.jpg', 'p3.png']])
    expect(seen).toEqual([1, 2, 3])
    expect(uploads).toHaveLength(1)
    expect(uploads[0]).toMatchObject({ fileName: MERGED_FILE_NAME, trimester: 2, division: 7 })
    expect(uploads[0]!.file.type).toBe('application/pdf')
    expect(store.items.map((item) => [item.name, item.status])).toEqual([[MERGED_FILE_NAME, 'pending']])
    // The progress listener was removed once the merge ended.
    expect(platform.listeners.size).toBe(1)
  })

  it('uploads a single accepted file as it is, and refuses other types naming the file', async () => {
    const { store, uploads, ui } = setup()
    store.show(1)
    store.pick([new File(['x'], 'notes.exe')])
    expect(await store.upload()).toBe(false)
    expect(store.visibleProblem).toEqual({ key: 'profile:marksheets.fileType', values: { file: 'notes.exe' } })
    const pdf = new File(['%PDF'], 'bulletin.pdf', { type: 'application/pdf' })
    store.pick([pdf])
    expect(await store.upload()).toBe(true)
    expect(uploads[0]).toMatchObject({ fileName: 'bulletin.pdf', trimester: 1, division: 7 })
    expect(uploads[0]!.file).toBe(pdf)
    // The catalogue's text, in the pupil's language, not the server's French one.
    expect(ui.shown.map((entry) => [entry.intent, 'key' in entry ? entry.key : entry.text])).toEqual([
      ['success', 'profile:marksheets.uploaded']
    ])
  })

  it('needs a division', async () => {
    const { store } = setup()
    store.show(1)
    store.setDivision('')
    store.pick([photo('p1.jpg')])
    expect(await store.upload()).toBe(false)
    expect(store.visibleProblem).toEqual({ key: 'profile:rules.marksheet.divisionRequired' })
  })

  it('a corrupt photo is named and the others stay chosen', async () => {
    const { store, uploads } = setup({ corrupt: 'p2.jpg' })
    store.show(3)
    store.pick([photo('p1.jpg'), photo('p2.jpg'), photo('p3.jpg')])
    expect(await store.upload()).toBe(false)
    expect(store.visibleProblem).toEqual({ key: 'profile:marksheets.badPhoto', values: { file: 'p2.jpg' } })
    expect(store.files.map((file) => file.name)).toEqual(['p1.jpg', 'p2.jpg', 'p3.jpg'])
    store.remove(1)
    expect(await store.upload()).toBe(true)
    expect(uploads).toHaveLength(1)
  })

  it('an interrupted upload is retried with the same PDF, without merging again', async () => {
    const { store, platform, uploads } = setup({ failFirstUpload: true })
    store.show(2)
    store.pick([photo('p1.jpg'), photo('p2.jpg')])
    expect(await store.upload()).toBe(false)
    expect(store.canRetry).toBe(true)
    expect(store.visibleProblem).toEqual({ key: 'auth:errors.network' })
    expect(await store.retry()).toBe(true)
    expect(platform.requests).toHaveLength(1)
    expect(uploads).toHaveLength(1)
  })

  it('hands main the bytes the page read, never a path', async () => {
    const platform = fakeMergePlatform()
    const merge = platformMerge(platform)
    await merge([photo('a.jpg'), new File([new Uint8Array(10)], 'b.png')], () => undefined)
    expect(platform.requests).toEqual([['a.jpg', 'b.png']])
    expect(platform.sizes).toEqual([[3, 10]])
  })

  it('reports the merge unavailable when main has none', async () => {
    const platform = fakeMergePlatform()
    platform.marksheetMerge = async () => {
      throw new BridgeError('marksheet:merge', 'unavailable', '')
    }
    await expect(platformMerge(platform)([photo('a.jpg'), photo('b.jpg')], () => undefined)).rejects.toMatchObject({
      reason: 'unavailable'
    })
  })

  it('deletes only pending report cards', async () => {
    const { store, deleted, ui } = setup({ items: [sheet(1, 'approved'), sheet(2, 'pending'), sheet(3, 'rejected')] })
    store.show()
    await store.load()
    await store.deleteSheet(1)
    await store.deleteSheet(3)
    await store.deleteSheet(2)
    expect(deleted).toEqual([2])
    expect(store.items.map((item) => item.id)).toEqual([1, 3])
    expect(ui.shown.map((entry) => [entry.intent, 'key' in entry ? entry.key : entry.text])).toEqual([
      ['success', 'profile:marksheets.deleted']
    ])
  })

  it('a report card no longer pending on the server: the refusal is said in the catalogue and the list reloaded', async () => {
    const { store, deleted, ui } = setup({
      items: [sheet(2, 'pending')],
      refuseDelete: new ApiError('marksheet_not_pending', 'Seul un bulletin en attente peut être supprimé.', { status: 409 })
    })
    store.show()
    await store.load()
    await store.deleteSheet(2)
    expect(deleted).toEqual([])
    expect(ui.shown.map((entry) => [entry.intent, 'key' in entry ? entry.key : entry.text])).toEqual([
      ['error', 'profile:marksheets.notPending']
    ])
    expect(store.deleting).toBeNull()
  })

  it('shows the list of the latest load: one asked before, answering last, is dropped', async () => {
    const answers: Array<(items: Marksheet[]) => void> = []
    const api = fakeApi({ marksheets: () => new Promise<Marksheet[]>((resolve) => answers.push(resolve)) })
    const session = fakeSession(me(user({ completed: true, division: { id: 7, name: '7e' } })))
    const store = new MarksheetsStore({ api: () => api, session, ui: fakeUi(), merge: platformMerge(fakeMergePlatform()) })
    const older = store.load()
    const latest = store.load()
    answers[1]!([sheet(2, 'pending')])
    await latest
    answers[0]!([sheet(1, 'approved')])
    await older
    expect(store.items.map((item) => item.id)).toEqual([2])
    expect(store.listStatus).toBe('succeeded')
  })
})
