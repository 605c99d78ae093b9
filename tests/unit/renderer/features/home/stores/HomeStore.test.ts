import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { AdCard, HomeApi, HomeContent, LiveEvent } from '../../../../../../src/renderer/src/features/home/api.ts'
import {
  expiryCountdown,
  expiryProgress,
  HOME_FRESH_MS,
  HomeStore,
  progressRows,
  restDaysNow,
  sessionState,
  welcomeKey
} from '../../../../../../src/renderer/src/features/home/stores/HomeStore.ts'
import { countForm } from '../../../../../../src/renderer/src/lib/countForm.ts'
import { sortAdCards } from '../../../../../../src/renderer/src/lib/adCards.ts'
import type { FlagStorage } from '../../../../../../src/renderer/src/lib/flagStorage.ts'
import { Resource as Section } from '../../../../../../src/renderer/src/lib/loadable.ts'
import { subject } from '../../learning/stores/fixtures.ts'

const content = (id: number, extra: Partial<HomeContent['content']> = {}): HomeContent => ({
  subject: { id: 1, name: 'Mathématiques', slug: 'mathematiques', thumbnail: null, color: '#1E6FD9' },
  content: {
    id,
    name: `Leçon ${id}`,
    slug: `lecon-${id}`,
    type: { id: 2, name: 'CRYPTED VIDEO' },
    is_free: false,
    duration: 900,
    ...extra
  },
  chapter: { id: 1, name: 'Limites et continuité', slug: 'limites-et-continuite', type: 'course' },
  instructor: { name: 'Mohamed', last_name: 'Ben Salah' },
  division: { id: 14, name: 'Bac Sciences expérimentales' },
  createdAt: '2026-11-20T10:00:00.000Z'
})

const event = (id: number, start: string, end: string, disabled = false): LiveEvent => ({
  id,
  name: `Séance ${id}`,
  day: 7,
  subject: { id: 1, name: 'Mathématiques', slug: 'mathematiques', color: '#1E6FD9' },
  start_time: '',
  end_time: '',
  dayDate: start.slice(0, 10),
  start_date: start,
  end_date: end,
  versPilote: false,
  chapterId: 1,
  has_hessaty_chapter: false,
  hessatyId: null,
  description: null,
  files: [],
  traineeship: null,
  comingContentHessaty: null,
  depassedContentHessaty: null,
  participated: false,
  disabled,
  teacher: 'Mohamed Ben Salah'
})

const card = (id: number, position: number, visible = true): AdCard => ({
  id,
  type: 'text',
  position,
  icon_url: null,
  text: `Carte ${id}`,
  text_image_url: null,
  video_link: null,
  url_link: null,
  background_url: null,
  visible,
  icon_position: 'left',
  color: null
})

function fakeApi(overrides: Partial<HomeApi> = {}): HomeApi & { calls: string[] } {
  const calls: string[] = []
  const answer =
    <T>(name: string, value: T) =>
    () => {
      calls.push(name)
      return Promise.resolve(value)
    }
  return {
    calls,
    subjects: answer('subjects', [subject(1, 1), subject(2, 2)]),
    subjectsProgress: answer('subjectsProgress', [{ subject_id: 1, progress: 40 }]),
    newContents: answer('newContents', [content(1), content(2), content(3)]),
    freeContents: answer('freeContents', [content(4, { is_free: true })]),
    todayEvents: answer('todayEvents', []),
    alerts: answer('alerts', [{ groupeName: 'Silver+', restDays: 6, expirationDate: '2026-11-28', isSlice: false, sliceIndex: null }]),
    forumPosts: answer('forumPosts', []),
    usedDuration: answer('usedDuration', {
      used_duration: 0,
      total_duration: 0,
      remaining_duration: 0,
      percentage: 100,
      can_play: false,
      expired: true
    }),
    adCards: answer('adCards', [card(2, 3), card(1, 1)]),
    ...overrides
  }
}

function memoryFlags(): FlagStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) }
}

