export const INTERACTIVE_MARK = 'app:interactive'

let marked = false

/** Marks the moment the first screen is on screen; later calls are ignored. */
export function markInteractive(): void {
  if (marked || typeof performance === 'undefined') return
  marked = true
  performance.mark(INTERACTIVE_MARK)
}
