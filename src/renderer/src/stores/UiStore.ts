import { makeAutoObservable } from 'mobx'
import { MAX_SNACKBARS, SNACKBAR_DURATION_MS } from '../../../shared/constants.ts'
import type { TranslationKey } from '../i18n/keys.ts'

export type SnackbarIntent = 'success' | 'info' | 'warning' | 'error'

/** A catalogue key (translated when shown, so it follows a language switch) or a server text. */
export type SnackbarInput =
  | { intent?: SnackbarIntent; key: TranslationKey; values?: Record<string, string | number>; durationMs?: number }
  | { intent?: SnackbarIntent; text: string; durationMs?: number }

export type Snackbar = SnackbarInput & { id: number; intent: SnackbarIntent }

/** Screen-wide UI state: snackbars, the mobile drawer, the viewport class. */
export class UiStore {
  snackbars: Snackbar[] = []
  drawerOpen = false
  /** True at the mobile breakpoint (≤ 599 px), where the sidebar becomes a drawer. */
  isMobile = false

  private nextId = 1
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>()

  constructor() {
    makeAutoObservable<UiStore, 'nextId' | 'timers'>(this, { nextId: false, timers: false }, { autoBind: true })
  }

  /** Shows a snackbar for 3 s (by default); beyond 12 the oldest goes. Returns its id. */
  notify(input: SnackbarInput): number {
    const id = this.nextId++
    this.snackbars.push({ ...input, id, intent: input.intent ?? 'info' })
    while (this.snackbars.length > MAX_SNACKBARS) {
      const oldest = this.snackbars.shift()
      if (oldest) this.clearTimer(oldest.id)
    }
    this.timers.set(
      id,
      setTimeout(() => this.dismiss(id), input.durationMs ?? SNACKBAR_DURATION_MS)
    )
    return id
  }

  dismiss(id: number): void {
    this.clearTimer(id)
    this.snackbars = this.snackbars.filter((snackbar) => snackbar.id !== id)
  }

  setDrawerOpen(open: boolean): void {
    this.drawerOpen = open
  }

  setMobile(isMobile: boolean): void {
    this.isMobile = isMobile
    if (!isMobile) this.drawerOpen = false
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }

  private clearTimer(id: number): void {
    const timer = this.timers.get(id)
    if (timer !== undefined) clearTimeout(timer)
    this.timers.delete(id)
  }
}
