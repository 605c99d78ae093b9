import { describe, expect, it } from 'vitest'
import {
  restoreWindowState,
  trackWindowState,
  type Rectangle,
  type ScreenLike,
  type TrackedWindow,
  type WindowStateStoreData
} from '../../../../src/main/services/windowState.ts'
import { createMemoryStore } from '../../../../src/main/services/store.ts'

const primary: Rectangle = { x: 0, y: 0, width: 1920, height: 1040 }
const secondary: Rectangle = { x: 1920, y: 0, width: 1280, height: 1024 }

function screenOf(...areas: Rectangle[]): ScreenLike {
  return {
    getAllDisplays: () => areas.map((workArea) => ({ workArea })),
    getPrimaryDisplay: () => ({ workArea: areas[0] ?? primary })
  }
}

const defaults = { bounds: { width: 1280, height: 800 }, maximized: false }

describe('restoreWindowState', () => {
  it('restores sane bounds on a present display', () => {
    const saved = { bounds: { x: 100, y: 50, width: 1200, height: 700 }, maximized: true }
    expect(restoreWindowState(saved, screenOf(primary))).toEqual(saved)
  })

  it('restores bounds on a secondary display', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1000, height: 700 }, maximized: false }
    expect(restoreWindowState(saved, screenOf(primary, secondary))).toEqual(saved)
  })

  it('falls back when the display holding the window is gone', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1000, height: 700 }, maximized: false }
    expect(restoreWindowState(saved, screenOf(primary))).toEqual(defaults)
  })

  it.each([
    ['nothing saved', undefined],
    ['null', null],
    ['a string', 'corrupt'],
    ['no bounds', { maximized: true }],
    ['NaN width', { bounds: { x: 0, y: 0, width: Number.NaN, height: 600 } }],
    ['Infinity height', { bounds: { x: 0, y: 0, width: 800, height: Infinity } }],
    ['negative size', { bounds: { x: 0, y: 0, width: -800, height: 600 } }],
    ['tiny size', { bounds: { x: 0, y: 0, width: 10, height: 10 } }],
    ['absurd size', { bounds: { x: 0, y: 0, width: 100_000, height: 600 } }],
    ['fractional values', { bounds: { x: 0.5, y: 0, width: 800, height: 600 } }],
    ['string numbers', { bounds: { x: '0', y: '0', width: '800', height: '600' } }],
    ['far off-screen', { bounds: { x: -30_000, y: -30_000, width: 800, height: 600 } }],
    ['title bar above the screen', { bounds: { x: 100, y: -500, width: 800, height: 600 } }],
    ['only a sliver visible', { bounds: { x: 1900, y: 100, width: 800, height: 600 } }]
  ])('uses defaults for %s', (_name, saved) => {
    expect(restoreWindowState(saved, screenOf(primary)).bounds).toEqual(defaults.bounds)
  })

  it('uses defaults when the window is larger than its display', () => {
    const saved = { bounds: { x: 0, y: 0, width: 1900, height: 1400 }, maximized: false }
    expect(restoreWindowState(saved, screenOf(primary)).bounds).toEqual(defaults.bounds)
  })

  it('fits the default size to a small screen', () => {
    expect(restoreWindowState(undefined, screenOf({ x: 0, y: 0, width: 1024, height: 600 })).bounds).toEqual({ width: 1024, height: 600 })
  })

  it('survives a throwing screen', () => {
    const screen: ScreenLike = {
      getAllDisplays: () => {
        throw new Error('no display')
      },
      getPrimaryDisplay: () => {
        throw new Error('no display')
      }
    }
    expect(restoreWindowState({ bounds: { x: 0, y: 0, width: 800, height: 600 } }, screen)).toEqual(defaults)
  })
})

describe('trackWindowState', () => {
  function fakeWindow(bounds: Rectangle) {
    const listeners = new Map<string, Array<() => void>>()
    const window: TrackedWindow & { fire(event: string): void; bounds: Rectangle } = {
      bounds,
      getNormalBounds: () => window.bounds,
      isMaximized: () => false,
      isDestroyed: () => false,
      on: (event, listener) => {
        listeners.set(event, [...(listeners.get(event) ?? []), listener])
      },
      fire: (event) => listeners.get(event)?.forEach((listener) => listener())
    }
    return window
  }

  it('saves shortly after moves and at close', () => {
    const store = createMemoryStore<WindowStateStoreData>({})
    const timers = new Map<number, () => void>()
    let next = 0
    const window = fakeWindow({ x: 10, y: 10, width: 900, height: 700 })
    trackWindowState(window, store, {
      setTimeout: (callback) => {
        next += 1
        timers.set(next, callback)
        return next
      },
      clearTimeout: (handle) => {
        timers.delete(handle as number)
      }
    })
    window.fire('move')
    window.fire('resize')
    expect(timers.size).toBe(1)
    expect(store.data.get('windowState')).toBeUndefined()
    ;[...timers.values()].forEach((callback) => callback())
    expect(store.data.get('windowState')).toEqual({ bounds: { x: 10, y: 10, width: 900, height: 700 }, maximized: false })
    window.bounds = { x: 20, y: 20, width: 1000, height: 700 }
    window.fire('close')
    expect(store.data.get('windowState')).toEqual({ bounds: { x: 20, y: 20, width: 1000, height: 700 }, maximized: false })
  })
})
