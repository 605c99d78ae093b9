import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { HomeApi, UsedDuration } from '../../../../../../src/renderer/src/features/home/api.ts'
import { FreeHoursStore } from '../../../../../../src/renderer/src/features/home/stores/FreeHoursStore.ts'
import { splitDuration } from '../../../../../../src/renderer/src/lib/durationText.ts'

function api(answer: () => Promise<UsedDuration>, asked: number[]): () => HomeApi {
  const unused = () => Promise.reject(new Error('not used'))
  const client: HomeApi = {
    subjects: unused,
    subjectsProgress: unused,
    newContents: unused,
    freeContents: unused,
    todayEvents: unused,
    alerts: unused,
    forumPosts: unused,
    adCards: unused,
    usedDuration: (seconds) => {
      asked.push(seconds)
      return answer()
    }
  }
  return () => client
}

describe('FreeHoursStore', () => {
  it('asks as the player does (50 s more) and shows the used share', async () => {
    const asked: number[] = []
    const store = new FreeHoursStore(
      api(
        () =>
          Promise.resolve({
            used_duration: 2700,
            total_duration: 7200,
            remaining_duration: 4500,
            percentage: 37.5,
            can_play: true,
            expired: false
          }),
        asked
      )
    )
    expect(store.percentage).toBeNull()
    await store.load()
    expect(asked).toEqual([50])
    expect(store.percentage).toBe(38)
    expect(store.expired).toBe(false)
  })

  it('says when the free time is used up, and keeps quiet on a failure', async () => {
    const used = new FreeHoursStore(
      api(
        () =>
          Promise.resolve({
            used_duration: 7300,
            total_duration: 7200,
            remaining_duration: 0,
            percentage: 100,
            can_play: false,
            expired: true
          }),
        []
      )
    )
    await used.load()
    expect(used.expired).toBe(true)
    expect(used.percentage).toBe(100)
    const failing = new FreeHoursStore(api(() => Promise.reject(new ApiError('network', 'down')), []))
    await failing.load()
    expect(failing.status).toBe('failed')
    expect(failing.percentage).toBeNull()
  })

  it('splits seconds into hours and minutes', () => {
    expect(splitDuration(2700)).toEqual({ hours: 0, minutes: 45 })
    expect(splitDuration(7200)).toEqual({ hours: 2, minutes: 0 })
    expect(splitDuration(4559)).toEqual({ hours: 1, minutes: 15 })
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0 })
  })
})