function setup(
  options: {
    api?: Partial<HomeApi>
    forum?: boolean
    userId?: number | null
    flags?: FlagStorage | null
    now?: number | (() => number)
  } = {}
) {
  const api = fakeApi(options.api)
  const flags = options.flags === undefined ? memoryFlags() : options.flags
  const store = new HomeStore({
    api: () => api,
    hasForum: () => options.forum ?? true,
    userId: () => (options.userId === undefined ? 1 : options.userId),
    flags,
    now: () => (typeof options.now === 'function' ? options.now() : (options.now ?? Date.parse('2026-11-22T10:00:00Z')))
  })
  return { api, store, flags }
}

describe('the expiry card (§9)', () => {
  it('fills its bar 10 × (10 − rest days), within 0 and 100', () => {
    expect([10, 9, 6, 1, 0].map(expiryProgress)).toEqual([0, 10, 40, 90, 100])
    expect(expiryProgress(12)).toBe(0)
    expect(expiryProgress(-1)).toBe(100)
  })

  it('counts days while some remain, then the hours left until midnight in Tunis', () => {
    const cases: [restDays: number, expirationDate: string, now: string, expected: ReturnType<typeof expiryCountdown>][] = [
      [6, '2026-11-28', '2026-11-22T10:00:00Z', { unit: 'days', count: 6 }],
      // 22:30 UTC on the 27th is 23:30 in Tunis (UTC+1) of the last day: half an hour left, shown as 1 hour.
      [0, '2026-11-27', '2026-11-27T22:30:00Z', { unit: 'hours', count: 1 }],
      // 08:00 in Tunis: 16 hours until midnight.
      [0, '2026-11-27', '2026-11-27T07:00:00Z', { unit: 'hours', count: 16 }],
      // Already past: nothing left, never negative.
      [0, '2026-11-27', '2026-11-28T05:00:00Z', { unit: 'hours', count: 0 }]
    ]
    for (const [restDays, expirationDate, now, expected] of cases) {
      expect(expiryCountdown({ restDays, expirationDate }, Date.parse(now))).toEqual(expected)
    }
  })

  it('words 1, 2, 3 to 10 and other counts apart (Arabic plural of 2–10, part 2 §9, with its dual for 2)', () => {
    expect([1, 2, 3, 6, 10, 11, 0, 16].map(countForm)).toEqual(['One', 'Two', 'Few', 'Few', 'Few', 'Other', 'Other', 'Other'])
    // The Arabic plural goes by the last two digits: 103 to 110 minutes take it, 100 to 102 and 111 do not.
    expect([100, 101, 102, 103, 110, 111, 203, 1005].map(countForm)).toEqual([
      'Other',
      'Other',
      'Other',
      'Few',
      'Few',
      'Other',
      'Few',
      'Few'
    ])
  })

  it('counts the rest days down by the clock in Tunis, for a home left open past midnight', () => {
    const warning = { restDays: 1, expirationDate: '2026-11-28' }
    // Answered on the 27th (Tunis): one day left, all day.
    expect(restDaysNow(warning, Date.parse('2026-11-27T22:59:00Z'))).toBe(1)
    // Midnight in Tunis (23:00 UTC): the last day, in hours.
    expect(restDaysNow(warning, Date.parse('2026-11-27T23:01:00Z'))).toBe(0)
    // The day after the last: over.
    expect(restDaysNow(warning, Date.parse('2026-11-28T23:01:00Z'))).toBe(-1)
    // A clock behind the server's never counts more days than the server said.
    expect(restDaysNow(warning, Date.parse('2026-11-20T10:00:00Z'))).toBe(1)
  })

  it('turns a card to hours, then takes it away, as the days go by with the home open', async () => {
    let now = Date.parse('2026-11-27T21:00:00Z')
    const api = fakeApi({
      alerts: () =>
        Promise.resolve([{ groupeName: 'Silver+', restDays: 1, expirationDate: '2026-11-28', isSlice: false, sliceIndex: null }])
    })
    const store = new HomeStore({ api: () => api, hasForum: () => true, userId: () => 1, flags: memoryFlags(), now: () => now })
    await store.load()
    expect(store.warnings.map(({ restDays, progress, countdown }) => ({ restDays, progress, countdown }))).toEqual([
      { restDays: 1, progress: 90, countdown: { unit: 'days', count: 1 } }
    ])
    // 08:00 on the 28th in Tunis.
    now = Date.parse('2026-11-28T07:00:00Z')
    store.tick()
    expect(store.warnings.map(({ restDays, progress, countdown }) => ({ restDays, progress, countdown }))).toEqual([
      { restDays: 0, progress: 100, countdown: { unit: 'hours', count: 16 } }
    ])
    now = Date.parse('2026-11-29T07:00:00Z')
    store.tick()
    expect(store.warnings).toEqual([])
  })

  it('gives the store a view per warning', async () => {
    const { store } = setup({
      now: Date.parse('2026-11-27T07:00:00Z'),
      api: {
        alerts: () =>
          Promise.resolve([
            { groupeName: 'Silver+', restDays: 0, expirationDate: '2026-11-27', isSlice: false, sliceIndex: null },
            { groupeName: 'Gold', restDays: 1, expirationDate: '2026-11-28', isSlice: true, sliceIndex: 2 }
          ])
      }
    })
    await store.load()
    expect(store.warnings.map(({ progress, countdown, form }) => ({ progress, countdown, form }))).toEqual([
      { progress: 100, countdown: { unit: 'hours', count: 16 }, form: 'Other' },
      { progress: 90, countdown: { unit: 'days', count: 1 }, form: 'One' }
    ])
  })
})

