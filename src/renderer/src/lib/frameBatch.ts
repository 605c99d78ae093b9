import { runInAction } from 'mobx'
import { nextFrame } from './afterPaint.ts'

type Pending = { apply: () => void; done: () => void }

/**
 * Applies state updates together, once per frame: answers that arrive while the page is busy
 * (a screen's requests, all sent at once) are shown by one render instead of one render each.
 */
export function createFrameBatch(): (apply: () => void) => Promise<void> {
  let pending: Pending[] = []
  let scheduled = false

  const flush = () => {
    scheduled = false
    const batch = pending
    pending = []
    runInAction(() => {
      for (const entry of batch) entry.apply()
    })
    for (const entry of batch) entry.done()
  }

  return (apply) =>
    new Promise<void>((done) => {
      pending.push({ apply, done })
      if (scheduled) return
      scheduled = true
      void nextFrame().then(flush)
    })
}
