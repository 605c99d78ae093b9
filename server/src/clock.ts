/** The server's notion of now; tests pass a fake one to move through expiries. */
export type Clock = { now(): Date }

export const systemClock: Clock = { now: () => new Date() }

/** A clock that stands still until moved. */
export function fakeClock(
  start: Date | string = '2026-01-15T09:00:00Z'
): Clock & { advance(ms: number): void; set(at: Date | string): void } {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
    set(at: Date | string) {
      current = new Date(at).getTime()
    }
  }
}

export { tunisDate } from '../../src/shared/tunisDate.ts'
