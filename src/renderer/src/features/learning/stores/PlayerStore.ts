/**
 * One viewing of a lesson's video (part 2, §2, §7, §9): what the player shows (playing, position,
 * speed, full screen, connection) and what it reports. The page wires the video element's events
 * to it; the ticks go through the journal and the progress socket (ProgressChannel), so a lost
 * connection loses nothing. The speed the pupil chose is remembered on this machine; playback
 * resumes where the pupil stopped on any device (the lesson's `lastWatchedSecond`). Free
 * playback asks the free-hours allowance every 50 s watched; used up, the video stops and the
 * 'free hours ended' modal shows.
 */
import { makeAutoObservable } from 'mobx'
import { FREE_PLAYBACK_REPORT_SECONDS } from '../../../../../shared/api/home.ts'
import { PLAYBACK_RATES, type PlaybackProgress, type ProgressReply } from '../../../../../shared/api/learning.ts'
import type { FlagStorage } from '../../../lib/flagStorage.ts'
import type { LearningApi } from '../api.ts'
import type { ProgressChannel } from './ProgressChannel.ts'
import { TickRecorder, type Tick } from './tickRecorder.ts'

export const PLAYBACK_RATE_KEY = 'darsi.playbackRate'
/** The seeking has stopped when no other seek came for this long: the jump is reported. */
export const SEEK_SETTLE_MS = 800
/** A resume point this close to the end starts the lesson again from the beginning. */
export const RESUME_END_MARGIN_SECONDS = 3
/** One arrow key press moves this far. */
export const SEEK_STEP_SECONDS = 5

export function rememberedRate(prefs: FlagStorage | null): number {
  const value = Number(prefs?.getItem(PLAYBACK_RATE_KEY))
  return (PLAYBACK_RATES as readonly number[]).includes(value) ? value : 1
}

/** Where playback starts: the resume point, unless it is at the very end (then the beginning). */
export function startPosition(lastWatchedSecond: number, duration: number): number {
  if (!Number.isFinite(lastWatchedSecond) || lastWatchedSecond <= 0) return 0
  return lastWatchedSecond >= duration - RESUME_END_MARGIN_SECONDS ? 0 : lastWatchedSecond
}

/** What the store asks of the video element. */
export interface VideoControl {
  pause(): void
}

