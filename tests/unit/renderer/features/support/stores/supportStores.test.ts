/**
 * The support area's stores: my reports (edit and delete only while Pending, a deletion refused by
 * the server put back with a message), the report dialog (the spec's message when a field is
 * missing, nothing typed lost on a refused submit, a report moved on by the operator refused with
 * a message and the list asked again) and assistance (by position, addresses made absolute).
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { AssistanceVideo, SupportApi, VideoReport, VideoReportBody } from '../../../../../../src/renderer/src/features/support/api.ts'
import { AssistanceStore } from '../../../../../../src/renderer/src/features/support/stores/AssistanceStore.ts'
import { ReportFormStore } from '../../../../../../src/renderer/src/features/support/stores/ReportFormStore.ts'
import { canChange, ReportsStore } from '../../../../../../src/renderer/src/features/support/stores/ReportsStore.ts'
import type { SnackbarInput } from '../../../../../../src/renderer/src/stores/UiStore.ts'

const report = (extra: Partial<VideoReport> = {}): VideoReport => ({
  id: 5,
  report_reason: { id: 2, reason: 'Problème de son' },
  description: 'Pas de son après 2 minutes',
  content: { id: 70, name: 'Module et argument', slug: 'module', chapter_slug: 'complexes', subject_slug: 'mathematiques' },
  status: 'Pending',
  created_at: '2026-11-20T09:00:00.000Z',
  reject_reason: null,
  is_confirmed: false,
  ...extra
})

const notPending = () =>
  new ApiError('video_report_not_pending', 'Seul un signalement en attente peut être modifié ou supprimé', { status: 409 })

function fakeApi(overrides: Partial<SupportApi> = {}) {
  const calls: string[] = []
  const sent: VideoReportBody[] = []
  let reports: VideoReport[] = [report(), report({ id: 6, status: 'Rejected', reject_reason: 'Vidéo correcte' })]
  const api: SupportApi = {
    reasons: () =>
      Promise.resolve([
        { id: 1, name: 'La vidéo ne démarre pas' },
        { id: 2, name: 'Problème de son' }
      ]),
    reports: () => {
      calls.push('reports')
      return Promise.resolve(reports)
    },
    create: (body) => {
      calls.push('create')
      sent.push(body)
      return Promise.resolve(report({ id: 9 }))
    },
    update: (id, body) => {
      calls.push(`update ${id}`)
      sent.push(body)
      return Promise.resolve(report({ id }))
    },
    remove: (id) => {
      calls.push(`remove ${id}`)
      reports = reports.filter((entry) => entry.id !== id)
      return Promise.resolve()
    },
    videoLinks: () => Promise.resolve([]),
    ...overrides
  }
  return { api, calls, sent, setReports: (next: VideoReport[]) => (reports = next) }
}

function reportsSetup(overrides: Partial<SupportApi> = {}) {
  const fake = fakeApi(overrides)
  const notes: SnackbarInput[] = []
  const store = new ReportsStore({ api: () => fake.api, notify: (input) => notes.push(input), language: () => 'fr' })
  return { ...fake, store, notes }
}

describe('my reports', () => {
  it('offers edit and delete on a Pending report only', async () => {
    const { store } = reportsSetup()
    await store.enter()
    const [pending, rejected] = store.shown
    expect([canChange(pending!), canChange(rejected!)]).toEqual([true, false])
    for (const status of ['In progress', 'Rejected', 'Resolved'] as const) expect(canChange({ status })).toBe(false)

    store.edit(rejected!)
    store.askDelete(rejected!)
    expect(store.editor.open).toBe(false)
    expect(store.confirming).toBeNull()

    store.edit(pending!)
    expect(store.editor.open).toBe(true)
    expect(store.editor.form.values).toEqual({ reason: '2', description: 'Pas de son après 2 minutes' })
  })

  it('deletes a Pending report once confirmed, and not before', async () => {
    const { store, calls, notes } = reportsSetup()
    await store.enter()
    store.askDelete(store.shown[0]!)
    expect(calls).not.toContain('remove 5')
    store.cancelDelete()
    expect(await store.confirmDelete()).toBe(false)
    expect(calls).not.toContain('remove 5')

    store.askDelete(store.shown[0]!)
    const done = store.confirmDelete()
    // Off the list at once.
    expect(store.shown.map((entry) => entry.id)).toEqual([6])
    expect(await done).toBe(true)
    expect(calls).toContain('remove 5')
    expect(store.shown.map((entry) => entry.id)).toEqual([6])
    expect(notes).toEqual([{ intent: 'success', key: 'support:reports.deleted' }])
  })

  it('puts a report the operator moved on back in the list with its real status and a message', async () => {
    const { store, notes, setReports } = reportsSetup({ remove: () => Promise.reject(notPending()) })
    await store.enter()
    // Meanwhile the operator started it.
    setReports([report({ status: 'In progress' }), report({ id: 6, status: 'Rejected' })])
    store.askDelete(store.shown[0]!)
    expect(await store.confirmDelete()).toBe(false)
    expect(store.shown.map((entry) => [entry.id, entry.status])).toEqual([
      [5, 'In progress'],
      [6, 'Rejected']
    ])
    expect(notes).toEqual([{ intent: 'error', key: 'auth:errors.videoReportNotPending', values: undefined }])
  })
})

function formSetup(overrides: Partial<SupportApi> = {}) {
  const fake = fakeApi(overrides)
  const notes: SnackbarInput[] = []
  let changed = 0
  const store = new ReportFormStore({
    api: () => fake.api,
    notify: (input) => notes.push(input),
    language: () => 'fr',
    onChanged: () => changed++
  })
  return { ...fake, store, notes, changed: () => changed }
}

describe('the report dialog', () => {
  it('says « Remplir les champs raison et description » on each missing field and sends nothing', async () => {
    const { store, calls } = formSetup()
    store.show({ mode: 'create', contentId: 70 })
    expect(await store.submit()).toBe(false)
    const required = { key: 'auth:rules.videoReport.fieldsRequired' }
    expect([store.error('reason'), store.error('description')]).toEqual([required, required])

    store.set('reason', '1')
    store.set('description', '   ')
    expect(await store.submit()).toBe(false)
    expect([store.error('reason'), store.error('description')]).toEqual([null, required])
    expect(calls).not.toContain('create')
  })

  it('creates a report for the lesson with the description trimmed, then closes', async () => {
    const { store, sent, notes, changed } = formSetup()
    store.show({ mode: 'create', contentId: 70 })
    store.set('reason', '1')
    store.set('description', '  L’image se fige  ')
    expect(await store.submit()).toBe(true)
    expect(sent).toEqual([{ content: 70, reportReason: 1, description: 'L’image se fige' }])
    expect(store.open).toBe(false)
    expect(notes).toEqual([{ intent: 'success', key: 'support:dialog.created' }])
    expect(changed()).toBe(1)
    // Opened again for the same lesson after a report went: a fresh form.
    store.show({ mode: 'create', contentId: 70 })
    expect(store.form.values).toEqual({ reason: '', description: '' })
  })

  it('keeps what was typed through a refused submit and through closing and reopening', async () => {
    const { store } = formSetup({ create: () => Promise.reject(new ApiError('network', 'offline')) })
    store.show({ mode: 'create', contentId: 70 })
    store.set('reason', '2')
    store.set('description', 'Le son grésille')
    expect(await store.submit()).toBe(false)
    expect(store.form.values).toEqual({ reason: '2', description: 'Le son grésille' })
    expect(store.message).toEqual({ key: 'auth:errors.network' })
    expect(store.open).toBe(true)
    store.close()
    store.show({ mode: 'create', contentId: 70 })
    expect(store.form.values).toEqual({ reason: '2', description: 'Le son grésille' })
    // Another lesson starts from an empty form.
    store.show({ mode: 'create', contentId: 71 })
    expect(store.form.values).toEqual({ reason: '', description: '' })
  })

  it('places the server’s field refusal on its field', async () => {
    const refusal = new ApiError('validation_failed', 'Remplir les champs raison et description', {
      status: 422,
      fields: { description: ['Remplir les champs raison et description'] },
      keys: { description: ['videoReport.fieldsRequired'] }
    })
    const { store } = formSetup({ create: () => Promise.reject(refusal) })
    store.show({ mode: 'create', contentId: 70 })
    store.set('reason', '2')
    store.set('description', 'x')
    expect(await store.submit()).toBe(false)
    expect(store.error('description')).toEqual({ key: 'auth:rules.videoReport.fieldsRequired' })
    expect(store.message).toBeNull()
    expect(store.form.values.description).toBe('x')
  })

  it('edits a Pending report, and a report moved on meanwhile is refused with a message and the list asked again', async () => {
    const { store, sent, notes, changed } = formSetup()
    store.show({ mode: 'edit', report: report() })
    store.set('description', 'Pas de son du tout')
    expect(await store.submit()).toBe(true)
    expect(sent).toEqual([{ content: 70, reportReason: 2, description: 'Pas de son du tout' }])
    expect(notes).toEqual([{ intent: 'success', key: 'support:dialog.updated' }])
    expect(changed()).toBe(1)

    const refused = formSetup({ update: () => Promise.reject(notPending()) })
    refused.store.show({ mode: 'edit', report: report() })
    refused.store.set('description', 'Encore')
    expect(await refused.store.submit()).toBe(false)
    expect(refused.store.message).toEqual({ key: 'auth:errors.videoReportNotPending' })
    expect(refused.store.form.values.description).toBe('Encore')
    expect(refused.changed()).toBe(1)
  })
})

describe('assistance', () => {
  it('lists the videos by position with their addresses made absolute against the API', async () => {
    const video = (id: number, position: number, url: string): AssistanceVideo => ({
      id,
      title: `V${id}`,
      description: null,
      url,
      mime_type: 'video/mp4',
      duration: 20,
      position
    })
    const api = {
      videoLinks: () =>
        Promise.resolve([
          video(2, 5, '/api/media/assistance/2'),
          video(1, 1, 'https://cdn.example.tn/a.mp4'),
          video(3, 5, '/api/media/assistance/3')
        ])
    } as unknown as SupportApi
    const store = new AssistanceStore(
      () => api,
      (url) => new URL(url, 'http://127.0.0.1:4010/api').href
    )
    await store.enter()
    expect(store.videos.map((entry) => [entry.id, entry.src])).toEqual([
      [1, 'https://cdn.example.tn/a.mp4'],
      [2, 'http://127.0.0.1:4010/api/media/assistance/2'],
      [3, 'http://127.0.0.1:4010/api/media/assistance/3']
    ])
  })
})