describe('the progress list (part 2 §2, §5)', () => {
  it('keeps the first 5 visible subjects by position, with the service figures capped at 100', () => {
    const subjects = [
      subject(7, 7),
      subject(1, 1),
      subject(3, 3, { visible: false }),
      subject(2, 2),
      subject(4, 4),
      subject(5, 5),
      subject(6, 6, { progress: 12 })
    ]
    const rows = progressRows(subjects, [
      { subject_id: 1, progress: 140 },
      { subject_id: 2, progress: 41.6 },
      { subject_id: 4, progress: -3 }
    ])
    expect(rows.map((row) => row.subjectId)).toEqual([1, 2, 4, 5, 6])
    expect(rows.map((row) => row.progress)).toEqual([100, 42, 0, 0, 12])
  })

  it('shows it once both calls answered, and retries only the failed one', async () => {
    let fail = true
    const { store, api } = setup({
      api: {
        subjectsProgress: () =>
          fail ? Promise.reject(new ApiError('network', 'down')) : Promise.resolve([{ subject_id: 2, progress: 75 }])
      }
    })
    await store.load()
    expect(store.progressFailed).toBe(true)
    expect(store.progressList).toEqual([])
    // The other sections are there all the same.
    expect(store.latestContents).toHaveLength(2)
    fail = false
    store.retryProgress()
    await store.progress.load()
    expect(store.progressFailed).toBe(false)
    expect(store.progressList.map((row) => [row.subjectId, row.progress])).toEqual([
      [1, 0],
      [2, 75]
    ])
    expect(api.calls.filter((name) => name === 'subjects')).toHaveLength(1)
  })

  it('gives its card one loading state: failed while either call failed, retried through its load', async () => {
    let fail = true
    let asked = 0
    const { store } = setup({
      api: {
        subjectsProgress: () => {
          asked += 1
          return fail ? Promise.reject(new ApiError('network', 'down')) : Promise.resolve([])
        }
      }
    })
    await store.load()
    expect(store.progressSection).toMatchObject({ pending: false, failed: true })
    fail = false
    store.progressSection.load()
    expect(store.progressSection.pending).toBe(true)
    await store.progress.load()
    expect(store.progressSection).toMatchObject({ pending: false, failed: false })
    expect(asked).toBe(2)
  })
})

