import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_SNACKBARS, SNACKBAR_DURATION_MS } from '../../../../src/shared/constants.ts'
import { UiStore } from '../../../../src/renderer/src/stores/UiStore.ts'

describe('UiStore', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a snackbar for 3 seconds', () => {
    const ui = new UiStore()
    ui.notify({ key: 'shell:settings.saveFailed', intent: 'error' })
    expect(ui.snackbars).toHaveLength(1)
    expect(ui.snackbars[0]).toMatchObject({ intent: 'error', key: 'shell:settings.saveFailed' })
    vi.advanceTimersByTime(SNACKBAR_DURATION_MS - 1)
    expect(ui.snackbars).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(ui.snackbars).toHaveLength(0)
  })

  it('defaults to the info intent and honours a longer duration', () => {
    const ui = new UiStore()
    ui.notify({ text: 'Merci pour votre avis', durationMs: 6000 })
    expect(ui.snackbars[0].intent).toBe('info')
    vi.advanceTimersByTime(5999)
    expect(ui.snackbars).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(ui.snackbars).toHaveLength(0)
  })

  it('keeps at most 12, dropping the oldest', () => {
    const ui = new UiStore()
    for (let index = 1; index <= MAX_SNACKBARS + 3; index++) ui.notify({ text: `message ${index}` })
    expect(ui.snackbars).toHaveLength(MAX_SNACKBARS)
    expect(ui.snackbars[0]).toMatchObject({ text: 'message 4' })
    expect(ui.snackbars.at(-1)).toMatchObject({ text: `message ${MAX_SNACKBARS + 3}` })
    vi.advanceTimersByTime(SNACKBAR_DURATION_MS)
    expect(ui.snackbars).toHaveLength(0)
  })

  it('dismisses one snackbar by id', () => {
    const ui = new UiStore()
    const first = ui.notify({ text: 'a' })
    ui.notify({ text: 'b' })
    ui.dismiss(first)
    expect(ui.snackbars.map((snackbar) => ('text' in snackbar ? snackbar.text : ''))).toEqual(['b'])
  })

  it('closes the drawer when the window leaves the mobile width', () => {
    const ui = new UiStore()
    ui.setMobile(true)
    ui.setDrawerOpen(true)
    expect(ui.drawerOpen).toBe(true)
    ui.setMobile(false)
    expect(ui.drawerOpen).toBe(false)
  })

  it('clears its timers on dispose', () => {
    const ui = new UiStore()
    ui.notify({ text: 'a' })
    ui.dispose()
    expect(vi.getTimerCount()).toBe(0)
  })
})
