export const INTERACTIVE_MARK = 'app:interactive'

let marked = false
const waiting: Array<() => void> = []

/** Marks the moment the first screen is on screen; later calls are ignored. */
export function markInteractive(): void {
  if (marked) return
  marked = true
  if (typeof performance !== 'undefined') performance.mark(INTERACTIVE_MARK)
  for (const run of waiting.splice(0)) run()
}

/** Runs `work` once the first screen is on screen (at once if it already is). */
export function onInteractive(work: () => void): void {
  if (marked) work()
  else waiting.push(work)
}
