import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPaint } from '../../../../src/renderer/src/lib/afterPaint.ts'

function page(visibilityState: 'visible' | 'hidden') {
  const frames: FrameRequestCallback[] = []
  vi.stubGlobal('document', { visibilityState })
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  return { runFrame: () => frames.splice(0).forEach((callback) => callback(0)) }
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false
  void promise.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('afterPaint', () => {
  it('waits for the next frame, then for the task after it', async () => {
    vi.useFakeTimers()
    const { runFrame } = page('visible')
    const painted = afterPaint()
    expect(await settled(painted)).toBe(false)
    vi.advanceTimersByTime(50)
    expect(await settled(painted)).toBe(false)
    runFrame()
    expect(await settled(painted)).toBe(false)
    vi.advanceTimersByTime(0)
    expect(await settled(painted)).toBe(true)
  })

  it('does not wait past 100 ms for a frame that never comes', async () => {
    vi.useFakeTimers()
    page('visible')
    const painted = afterPaint()
    vi.advanceTimersByTime(99)
    expect(await settled(painted)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(await settled(painted)).toBe(true)
  })

  it('does not wait at all in a hidden window or without frames', async () => {
    page('hidden')
    expect(await settled(afterPaint())).toBe(true)
    vi.unstubAllGlobals()
    expect(await settled(afterPaint())).toBe(true)
  })
})
