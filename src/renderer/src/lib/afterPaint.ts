/** Longest wait for a frame: a window that paints nothing (hidden, minimised) still gets its data. */
const FRAME_WAIT_MS = 100

/**
 * Resolves once the page has painted: after the next animation frame and the task that follows
 * it. A screen starts its requests there, so the click that opened it is answered on screen
 * first and the requests do not lengthen that frame. In a window that does not paint, it
 * resolves after at most 100 ms.
 */
export function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState === 'hidden') {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, FRAME_WAIT_MS)
    requestAnimationFrame(() => {
      setTimeout(() => {
        clearTimeout(fallback)
        resolve()
      }, 0)
    })
  })
}
