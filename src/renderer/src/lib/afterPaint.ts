/** Longest wait for a frame: a window that paints nothing (hidden, minimised) still goes on. */
const FRAME_WAIT_MS = 100

/**
 * Resolves at the page's next animation frame with true; with false at once in a hidden window,
 * or after 100 ms when no frame comes.
 */
export function nextFrame(): Promise<boolean> {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState === 'hidden') {
    return Promise.resolve(false)
  }
  return new Promise((resolve) => {
    const fallback = setTimeout(() => resolve(false), FRAME_WAIT_MS)
    requestAnimationFrame(() => {
      clearTimeout(fallback)
      resolve(true)
    })
  })
}

/**
 * Resolves once the page has painted: after the next animation frame and the task that follows
 * it. A screen starts its requests there, so the click that opened it is answered on screen
 * first and the requests do not lengthen that frame. Without frames it does not wait for one.
 */
export function afterPaint(): Promise<void> {
  return nextFrame().then((painted) => (painted ? new Promise((resolve) => setTimeout(resolve, 0)) : undefined))
}
