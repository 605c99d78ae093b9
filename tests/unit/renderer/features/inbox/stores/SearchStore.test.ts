import { describe, expect, it } from 'vitest'
import { SEARCH_DEBOUNCE_MS, SearchStore, type SearchTimers } from '../../../../../../src/renderer/src/features/inbox/stores/SearchStore.ts'
import { FakeInboxApi } from './inboxFakes.ts'

function manualTimers() {
  let next = 1
  const pending = new Map<number, { handler: () => void; ms: number }>()
  const timers: SearchTimers = {
    setTimeout: (handler, ms) => {
      const id = next++
      pending.set(id, { handler, ms })
      return id
    },
    clearTimeout: (id) => {
      pending.delete(id as number)
    }
  }
  const flush = async () => {
    for (const [id, { handler }] of [...pending]) {
      pending.delete(id)
      handler()
    }
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { timers, pending, flush }
}

describe('SearchStore', () => {
  it('does not ask below 3 characters', async () => {
    const api = new FakeInboxApi()
    const { timers, pending, flush } = manualTimers()
    const store = new SearchStore(() => api, timers)
    store.setTerm('ma')
    store.setTerm(' m ')
    expect(pending.size).toBe(0)
    await flush()
    expect(api.searches).toEqual([])
    expect(store.status).toBe('idle')
  })

  it('asks once after the pause in typing, with the trimmed latest text', async () => {
    const api = new FakeInboxApi()
    api.searchResults = [
      {
        name: 'Suites',
        subject: 1,
        subject_name: 'Mathématiques',
        subject_slug: 'm',
        chapter_slug: 'c',
        content_slug: 'l',
        chapter_type: 'course'
      }
    ]
    const { timers, pending, flush } = manualTimers()
    const store = new SearchStore(() => api, timers)
    store.setTerm('mat')
    store.setTerm('math ')
    expect(pending.size).toBe(1)
    expect([...pending.values()][0]!.ms).toBe(SEARCH_DEBOUNCE_MS)
    expect(store.status).toBe('loading')
    await flush()
    expect(api.searches).toEqual(['math'])
    expect(store.status).toBe('succeeded')
    expect(store.results).toHaveLength(1)
    store.setTerm('ma')
    expect(store.results).toEqual([])
  })
})
