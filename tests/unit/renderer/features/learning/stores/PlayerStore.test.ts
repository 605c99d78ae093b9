import { describe, expect, it } from 'vitest'
import type { LearningApi, UsedDuration } from '../../../../../../src/renderer/src/features/learning/api.ts'
import { LessonStore, courseLessonId, sideSections } from '../../../../../../src/renderer/src/features/learning/stores/LessonStore.ts'
import { PLAYBACK_RATE_KEY, PlayerStore, startPosition } from '../../../../../../src/renderer/src/features/learning/stores/PlayerStore.ts'
import type { ProgressChannel } from '../../../../../../src/renderer/src/features/learning/stores/ProgressChannel.ts'
import type { Tick } from '../../../../../../src/renderer/src/features/learning/stores/tickRecorder.ts'
import type { FlagStorage } from '../../../../../../src/renderer/src/lib/flagStorage.ts'
import { MemoryStorage } from '../../../memoryStorage.ts'
import type { Lesson, PlaybackProgress, ProgressReply } from '../../../../../../src/shared/api/learning.ts'

function fakeChannel() {
  const sent: Tick[] = []
  let disposed = false
  const channel = { send: (ticks: Tick[]) => sent.push(...ticks), dispose: () => (disposed = true) } as unknown as ProgressChannel
  return { channel, sent, disposed: () => disposed }
}

const used = (remaining: number): UsedDuration => ({
  used_duration: 100,
  total_duration: 100 + remaining,
  remaining_duration: remaining,
  percentage: 50,
  can_play: remaining >= 50,
  expired: remaining <= 0
})

function player(options: { prefs?: FlagStorage; freeHours?: boolean; remaining?: number[]; resumeAt?: number } = {}) {
  const { channel, sent, disposed } = fakeChannel()
  const remaining = [...(options.remaining ?? [])]
  const asked: number[] = []
  const progress: PlaybackProgress[] = []
  const api = {
    usedDuration: (seconds: number) => {
      asked.push(seconds)
      return Promise.resolve(used(remaining.shift() ?? 1000))
    }
  } as unknown as LearningApi
  let now = 1_800_000_000_000
  let paused = 0
  let ended = 0
  const store = new PlayerStore({
    contentId: 7,
    duration: 24,
    resumeAt: options.resumeAt,
    freeHours: options.freeHours ?? false,
    viewToken: 'view-token-p',
    api: () => api,
    channel,
    prefs: options.prefs ?? null,
    onProgress: (value) => progress.push(value),
    onFreeHoursEnded: () => ended++,
    clock: () => now,
    setTimer: () => 0,
    clearTimer: () => undefined
  })
  store.attach({ pause: () => paused++ })
  return { store, sent, disposed, asked, progress, advance: (ms: number) => (now += ms), paused: () => paused, ended: () => ended }
}

const reply = (extra: Partial<ProgressReply> = {}): ProgressReply => ({
  content_id: 7,
  completed: false,
  percentage: 40,
  lastWatchedSecond: 10,
  watchedSeconds: 10,
  duration: 24,
  counted: true,
  freeHours: false,
  expired: false,
  ...extra
})