describe('the other sections', () => {
  it('shows 2 latest and 2 free lessons, ad cards by position, sessions by start with their state', async () => {
    const now = Date.parse('2026-11-22T16:45:00Z')
    const { store } = setup({
      now,
      api: {
        freeContents: () => Promise.resolve([content(4), content(5), content(6)]),
        adCards: () => Promise.resolve([card(3, 2), card(1, 5), card(2, 1, false), card(4, 0)]),
        todayEvents: () =>
          Promise.resolve([
            event(2, '2026-11-22T17:30:00+01:00', '2026-11-22T19:00:00+01:00'),
            event(1, '2026-11-22T14:00:00+01:00', '2026-11-22T15:30:00+01:00'),
            event(3, '2026-11-22T19:30:00+01:00', '2026-11-22T21:00:00+01:00', true)
          ])
      }
    })
    await store.load()
    expect(store.latestContents.map((item) => item.content.id)).toEqual([1, 2])
    expect(store.freeContents.map((item) => item.content.id)).toEqual([4, 5])
    expect(store.adCards.map((item) => item.id)).toEqual([4, 3, 1])
    expect(store.todaySessions.map(({ event: e, state }) => [e.id, state])).toEqual([
      [1, 'finished'],
      [2, 'inProgress'],
      [3, 'finished']
    ])
  })

  it('names session states as the specification does (part 2 §4)', () => {
    const at = (iso: string) => Date.parse(iso)
    const e = event(1, '2026-11-22T14:00:00+01:00', '2026-11-22T15:30:00+01:00')
    expect(sessionState(e, at('2026-11-22T12:59:00Z'))).toBe('upcoming')
    expect(sessionState(e, at('2026-11-22T13:00:00Z'))).toBe('inProgress')
    expect(sessionState(e, at('2026-11-22T14:30:00Z'))).toBe('finished')
    expect(sessionState({ ...e, disabled: true }, at('2026-11-22T12:00:00Z'))).toBe('finished')
    expect(sortAdCards([card(1, 2), card(2, 2), card(3, 1)]).map((item) => item.id)).toEqual([3, 1, 2])
  })

  it('loads each section on its own: one failing leaves the others, and its retry brings it back', async () => {
    let down = true
    const { store } = setup({
      api: { todayEvents: () => (down ? Promise.reject(new ApiError('server_error', 'boom')) : Promise.resolve([])) }
    })
    await store.load()
    expect(store.sessions.failed).toBe(true)
    expect(store.latest.status).toBe('succeeded')
    expect(store.alerts.status).toBe('succeeded')
    down = false
    await store.sessions.load()
    expect(store.sessions.failed).toBe(false)
    expect(store.sessions.status).toBe('succeeded')
  })

  it('asks for the forum topics only with the forum permission', async () => {
    const without = setup({ forum: false })
    await without.store.load()
    expect(without.api.calls).not.toContain('forumPosts')
    expect(without.store.showsForum).toBe(false)
    const withForum = setup({ forum: true })
    await withForum.store.load()
    expect(withForum.api.calls).toContain('forumPosts')
  })

  it('joins a load already running, and keeps what it had when a reload fails', async () => {
    let calls = 0
    let fail = false
    const section = new Section(async () => {
      calls++
      if (fail) throw new ApiError('network', 'down')
      return [calls]
    })
    expect(section.pending).toBe(true)
    await Promise.all([section.load(), section.load()])
    expect(calls).toBe(1)
    expect(section.data).toEqual([1])
    fail = true
    await section.load()
    expect(section.status).toBe('failed')
    expect(section.failed).toBe(false)
    expect(section.data).toEqual([1])
  })
})

it('keeps what it shows when a reload brings the same answer, and takes a different one', async () => {
  let answer = [{ id: 1, name: 'a' }]
  const section = new Section(async () => answer.map((row) => ({ ...row })))
  await section.load()
  const shown = section.data
  await section.load()
  expect(section.data).toBe(shown)
  answer = [{ id: 1, name: 'b' }]
  await section.load()
  expect(section.data).toEqual([{ id: 1, name: 'b' }])
})

it('lets the screen take over a load started ahead of it, once; later visits load what is no longer fresh', async () => {
  let now = Date.parse('2026-11-22T10:00:00Z')
  const { api, store } = setup({ now: () => now })
  store.prefetch()
  store.prefetch()
  const perLoad = api.calls.length
  expect(perLoad).toBeGreaterThan(0)
  // The screen mounts after the prefetched answers arrived: nothing is asked twice.
  await Promise.resolve()
  await store.enter()
  expect(api.calls.length).toBe(perLoad)
  expect(store.latest.data).not.toBeNull()
  // Back within the minute: the answers on screen are current, nothing is asked.
  now += HOME_FRESH_MS - 1
  await store.enter()
  expect(api.calls.length).toBe(perLoad)
  // Later: every section is asked again.
  now += 1
  await store.enter()
  expect(api.calls.length).toBe(perLoad * 2)
})

