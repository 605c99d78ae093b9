import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { ChapterList, LearningApi } from '../../../../../../src/renderer/src/features/learning/api.ts'
import { SubjectDetailsStore } from '../../../../../../src/renderer/src/features/learning/stores/SubjectDetailsStore.ts'
import { SubjectsStore } from '../../../../../../src/renderer/src/features/learning/stores/SubjectsStore.ts'
import { chapter, chapterList, section, subject } from './fixtures.ts'

function fakeApi(chapters: (slug: string) => Promise<ChapterList>, subjects = [subject(1, 1)]): LearningApi & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    subjects: () => {
      calls.push('subjects')
      return Promise.resolve(subjects)
    },
    subjectsProgress: () => Promise.resolve([]),
    chapters: (slug) => {
      calls.push(`chapters ${slug}`)
      return chapters(slug)
    },
    adCards: () => Promise.resolve([]),
    lesson: () => Promise.reject(new Error('not used')),
    postProgress: () => Promise.reject(new Error('not used')),
    usedDuration: () => Promise.reject(new Error('not used')),
    reactions: () => Promise.reject(new Error('not used')),
    react: () => Promise.reject(new Error('not used')),
    toggleBookmark: () => Promise.reject(new Error('not used')),
    bookmarks: () => Promise.reject(new Error('not used')),
    quiz: () => Promise.reject(new Error('not used')),
    submitQuiz: () => Promise.reject(new Error('not used'))
  }
}

function storeWith(api: LearningApi, subjectId = '1'): SubjectDetailsStore {
  return new SubjectDetailsStore(subjectId, () => api, new SubjectsStore(() => api))
}

describe('a subject’s page', () => {
  const list = chapterList(
    [chapter(1, 'course', 1, 10), chapter(2, 'exam', 1, 20)],
    [section(10, 'Algèbre', 1), section(20, 'Examens', 1, 'exam')]
  )

  it('asks for the subject of its route, opens on course, and refuses a disabled tab', async () => {
    const api = fakeApi(() => Promise.resolve(list))
    const store = storeWith(api, '7')
    await store.enter()
    expect(api.calls).toContain('chapters 7')
    expect(store.tab).toBe('course')
    store.chooseTab('recording')
    expect(store.tab).toBe('course')
    store.chooseTab('exam')
    expect(store.tab).toBe('exam')
    expect(store.groups[0]!.chapters[0]!.countKind).toBe('magazines')
  })

  it('sums the subject up with its progress capped at 100 and its counts', async () => {
    const over = { ...list, subject: { ...list.subject, progress: 100, subjectVideos: 12, nbChapters: 2 } }
    const store = storeWith(fakeApi(() => Promise.resolve(over)))
    await store.enter()
    expect(store.summary).toMatchObject({ progress: 100, chapters: 2, videos: 12, name: 'Matière 1' })
  })

  it('lists 5 other subjects until voir plus, all after it, and back to 5 with voir moins', async () => {
    const subjects = Array.from({ length: 8 }, (_, index) => subject(index + 1, 8 - index))
    const store = storeWith(fakeApi(() => Promise.resolve(list), subjects))
    await store.enter()
    expect(store.otherSubjects.map((other) => other.id)).toEqual([8, 7, 6, 5, 4, 3, 2])
    expect(store.shownOthers).toHaveLength(5)
    expect(store.canToggleOthers).toBe(true)
    store.toggleOthers()
    expect(store.shownOthers).toHaveLength(7)
    store.toggleOthers()
    expect(store.shownOthers).toHaveLength(5)
  })

  it('has no toggle with 5 other subjects or fewer', async () => {
    const subjects = Array.from({ length: 6 }, (_, index) => subject(index + 1, index))
    const store = storeWith(fakeApi(() => Promise.resolve(list), subjects))
    await store.enter()
    expect(store.shownOthers).toHaveLength(5)
    expect(store.canToggleOthers).toBe(false)
  })

  it('is the 404 page for an unknown subject', async () => {
    const store = storeWith(fakeApi(() => Promise.reject(new ApiError('not_found', 'Not found', { status: 404 }))))
    await store.enter()
    expect(store.outcome).toBe('notFound')
    expect(store.summary).toBeNull()
  })

  it('is the level message for another class’s subject', async () => {
    const store = storeWith(
      fakeApi(() => Promise.reject(new ApiError('level_not_allowed', 'access not authorised for this level', { status: 403 })))
    )
    await store.enter()
    expect(store.outcome).toBe('levelRefused')
  })

  it('offers a retry when the API cannot be reached, and shows the subject once it answers', async () => {
    let fail = true
    const store = storeWith(fakeApi(() => (fail ? Promise.reject(new ApiError('network', 'offline')) : Promise.resolve(list))))
    await store.enter()
    expect(store.outcome).toBe('failed')
    fail = false
    await store.retry()
    expect(store.outcome).toBeNull()
    expect(store.groups).toHaveLength(1)
  })
})

describe('the subjects store', () => {
  it('asks again only once its answer is no longer fresh', async () => {
    let now = 0
    const api = fakeApi(() => Promise.resolve(chapterList([])))
    const store = new SubjectsStore(
      () => api,
      () => now
    )
    await store.enter()
    now = 30_000
    await store.enter()
    expect(api.calls.filter((call) => call === 'subjects')).toHaveLength(1)
    now = 61_000
    await store.enter()
    expect(api.calls.filter((call) => call === 'subjects')).toHaveLength(2)
  })
})