export interface PlayerDeps {
  contentId: number
  duration: number
  /** The pupil's resume point on any device (the lesson's `lastWatchedSecond`): shown before the video loads. */
  resumeAt?: number
  freeHours: boolean
  viewToken: string
  api: () => LearningApi
  channel: ProgressChannel
  prefs: FlagStorage | null
  onProgress: (progress: PlaybackProgress) => void
  /** Free hours used up: the lesson shows the modal and locks. */
  onFreeHoursEnded?: () => void
  clock?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export class PlayerStore {
  rate: number
  playing = false
  /** The position last seen, seconds. */
  position = 0
  duration: number
  fullscreen = false
  /** The progress socket is open (false: the ticks wait in the journal). */
  connected = true
  /** Free hours used up: the modal shows, the video does not play again. */
  expired = false

  private readonly deps: PlayerDeps
  private readonly recorder: TickRecorder
  private readonly clock: () => number
  private control: VideoControl | null = null
  private settleTimer: unknown = null
  /** Seconds of free playback reported since the last allowance check. */
  private freeWatched = 0
  private checkingFree = false
  /** Where the pupil moved before the video had loaded (null: nowhere), which wins over the resume point. */
  private movedBeforeLoad: number | null = null

  constructor(deps: PlayerDeps) {
    this.deps = deps
    this.duration = deps.duration
    this.position = startPosition(deps.resumeAt ?? 0, deps.duration)
    this.recorder = new TickRecorder(deps.viewToken)
    this.clock = deps.clock ?? Date.now
    this.rate = rememberedRate(deps.prefs)
    makeAutoObservable<
      PlayerStore,
      'deps' | 'recorder' | 'clock' | 'control' | 'settleTimer' | 'freeWatched' | 'checkingFree' | 'movedBeforeLoad'
    >(
      this,
      {
        deps: false,
        recorder: false,
        clock: false,
        control: false,
        settleTimer: false,
        freeWatched: false,
        checkingFree: false,
        movedBeforeLoad: false
      },
      { autoBind: true }
    )
  }

  attach(control: VideoControl | null): void {
    this.control = control
  }

  get viewToken(): string {
    return this.recorder.viewToken
  }

  /** Completion as the latest answer says it (the tick mark at 80 % distinct seconds). */
  onReply(reply: ProgressReply): void {
    const { duration: _duration, counted: _counted, freeHours: _free, expired, ...progress } = reply
    this.deps.onProgress(progress)
    if (expired) this.expire()
  }

  setConnected(connected: boolean): void {
    this.connected = connected
  }

  // The video element's events.

  played(position: number): void {
    if (this.expired) {
      this.control?.pause()
      return
    }
    this.playing = true
    this.position = position
    this.report(this.recorder.play(position, this.clock()))
  }

  paused(position: number): void {
    this.playing = false
    this.position = position
    this.report(this.recorder.pause(position, this.clock()))
  }

  timeUpdated(position: number): void {
    if (this.recorder.playing) {
      this.position = position
      this.report(this.recorder.progress(position, this.clock()))
    } else {
      this.position = position
    }
  }

  /** A seek began: `position` is where it lands; the position before it is the last one seen. */
  seeking(position: number): void {
    const from = this.position
    this.position = position
    if (Math.abs(position - from) < 0.001) return
    this.report(this.recorder.seek(from, position, this.clock()))
    this.restartSettle()
  }

  /**
   * The pupil moved to `position` before the video had loaded (no seek is played then): once it
   * loads, the video starts there, not at the resume point.
   */
  movedEarly(position: number): void {
    this.movedBeforeLoad = position
    this.position = position
  }

  /** The video has loaded: where it starts, the pupil's own early move or else `resumePoint`. */
  loadedAt(resumePoint: number): number {
    const moved = this.movedBeforeLoad
    this.movedBeforeLoad = null
    return moved ?? resumePoint
  }

  durationKnown(duration: number): void {
    if (Number.isFinite(duration) && duration > 0) this.duration = duration
  }

  // The pupil's choices.

  setRate(rate: number): void {
    if (!(PLAYBACK_RATES as readonly number[]).includes(rate)) return
    this.rate = rate
    try {
      this.deps.prefs?.setItem(PLAYBACK_RATE_KEY, String(rate))
    } catch {
      // Not remembered on this machine; the choice holds for this viewing.
    }
  }

  setFullscreen(fullscreen: boolean): void {
    this.fullscreen = fullscreen
  }

  /** The page closes: what was played is reported, the socket closes (the journal keeps the rest). */
  dispose(): void {
    this.stopSettle()
    if (this.recorder.playing) this.report(this.recorder.pause(this.position, this.clock()))
    this.report(this.recorder.settle())
    this.deps.channel.dispose()
  }

  private expire(): void {
    this.expired = true
    this.control?.pause()
    this.deps.onFreeHoursEnded?.()
  }

  private report(ticks: Tick[]): void {
    if (ticks.length === 0) return
    this.deps.channel.send(ticks)
    if (!this.deps.freeHours) return
    for (const tick of ticks) if (tick.state !== 'skipped_forward') this.freeWatched += Math.max(0, tick.watchedTime - tick.from)
    if (this.freeWatched >= FREE_PLAYBACK_REPORT_SECONDS) {
      this.freeWatched -= FREE_PLAYBACK_REPORT_SECONDS
      void this.checkFreeHours()
    }
  }

  /** Every 50 s of free playback: does the allowance hold another 50 s? */
  private async checkFreeHours(): Promise<void> {
    if (this.checkingFree) return
    this.checkingFree = true
    try {
      const used = await this.deps.api().usedDuration(FREE_PLAYBACK_REPORT_SECONDS)
      if (used.expired || used.remaining_duration <= 0) this.expire()
    } catch {
      // Unreachable: the ticks' answers say it when the time is up.
    } finally {
      this.checkingFree = false
    }
  }

  private restartSettle(): void {
    this.stopSettle()
    const setTimer = this.deps.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.settleTimer = setTimer(() => {
      this.settleTimer = null
      this.report(this.recorder.settle())
    }, SEEK_SETTLE_MS)
  }

  private stopSettle(): void {
    if (this.settleTimer === null) return
    ;(this.deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)))(this.settleTimer)
    this.settleTimer = null
  }
}
