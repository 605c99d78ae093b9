import { autorun } from 'mobx'
import { describe, expect, it } from 'vitest'
import { Resource } from '../../../../src/renderer/src/lib/loadable.ts'

/** A fetch whose answers the test gives, one per request, in any order. */
function deferredFetch<T>() {
  const pending: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }> = []
  const fetch = () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject }))
  return { fetch, pending }
}

describe('Resource (the one loading primitive)', () => {
  it('joins a load already in flight: one request for two loads', async () => {
    const { fetch, pending } = deferredFetch<number[]>()
    const resource = new Resource(fetch)
    expect(resource.status).toBe('idle')
    expect(resource.pending).toBe(true)
    const first = resource.load()
    const second = resource.load()
    expect(second).toBe(first)
    expect(resource.status).toBe('loading')
    expect(pending).toHaveLength(1)
    pending[0]!.resolve([1])
    await first
    expect([resource.status, resource.data]).toEqual(['succeeded', [1]])
  })

  it('keeps the answer of the latest reload when an older one arrives after it, failure or not', async () => {
    const { fetch, pending } = deferredFetch<string>()
    const resource = new Resource(fetch)
    const older = resource.reload()
    const newer = resource.reload()
    expect(pending).toHaveLength(2)
    pending[1]!.resolve('new')
    await newer
    pending[0]!.resolve('old')
    await older
    expect(resource.data).toBe('new')
    const oldest = resource.reload()
    const latest = resource.reload()
    pending[3]!.resolve('latest')
    await latest
    pending[2]!.reject(new Error('down'))
    await oldest
    expect([resource.status, resource.data]).toEqual(['succeeded', 'latest'])
  })

  it('leaves an equal answer in place (same object, no re-render) and takes a different one', async () => {
    let answer = [{ id: 1, name: 'a' }]
    const resource = new Resource(async () => answer.map((row) => ({ ...row })))
    const seen: unknown[] = []
    const stop = autorun(() => seen.push(resource.data))
    await resource.load()
    const shown = resource.data
    const reload = resource.reload()
    // A reload behind an answer keeps its status.
    expect(resource.status).toBe('succeeded')
    await reload
    expect(resource.data).toBe(shown)
    expect(seen).toHaveLength(2)
    answer = [{ id: 1, name: 'b' }]
    await resource.reload()
    expect(resource.data).toEqual([{ id: 1, name: 'b' }])
    expect(seen).toHaveLength(3)
    stop()
  })

  it('is fresh for its maximum age only, and stale when the clock was set back', async () => {
    let now = 1_000_000
    let asked = 0
    const resource = new Resource(async () => ++asked, { clock: () => now })
    expect(resource.isFresh(60_000)).toBe(false)
    await resource.refresh(60_000)
    expect(asked).toBe(1)
    now += 59_999
    await resource.refresh(60_000)
    expect(asked).toBe(1)
    now += 1
    await resource.refresh(60_000)
    expect(asked).toBe(2)
    // Set back an hour: the answer's age is unknown, it is asked again.
    now -= 3_600_000
    expect(resource.isFresh(60_000)).toBe(false)
    await resource.refresh(60_000)
    expect(asked).toBe(3)
  })

  it('drops what it holds for another user of the session, and an answer asked for the previous one', async () => {
    let scope = 1
    const { fetch, pending } = deferredFetch<string>()
    const resource = new Resource(fetch, { scope: () => scope })
    const first = resource.load()
    pending[0]!.resolve('Amine')
    await first
    expect(resource.isFresh(Number.POSITIVE_INFINITY)).toBe(true)
    scope = 2
    expect(resource.isFresh(Number.POSITIVE_INFINITY)).toBe(false)
    const second = resource.ensure()
    // The previous user's answer is not shown while the new one's is asked for.
    expect([resource.status, resource.data]).toEqual(['loading', null])
    scope = 3
    pending[1]!.resolve('Lina')
    await second
    expect([resource.status, resource.data]).toEqual(['idle', null])
  })

  it('fails with its error, keeps the answer it had, and a retry succeeds', async () => {
    let fail = true
    let asked = 0
    const resource = new Resource(async () => {
      asked++
      if (fail) throw new Error('down')
      return asked
    })
    await resource.load()
    expect([resource.status, resource.failed, resource.data]).toEqual(['failed', true, null])
    expect(resource.error).toBeInstanceOf(Error)
    fail = false
    const retry = resource.load()
    expect([resource.status, resource.error]).toEqual(['loading', null])
    await retry
    expect([resource.status, resource.failed, resource.data]).toEqual(['succeeded', false, 2])
    fail = true
    await resource.reload()
    expect([resource.status, resource.failed, resource.data]).toEqual(['failed', false, 2])
  })

  it('loads once with ensure: joins the load in flight and asks nothing more after an answer', async () => {
    const { fetch, pending } = deferredFetch<number>()
    const resource = new Resource(fetch)
    const first = resource.ensure()
    expect(resource.ensure()).toBe(first)
    pending[0]!.resolve(1)
    await first
    await resource.ensure()
    expect(pending).toHaveLength(1)
  })

  it('hands every answer of the latest load to onAnswer, an equal one too, and counts the loads asked for', async () => {
    const { fetch, pending } = deferredFetch<number[]>()
    const changed: number[][] = []
    const answered: number[][] = []
    const resource = new Resource(fetch, { onData: (data) => changed.push(data), onAnswer: (data) => answered.push(data) })
    expect(resource.asked).toBe(0)
    const older = resource.reload()
    const first = resource.reload()
    expect(resource.asked).toBe(2)
    pending[1]!.resolve([1])
    await first
    pending[0]!.resolve([0])
    await older
    const again = resource.reload()
    pending[2]!.resolve([1])
    await again
    expect(changed).toEqual([[1]])
    expect(answered).toEqual([[1], [1]])
    resource.reset()
    expect(resource.asked).toBe(4)
  })
})
