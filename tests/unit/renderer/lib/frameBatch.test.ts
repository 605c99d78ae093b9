import { autorun, observable } from 'mobx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameBatch } from '../../../../src/renderer/src/lib/frameBatch.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function paintingPage() {
  const frames: FrameRequestCallback[] = []
  vi.stubGlobal('document', { visibilityState: 'visible' })
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  return { runFrame: () => frames.splice(0).forEach((callback) => callback(0)), frames }
}

describe('createFrameBatch', () => {
  it('applies the updates of one frame together: observers see them once', async () => {
    vi.useFakeTimers()
    const { runFrame, frames } = paintingPage()
    const state = observable({ a: 0, b: 0 })
    const seen: string[] = []
    autorun(() => seen.push(`${state.a}-${state.b}`))
    const batch = createFrameBatch()
    const first = batch(() => (state.a = 1))
    const second = batch(() => (state.b = 2))
    expect(frames).toHaveLength(1)
    expect(state.a).toBe(0)
    runFrame()
    await Promise.all([first, second])
    expect(seen).toEqual(['0-0', '1-2'])
    // The next update waits for the next frame.
    const third = batch(() => (state.a = 3))
    expect(state.a).toBe(1)
    runFrame()
    await third
    expect(seen).toEqual(['0-0', '1-2', '3-2'])
  })

  it('does not wait past 100 ms for a frame, and not at all in a hidden window', async () => {
    vi.useFakeTimers()
    paintingPage()
    const state = observable({ a: 0 })
    const batch = createFrameBatch()
    const applied = batch(() => (state.a = 1))
    vi.advanceTimersByTime(99)
    expect(state.a).toBe(0)
    vi.advanceTimersByTime(1)
    await applied
    expect(state.a).toBe(1)

    vi.stubGlobal('document', { visibilityState: 'hidden' })
    const hidden = batch(() => (state.a = 2))
    vi.advanceTimersByTime(0)
    await hidden
    expect(state.a).toBe(2)
  })
})