describe('the player', () => {
  it('remembers the speed chosen on this machine; refuses one outside 0.5–2', () => {
    const prefs = new MemoryStorage()
    const { store } = player({ prefs })
    expect(store.rate).toBe(1)
    store.setRate(0.75)
    expect(prefs.getItem(PLAYBACK_RATE_KEY)).toBe('0.75')
    store.setRate(3)
    expect(store.rate).toBe(0.75)
    expect(player({ prefs }).store.rate).toBe(0.75)
    prefs.setItem(PLAYBACK_RATE_KEY, '16')
    expect(player({ prefs }).store.rate).toBe(1)
  })

  it('reports play, progress and pause through the channel, and the rest when the page closes', () => {
    const { store, sent, disposed, advance } = player()
    store.played(0)
    advance(5_000)
    store.timeUpdated(5)
    advance(2_000)
    store.timeUpdated(7)
    store.dispose()
    expect(sent.map(({ from, watchedTime, state }) => [from, watchedTime, state])).toEqual([
      [0, 0, 'paused'],
      [0, 5, 'playing'],
      [5, 7, 'paused']
    ])
    expect(disposed()).toBe(true)
  })

  it('passes the answers on as progress; free hours used up stop the video and show the modal', () => {
    const { store, progress, paused, ended } = player()
    store.onReply(reply({ completed: true, percentage: 83 }))
    expect(progress.at(-1)).toEqual({ content_id: 7, completed: true, percentage: 83, lastWatchedSecond: 10, watchedSeconds: 10 })
    expect(store.expired).toBe(false)
    store.onReply(reply({ expired: true, freeHours: true }))
    expect(store.expired).toBe(true)
    expect(paused()).toBe(1)
    expect(ended()).toBe(1)
    store.played(3)
    expect(paused()).toBe(2)
  })

  it('on free hours asks the allowance every 50 s watched, and stops once it is used up', async () => {
    const { store, asked, advance, ended } = player({ freeHours: true, remaining: [600, 0] })
    store.played(0)
    for (let second = 1; second <= 100; second++) {
      advance(1_000)
      store.timeUpdated(second)
      await Promise.resolve()
    }
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked).toEqual([50, 50])
    expect(store.expired).toBe(true)
    expect(ended()).toBe(1)
  })

  it('does not ask the allowance for a lesson that spends none', () => {
    const { store, asked, advance } = player()
    store.played(0)
    advance(60_000)
    store.timeUpdated(55)
    expect(asked).toEqual([])
  })

  it('starts where the pupil moved before the video loaded, not at the resume point (issue 27)', () => {
    const { store, sent, advance } = player()
    // The page reloaded with the resume point at 12; the pupil drags to 0 before the metadata comes.
    store.movedEarly(0)
    const start = store.loadedAt(12)
    expect(start).toBe(0)
    store.played(start)
    advance(5000)
    store.timeUpdated(10)
    advance(5000)
    store.timeUpdated(20)
    advance(2000)
    store.paused(24)
    const watched = sent.filter((tick) => tick.state !== 'skipped_forward').map((tick) => [tick.from, tick.watchedTime])
    expect(watched).toEqual([
      [0, 0],
      [0, 10],
      [10, 20],
      [20, 24]
    ])
    // The move counts once: a later load (a renewed address) goes back where the player was.
    expect(store.loadedAt(7)).toBe(7)
    expect(player().store.loadedAt(12)).toBe(12)
  })

  it('shows the resume point before the video loads, and an early move at once (issue 27)', () => {
    const { store } = player({ resumeAt: 12 })
    // The slider shows 12 while loading: dragging it to 0 is a move, not the value it already had.
    expect(store.position).toBe(12)
    store.movedEarly(0)
    expect(store.position).toBe(0)
    expect(store.loadedAt(12)).toBe(0)
    expect(player({ resumeAt: 22 }).store.position).toBe(0)
    expect(player().store.position).toBe(0)
  })

  it('starts at the resume point, or at the beginning when it is at the very end', () => {
    expect(startPosition(0, 24)).toBe(0)
    expect(startPosition(12, 24)).toBe(12)
    expect(startPosition(22, 24)).toBe(0)
    expect(startPosition(Number.NaN, 24)).toBe(0)
  })
})

const entry = (id: number, extra: Partial<Lesson['sections'][number]['chapters'][number]['contents'][number]> = {}) => ({
  id,
  slug: `lecon-${id}`,
  name: `Leçon ${id}`,
  type: { id: 1, name: 'CRYPTED VIDEO' },
  position: id,
  duration: 24,
  is_free: false,
  locked: false,
  created_at: '2026-11-01T10:00:00.000Z',
  progress: { content_id: id, completed: false, percentage: 0, lastWatchedSecond: 0, watchedSeconds: 0 },
  ...extra
})

