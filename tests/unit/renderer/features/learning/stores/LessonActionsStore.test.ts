import { autorun } from 'mobx'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { LearningApi, Reactions } from '../../../../../../src/renderer/src/features/learning/api.ts'
import { LessonActionsStore, withReaction } from '../../../../../../src/renderer/src/features/learning/stores/LessonActionsStore.ts'
import type { SnackbarInput } from '../../../../../../src/renderer/src/stores/UiStore.ts'

const counts = (extra: Partial<Reactions> = {}): Reactions => ({
  content_id: 7,
  angry: 0,
  sad: 1,
  thinking: 0,
  happy: 0,
  love: 3,
  total: 4,
  user_reaction: null,
  ...extra
})

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

function setup(
  options: {
    locked?: boolean
    react?: () => Promise<Reactions>
    toggle?: () => Promise<{ content_id: number; bookmarked: boolean; message: string }>
  } = {}
) {
  const notes: SnackbarInput[] = []
  const calls: string[] = []
  const api = {
    reactions: () => Promise.resolve(counts()),
    react: (id: number, type: string | null) => {
      calls.push(`react ${type}`)
      return options.react ? options.react() : Promise.resolve(withReaction(counts(), type as 'love'))
    },
    toggleBookmark: (subject: string, chapter: string, content: string) => {
      calls.push(`bookmark ${subject}/${chapter}/${content}`)
      return options.toggle ? options.toggle() : Promise.resolve({ content_id: 7, bookmarked: true, message: 'ok' })
    }
  } as unknown as LearningApi
  const store = new LessonActionsStore({
    contentId: 7,
    address: { subject: 'mathematiques', chapter: 'complexes', content: 'lecon-7' },
    api: () => api,
    notify: (input) => notes.push(input),
    locked: () => options.locked ?? false,
    bookmarked: () => false
  })
  return { store, notes, calls }
}

describe('the lesson’s bookmark and reactions', () => {
  it('counts a reaction moving from one type to another, and cleared', () => {
    const loved = withReaction(counts(), 'love')
    expect([loved.love, loved.total, loved.user_reaction]).toEqual([4, 5, { reaction_type: 'love' }])
    const sad = withReaction(loved, 'sad')
    expect([sad.love, sad.sad, sad.total]).toEqual([3, 2, 5])
    const cleared = withReaction(sad, null)
    expect([cleared.sad, cleared.total, cleared.user_reaction]).toEqual([1, 4, null])
  })

  it('shows the reaction at once, keeps the server’s answer, and a second click clears it', async () => {
    const answer = deferred<Reactions>()
    const { store, calls } = setup({ react: () => answer.promise })
    await store.load()
    const sent = store.react('love')
    expect(store.userReaction).toBe('love')
    expect(store.current?.love).toBe(4)
    answer.resolve(withReaction(counts(), 'love'))
    await sent
    expect(store.current?.total).toBe(5)
    expect(calls).toEqual(['react love'])
  })

  it('reverts with a message when refused', async () => {
    const { store, notes } = setup({ react: () => Promise.reject(new ApiError('network', 'offline')) })
    await store.load()
    await store.react('sad')
    expect(store.userReaction).toBeNull()
    expect(store.current?.sad).toBe(1)
    expect(notes).toEqual([{ intent: 'error', key: 'learning:actions.failed' }])
  })

  it('on a locked lesson warns to unlock first and sends nothing', async () => {
    const { store, notes, calls } = setup({ locked: true })
    await store.load()
    await store.react('love')
    await store.toggleBookmark()
    expect(calls).toEqual([])
    expect(notes).toEqual([
      { intent: 'warning', key: 'learning:actions.unlockFirst' },
      { intent: 'warning', key: 'learning:actions.unlockFirst' }
    ])
  })

  it('toggles the bookmark at once, with the lesson’s slugs, and reverts when the server says the lesson is locked', async () => {
    const { store, calls, notes } = setup()
    const sent = store.toggleBookmark()
    expect(store.bookmarked).toBe(true)
    await sent
    expect(calls).toEqual(['bookmark mathematiques/complexes/lecon-7'])
    expect(notes.at(-1)).toEqual({ intent: 'success', key: 'learning:actions.bookmarkAdded' })
    const refused = setup({
      toggle: () => Promise.reject(new ApiError('content_locked', 'Vous devez débloquer ce cours', { status: 403 }))
    })
    await refused.store.toggleBookmark()
    expect(refused.store.bookmarked).toBe(false)
    expect(refused.notes).toEqual([{ intent: 'warning', key: 'learning:actions.unlockFirst' }])
  })
  it('a click wakes only the controls it changes, and an answer equal to what the click showed wakes none', async () => {
    const answer = deferred<Reactions>()
    const { store } = setup({ react: () => answer.promise })
    await store.load()
    // Each control's observer as the control bar renders it: one run per render.
    const runs = { love: 0, sad: 0, count: 0, bookmark: 0 }
    const stops = [
      autorun(() => void (store.love, runs.love++)),
      autorun(() => void (store.sad, runs.sad++)),
      autorun(() => void (store.total, runs.count++)),
      autorun(() => void (store.bookmarked, runs.bookmark++))
    ]
    const sent = store.react('love')
    expect(store.love).toEqual({ pressed: true, count: 4 })
    expect(runs).toEqual({ love: 2, sad: 1, count: 2, bookmark: 1 })
    answer.resolve(withReaction(counts(), 'love'))
    await sent
    expect(runs).toEqual({ love: 2, sad: 1, count: 2, bookmark: 1 })
    await store.toggleBookmark()
    expect(runs).toEqual({ love: 2, sad: 1, count: 2, bookmark: 2 })
    stops.forEach((stop) => stop())
  })
})
