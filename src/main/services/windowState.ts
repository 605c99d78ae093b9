/**
 * Window bounds saved between runs and checked against today's displays before use: a monitor
 * may have been unplugged or the file edited, and a window must never open off-screen or absurd.
 */
import type { StoreLike } from './store.ts'

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

/** The part of Electron's `screen` used here. */
export interface ScreenLike {
  getAllDisplays(): ReadonlyArray<{ workArea: Rectangle }>
  getPrimaryDisplay(): { workArea: Rectangle }
}

export interface WindowState {
  bounds: Rectangle
  maximized: boolean
}

export interface RestoredWindowState {
  /** Position is absent when the window should be centered by the OS. */
  bounds: { width: number; height: number; x?: number; y?: number }
  maximized: boolean
}

export type WindowStateStoreData = { windowState?: WindowState } & Record<string, unknown>

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const
export const MIN_WINDOW_SIZE = { width: 360, height: 480 } as const
const MAX_DIMENSION = 16_384
/** How much of the title bar must lie on a display for the window to be reachable. */
const VISIBLE_MARGIN = { width: 120, height: 40 } as const

function isInteger(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

function parseState(raw: unknown): WindowState | null {
  if (typeof raw !== 'object' || raw === null) return null
  const { bounds, maximized } = raw as { bounds?: unknown; maximized?: unknown }
  if (typeof bounds !== 'object' || bounds === null) return null
  const { x, y, width, height } = bounds as Record<string, unknown>
  if (!isInteger(x, -MAX_DIMENSION, MAX_DIMENSION) || !isInteger(y, -MAX_DIMENSION, MAX_DIMENSION)) return null
  if (!isInteger(width, MIN_WINDOW_SIZE.width, MAX_DIMENSION) || !isInteger(height, MIN_WINDOW_SIZE.height, MAX_DIMENSION)) return null
  return { bounds: { x, y, width, height }, maximized: maximized === true }
}

function titleBarVisibleOn(bounds: Rectangle, area: Rectangle): boolean {
  const left = Math.max(bounds.x, area.x)
  const right = Math.min(bounds.x + bounds.width, area.x + area.width)
  const top = Math.max(bounds.y, area.y)
  const bottom = Math.min(bounds.y + VISIBLE_MARGIN.height, area.y + area.height)
  return right - left >= VISIBLE_MARGIN.width && bottom - top >= VISIBLE_MARGIN.height && bounds.y >= area.y
}

function defaultBounds(screen: ScreenLike): RestoredWindowState['bounds'] {
  let area: Rectangle = { x: 0, y: 0, width: DEFAULT_WINDOW_SIZE.width, height: DEFAULT_WINDOW_SIZE.height }
  try {
    area = screen.getPrimaryDisplay().workArea
  } catch {
    // Keep the nominal size.
  }
  return {
    width: Math.max(MIN_WINDOW_SIZE.width, Math.min(DEFAULT_WINDOW_SIZE.width, area.width)),
    height: Math.max(MIN_WINDOW_SIZE.height, Math.min(DEFAULT_WINDOW_SIZE.height, area.height))
  }
}

/** Saved bounds if they are sane and visible on a current display, else the defaults. */
export function restoreWindowState(saved: unknown, screen: ScreenLike): RestoredWindowState {
  const state = parseState(saved)
  if (!state) return { bounds: defaultBounds(screen), maximized: false }
  let areas: Rectangle[]
  try {
    areas = screen.getAllDisplays().map((display) => display.workArea)
  } catch {
    areas = []
  }
  const host = areas.find((area) => titleBarVisibleOn(state.bounds, area))
  if (!host) return { bounds: defaultBounds(screen), maximized: state.maximized }
  // A window larger than the display it is on would hide its own edges.
  if (state.bounds.width > host.width || state.bounds.height > host.height) {
    return { bounds: defaultBounds(screen), maximized: state.maximized }
  }
  return { bounds: { ...state.bounds }, maximized: state.maximized }
}

/** The part of a `BrowserWindow` the tracker uses. */
export interface TrackedWindow {
  getNormalBounds(): Rectangle
  isMaximized(): boolean
  isDestroyed(): boolean
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/** Saves the window's normal bounds shortly after it moves or resizes, and when it closes. */
export function trackWindowState(
  window: TrackedWindow,
  store: StoreLike<WindowStateStoreData>,
  timers: Timers = defaultTimers,
  delayMs = 500
): void {
  let pending: unknown = null
  const save = (): void => {
    pending = null
    if (window.isDestroyed()) return
    try {
      const state = parseState({ bounds: window.getNormalBounds(), maximized: window.isMaximized() })
      if (state) store.set('windowState', state)
    } catch {
      // Losing a window position is never worth a crash.
    }
  }
  const schedule = (): void => {
    if (pending !== null) timers.clearTimeout(pending)
    pending = timers.setTimeout(save, delayMs)
  }
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, schedule)
  window.on('close', () => {
    if (pending !== null) timers.clearTimeout(pending)
    save()
  })
}