it('asks again when the clock was set back since the answer (its age unknown)', async () => {
  let now = Date.parse('2026-11-22T10:00:00Z')
  const { api, store } = setup({ now: () => now })
  await store.enter()
  const perLoad = api.calls.length
  now -= 3_600_000
  await store.enter()
  expect(api.calls.length).toBe(perLoad * 2)
})

it('asks again, on a later visit, for a section that failed, however recent', async () => {
  const now = Date.parse('2026-11-22T10:00:00Z')
  let failing = true
  let alertsAsked = 0
  const { api, store } = setup({
    now: () => now,
    api: {
      alerts: () => {
        alertsAsked += 1
        return failing ? Promise.reject(new Error('down')) : Promise.resolve([])
      }
    }
  })
  await store.enter()
  expect(store.alerts.failed).toBe(true)
  const others = api.calls.length
  failing = false
  await store.enter()
  expect(store.alerts.status).toBe('succeeded')
  expect(alertsAsked).toBe(2)
  // The others were fresh: not asked again.
  expect(api.calls.length).toBe(others)
})

it('a retry asks even when the answer is fresh', async () => {
  const { api, store } = setup()
  await store.enter()
  const before = api.calls.length
  await store.latest.load()
  expect(api.calls.length).toBe(before + 1)
})

describe('the welcome modal', () => {
  it('opens once per user on this machine, remembered as soon as it shows', () => {
    const flags = memoryFlags()
    const first = setup({ flags, userId: 7 }).store
    first.welcomeIfFirstVisit()
    expect(first.welcomeOpen).toBe(true)
    expect(flags.data.get(welcomeKey(7))).toBe('1')
    first.closeWelcome()
    expect(first.welcomeOpen).toBe(false)
    // A reload: a new store, the same storage.
    const again = setup({ flags, userId: 7 }).store
    again.welcomeIfFirstVisit()
    expect(again.welcomeOpen).toBe(false)
    // Another pupil on the same machine is welcomed too.
    const other = setup({ flags, userId: 8 }).store
    other.welcomeIfFirstVisit()
    expect(other.welcomeOpen).toBe(true)
  })

  it('closes once the pupil has left the home, not when the screen mounts again in the same task', async () => {
    const { store } = setup({ flags: memoryFlags(), userId: 7 })
    store.welcomeIfFirstVisit()
    // React's development double mount: left and entered again before any microtask.
    store.leave()
    store.welcomeIfFirstVisit()
    await Promise.resolve()
    expect(store.welcomeOpen).toBe(true)
    // Another screen: the welcome has been seen and does not come back with the home.
    store.leave()
    expect(store.welcomeOpen).toBe(true)
    await Promise.resolve()
    expect(store.welcomeOpen).toBe(false)
    store.welcomeIfFirstVisit()
    expect(store.welcomeOpen).toBe(false)
  })

  it('waits for a signed-in user', () => {
    const { store } = setup({ userId: null })
    store.welcomeIfFirstVisit()
    expect(store.welcomeOpen).toBe(false)
  })
})

describe('the welcome modal and the other dialogs', () => {
  it('waits while another dialog is open, and never opens over typing', () => {
    let other = true
    const api = fakeApi()
    const flags = memoryFlags()
    const store = new HomeStore({ api: () => api, hasForum: () => false, userId: () => 3, flags, otherDialogOpen: () => other })
    store.welcomeIfFirstVisit(true)
    expect(store.welcomeOpen).toBe(false)
    expect(flags.data.has(welcomeKey(3))).toBe(false)
    store.welcomeIfFirstVisit(false)
    expect(store.welcomeOpen).toBe(true)
    expect(store.welcomeVisible).toBe(false)
    other = false
    expect(store.welcomeVisible).toBe(true)
  })

  it('stays for the pupil’s return when they left the home before it could show', async () => {
    let other = true
    const api = fakeApi()
    const store = new HomeStore({
      api: () => api,
      hasForum: () => false,
      userId: () => 3,
      flags: memoryFlags(),
      otherDialogOpen: () => other
    })
    store.welcomeIfFirstVisit()
    expect(store.welcomeVisible).toBe(false)
    // A deep link takes the pupil elsewhere while a platform popup is still up.
    store.leave()
    await Promise.resolve()
    expect(store.welcomeOpen).toBe(true)
    other = false
    store.welcomeIfFirstVisit()
    expect(store.welcomeVisible).toBe(true)
  })
})
