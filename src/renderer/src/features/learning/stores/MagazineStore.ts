/**
 * A magazine lesson's reader (part 2, §3 Lesson pages and rtl; issue 29): page by page or
 * continuous, zoom, the keyboard, the pages in right-to-left order for an Arabic magazine, and
 * the page the pupil was on remembered on this machine. Only the pages around the one shown are
 * loaded (at most MAGAZINE_PAGES_DECODED), so a 60-page magazine opens on its first page at once.
 */
import { makeAutoObservable } from 'mobx'
import type { FlagStorage } from '../../../lib/flagStorage.ts'

export type MagazineMode = 'page' | 'scroll'

/** Pages held decoded at once: the one shown and two on each side. */
export const MAGAZINE_PAGES_DECODED = 5
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const

export class MagazineStore {
  readonly pages: readonly string[]
  readonly rtl: boolean
  mode: MagazineMode = 'page'
  /** The page shown (0-based); in continuous mode, the one most in view. */
  index = 0
  zoom = 1

  private readonly prefs: FlagStorage | null
  private readonly key: string

  constructor(pages: readonly string[], rtl: boolean, prefs: FlagStorage | null, key: string) {
    this.pages = pages
    this.rtl = rtl
    this.prefs = prefs
    this.key = key
    const remembered = Number(prefs?.getItem(key))
    if (Number.isInteger(remembered) && remembered >= 0 && remembered < pages.length) this.index = remembered
    makeAutoObservable<MagazineStore, 'prefs' | 'key'>(this, { pages: false, rtl: false, prefs: false, key: false }, { autoBind: true })
  }

  get count(): number {
    return this.pages.length
  }

  /** Pages loaded now: the one shown and its neighbours, MAGAZINE_PAGES_DECODED in all. */
  isDecoded(index: number): boolean {
    const half = Math.floor(MAGAZINE_PAGES_DECODED / 2)
    const first = Math.max(0, Math.min(this.index - half, this.count - MAGAZINE_PAGES_DECODED))
    return index >= first && index < first + MAGAZINE_PAGES_DECODED
  }

  go(index: number): void {
    const next = Math.min(Math.max(0, index), Math.max(0, this.count - 1))
    if (next === this.index) return
    this.index = next
    try {
      this.prefs?.setItem(this.key, String(next))
    } catch {
      // Not remembered on this machine.
    }
  }

  next(): void {
    this.go(this.index + 1)
  }

  previous(): void {
    this.go(this.index - 1)
  }

  /** An arrow key: towards the next page is left in a right-to-left magazine. */
  arrow(direction: 'left' | 'right'): void {
    if ((direction === 'right') !== this.rtl) this.next()
    else this.previous()
  }

  setMode(mode: MagazineMode): void {
    this.mode = mode
  }

  zoomIn(): void {
    this.zoom = ZOOM_STEPS.find((step) => step > this.zoom) ?? this.zoom
  }

  zoomOut(): void {
    this.zoom = [...ZOOM_STEPS].reverse().find((step) => step < this.zoom) ?? this.zoom
  }
}
