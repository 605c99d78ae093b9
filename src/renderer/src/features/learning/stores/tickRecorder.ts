/**
 * What the player reports of one viewing (part 2, §7 and §9; docs/decisions/0027): the stretches
 * actually played, as ticks every PROGRESS_TICK_SECONDS, and the jumps, as `skipped_forward`
 * ticks that move only the resume point. Pure: the player calls it with the video's positions and
 * the clock, and sends what it returns.
 *
 * - A viewing starts with a tick of no length: the server then measures every later stretch
 *   against the real time since the previous tick (at most twice as fast, the fastest speed).
 * - A stretch longer than one tick may cover (a throttled window, a machine waking up) is cut into
 *   pieces stamped between the two clock readings, so none is refused.
 * - Seeks are gathered: holding an arrow key makes one jump tick, not dozens (the server takes
 *   240 ticks a minute), sent with the next tick, a pause, or `settle` once the seeking stops.
 */
import type { ProgressSocketTick, TickState } from '../../../../../shared/api/learning.ts'
import { PROGRESS_TICK_SECONDS } from '../../../../../shared/constants.ts'

/** The longest stretch one tick carries; longer ones are cut (the server refuses over 60 s). */
export const TICK_PIECE_SECONDS = 30

export type Tick = Omit<ProgressSocketTick, 'completed' | 'totalWatched' | 'isFree'>

const round = (seconds: number) => Math.max(0, Math.round(seconds * 1000) / 1000)

export class TickRecorder {
  readonly viewToken: string
  private sequence = 0
  /** Where the stretch being played began, and when it was last reported (null: not playing). */
  private stretchFrom: number | null = null
  private lastTickAt: number | null = null
  /** A jump not reported yet: from where, to where, when it began. */
  private skip: { from: number; to: number; at: number } | null = null
  private started = false

  constructor(viewToken: string) {
    this.viewToken = viewToken
  }

  get playing(): boolean {
    return this.stretchFrom !== null
  }

  /** Playback starts (or starts again) at `position`. */
  play(position: number, at: number): Tick[] {
    const ticks = [...this.opening(position, at), ...this.flushSkip()]
    this.stretchFrom = position
    this.lastTickAt = at
    return ticks
  }

  /** The video reports its position while playing: a tick once PROGRESS_TICK_SECONDS have passed. */
  progress(position: number, at: number): Tick[] {
    if (this.stretchFrom === null || this.lastTickAt === null) return []
    if (at - this.lastTickAt < PROGRESS_TICK_SECONDS * 1000) return []
    return [...this.flushSkip(), ...this.stretch(position, at, 'playing')]
  }

  /** Paused (or ended, or the page closes) at `position`. */
  pause(position: number, at: number): Tick[] {
    if (this.stretchFrom === null) return this.flushSkip()
    const ticks = [...this.flushSkip(), ...this.stretch(position, at, 'paused')]
    this.stretchFrom = null
    return ticks
  }

  /**
   * The pupil moves from `from` (the position last seen before the seek) to `to`. What was played
   * up to `from` is reported; the jump waits for `settle` (or the next tick), gathered with the
   * seeks that follow it, and is stamped with the time of the first.
   */
  seek(from: number, to: number, at: number): Tick[] {
    const ticks = this.opening(from, at)
    if (this.stretchFrom !== null && this.skip === null && from > this.stretchFrom) ticks.push(...this.stretch(from, at, 'playing'))
    if (this.stretchFrom !== null) this.stretchFrom = to
    this.skip = { from: this.skip?.from ?? from, to, at: this.skip?.at ?? at }
    return ticks
  }

  /** The seeking has stopped: the jump is reported. */
  settle(): Tick[] {
    return this.flushSkip()
  }

  private opening(position: number, at: number): Tick[] {
    if (this.started) return []
    this.started = true
    this.lastTickAt = at
    return [this.tick(position, position, 'paused', at)]
  }

  /** The pending jump: forward, a skip; backward, a tick of no length where it landed. */
  private flushSkip(): Tick[] {
    const skip = this.skip
    if (skip === null) return []
    this.skip = null
    if (Math.abs(skip.to - skip.from) < 0.001) return []
    this.lastTickAt = Math.max(this.lastTickAt ?? skip.at, skip.at)
    return skip.to > skip.from
      ? [this.tick(skip.from, skip.to, 'skipped_forward', skip.at)]
      : [this.tick(skip.to, skip.to, 'paused', skip.at)]
  }

  /** The stretch [stretchFrom, position], in pieces of at most TICK_PIECE_SECONDS, stamped between the last tick and now. */
  private stretch(position: number, at: number, state: TickState): Tick[] {
    const from = this.stretchFrom ?? position
    const since = this.lastTickAt ?? at
    const ticks: Tick[] = []
    if (position <= from) {
      ticks.push(this.tick(position, position, state, at))
    } else {
      const pieces = Math.ceil((position - from) / TICK_PIECE_SECONDS)
      for (let index = 1; index <= pieces; index++) {
        const start = from + ((position - from) * (index - 1)) / pieces
        const end = index === pieces ? position : from + ((position - from) * index) / pieces
        const stamp = index === pieces ? at : Math.round(since + ((at - since) * index) / pieces)
        ticks.push(this.tick(start, end, index === pieces ? state : 'playing', stamp))
      }
    }
    this.stretchFrom = position
    this.lastTickAt = at
    return ticks
  }

  private tick(from: number, watchedTime: number, state: TickState, at: number): Tick {
    return {
      viewToken: this.viewToken,
      sequence: this.sequence++,
      from: round(from),
      watchedTime: round(watchedTime),
      state,
      at: Math.round(at)
    }
  }
}

/** A fresh viewing's token (8–64 of A–Z a–z 0–9 _ -). */
export function newViewToken(random: () => string = () => crypto.randomUUID()): string {
  return random()
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 64)
    .padEnd(8, '0')
}