function lesson(extra: Partial<Lesson> = {}): Lesson {
  return {
    content: {
      id: 2,
      slug: 'lecon-2',
      name: 'Leçon 2',
      type: { id: 1, name: 'CRYPTED VIDEO' },
      instructor: null,
      content_videos: [
        { id: 9, url: '/api/media/lessons/9?u=1&expires=1&signature=s', duration: 24, mime_type: 'video/webm', event: null }
      ],
      created_at: '2026-11-01T10:00:00.000Z',
      is_free: false,
      duration: 24
    },
    subject: { id: 1, slug: 'mathematiques', name: 'Mathématiques', color: null, thumbnail: null },
    chapter: { id: 10, slug: 'complexes', name: 'Nombres complexes', type: 'course', instructor: null, tabId: 1, sectionId: 5 },
    tabId: 1,
    sections: [
      {
        sectionId: 5,
        sectionName: 'Algèbre',
        sectionPosition: 1,
        tabId: 1,
        type: 'course',
        chapters: [
          {
            id: 10,
            slug: 'complexes',
            name: 'Nombres complexes',
            type: 'course',
            position: 1,
            contents: [
              entry(1, { progress: { content_id: 1, completed: true, percentage: 100, lastWatchedSecond: 0, watchedSeconds: 24 } }),
              entry(2),
              entry(3, { locked: true })
            ]
          },
          { id: 11, slug: 'vide', name: 'Vide', type: 'course', position: 2, contents: [] }
        ]
      },
      {
        sectionId: 6,
        sectionName: 'Séances',
        sectionPosition: 2,
        tabId: 3,
        type: 'recording',
        chapters: [{ id: 12, slug: 'seances', name: 'Séances', type: 'recording', position: 1, contents: [entry(4)] }]
      }
    ],
    locked: false,
    lockedVideo: false,
    freeHours: false,
    attachments: [],
    otp: 'o',
    playbackInfo: 'p',
    bookmarked: false,
    pages: [],
    rtl: false,
    content_qcm_id: null,
    progress: { content_id: 2, completed: false, percentage: 0, lastWatchedSecond: 0, watchedSeconds: 0 },
    ...extra
  }
}

describe('the lesson page', () => {
  it('lists the lessons of its tab by section, with their routes, the current one, the locked and the finished ones', () => {
    const sections = sideSections(lesson(), (item) => item.progress)
    expect(sections.map((section) => section.name)).toEqual(['Algèbre'])
    const lessons = sections[0]!.chapters.flatMap((chapter) => chapter.lessons)
    expect(sections[0]!.chapters).toHaveLength(1)
    expect(lessons.map((item) => [item.id, item.current, item.locked, item.completed])).toEqual([
      [1, false, false, true],
      [2, true, false, false],
      [3, false, true, false]
    ])
    expect(lessons[0]!.path).toBe('/subjects/mathematiques/chapters/complexes/lessons/lecon-1/content')
  })

  it('has previous and next lessons, its video, and follows the ticks’ answers', async () => {
    const api = { lesson: () => Promise.resolve(lesson()) } as unknown as LearningApi
    const store = new LessonStore({ subject: 'mathematiques', chapter: 'complexes', content: 'lecon-2' }, () => api)
    await store.enter()
    expect(store.previous?.id).toBe(1)
    expect(store.next?.id).toBe(3)
    expect(store.video).toEqual({ id: 9, url: '/api/media/lessons/9?u=1&expires=1&signature=s', duration: 24, mimeType: 'video/webm' })
    expect(store.subjectPath).toBe('/subjects/1/details')
    store.setProgress({ content_id: 2, completed: true, percentage: 85, lastWatchedSecond: 20, watchedSeconds: 21 })
    expect(store.progress?.completed).toBe(true)
    expect(store.sections[0]!.chapters[0]!.lessons[1]!.completed).toBe(true)
    store.markLocked()
    expect(store.locked).toBe(true)
    expect(store.video).toBeNull()
  })

  it('has no video when locked; an unknown lesson is the 404 page', async () => {
    const locked = { lesson: () => Promise.resolve(lesson({ locked: true, lockedVideo: true })) } as unknown as LearningApi
    const store = new LessonStore({ subject: 'a', chapter: 'b', content: 'c' }, () => locked)
    await store.enter()
    expect(store.video).toBeNull()
    const { ApiError } = await import('../../../../../../src/renderer/src/api/errors.ts')
    const missing = { lesson: () => Promise.reject(new ApiError('not_found', 'Introuvable', { status: 404 })) } as unknown as LearningApi
    const gone = new LessonStore({ subject: 'a', chapter: 'b', content: 'x' }, () => missing)
    await gone.enter()
    expect(gone.outcome).toBe('notFound')
  })

  it('reads the course view’s lesson id before the first hyphen', () => {
    expect(courseLessonId('12-les-fractions')).toBe('12')
    expect(courseLessonId('12')).toBe('12')
    expect(courseLessonId('les-fractions')).toBe('les-fractions')
  })
})
