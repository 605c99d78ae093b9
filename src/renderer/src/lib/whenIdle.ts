/** Runs `work` in the page's next quiet moment, at the latest after `ms`. */
export function whenIdle(work: () => void, ms = 1500): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: ms })
  else setTimeout(work, 0)
}
