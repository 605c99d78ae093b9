import { describe, expect, it } from 'vitest'
import {
  TICK_PIECE_SECONDS,
  TickRecorder,
  newViewToken,
  type Tick
} from '../../../../../../src/renderer/src/features/learning/stores/tickRecorder.ts'
import {
  PLAYBACK_RATE_MAX,
  PROGRESS_TICK_MAX_SPAN_SECONDS,
  PROGRESS_TICK_TOLERANCE_SECONDS
} from '../../../../../../src/shared/api/learning.ts'
import { PROGRESS_TICK_SECONDS } from '../../../../../../src/shared/constants.ts'

const T0 = 1_800_000_000_000
const shape = (ticks: Tick[]) => ticks.map(({ sequence, from, watchedTime, state }) => ({ sequence, from, watchedTime, state }))

/** The server's rules for a viewing's ticks (services/progress.ts): in order, within real time at 2×, 60 s at most. */
function acceptedByServer(ticks: Tick[]): boolean {
  let last: Tick | null = null
  for (const tick of ticks) {
    const played = tick.state === 'skipped_forward' ? 0 : tick.watchedTime - tick.from
    if (tick.state !== 'skipped_forward' && (played < 0 || played > PROGRESS_TICK_MAX_SPAN_SECONDS)) return false
    const elapsed = last ? (tick.at - last.at) / 1000 : PROGRESS_TICK_SECONDS
    if (last && (tick.at < last.at || tick.sequence <= last.sequence)) return false
    if (played > elapsed * PLAYBACK_RATE_MAX + PROGRESS_TICK_TOLERANCE_SECONDS) return false
    last = tick
  }
  return true
}

describe('the ticks of a viewing', () => {
  it('opens with a tick of no length, then reports what was played every 5 s, and the rest at a pause', () => {
    const recorder = new TickRecorder('view-token-1')
    const ticks = [...recorder.play(0, T0)]
    expect(recorder.progress(4.5, T0 + 4_500)).toEqual([])
    ticks.push(...recorder.progress(5.1, T0 + 5_100))
    ticks.push(...recorder.progress(10.2, T0 + 10_200))
    ticks.push(...recorder.pause(12, T0 + 12_000))
    expect(shape(ticks)).toEqual([
      { sequence: 0, from: 0, watchedTime: 0, state: 'paused' },
      { sequence: 1, from: 0, watchedTime: 5.1, state: 'playing' },
      { sequence: 2, from: 5.1, watchedTime: 10.2, state: 'playing' },
      { sequence: 3, from: 10.2, watchedTime: 12, state: 'paused' }
    ])
    expect(ticks.every((tick) => tick.viewToken === 'view-token-1')).toBe(true)
    expect(acceptedByServer(ticks)).toBe(true)
  })

  it('at 2× stays within what the server allows', () => {
    const recorder = new TickRecorder('view-token-2')
    const ticks = [...recorder.play(0, T0)]
    for (let ms = 250; ms <= 12_000; ms += 250) ticks.push(...recorder.progress(Math.min(24, (ms / 1000) * 2), T0 + ms))
    ticks.push(...recorder.pause(24, T0 + 12_000))
    expect(ticks.at(-1)!.watchedTime).toBe(24)
    expect(acceptedByServer(ticks)).toBe(true)
  })

  it('a forward seek reports what was played up to it, then one jump once the seeking settles: no watched seconds for the jump', () => {
    const recorder = new TickRecorder('view-token-3')
    const ticks = [...recorder.play(0, T0)]
    ticks.push(...recorder.seek(3, 10, T0 + 3_000))
    ticks.push(...recorder.seek(10.1, 15, T0 + 3_100))
    ticks.push(...recorder.seek(15.1, 20, T0 + 3_200))
    ticks.push(...recorder.settle())
    expect(recorder.settle()).toEqual([])
    ticks.push(...recorder.progress(25.5, T0 + 8_300))
    expect(shape(ticks)).toEqual([
      { sequence: 0, from: 0, watchedTime: 0, state: 'paused' },
      { sequence: 1, from: 0, watchedTime: 3, state: 'playing' },
      { sequence: 2, from: 3, watchedTime: 20, state: 'skipped_forward' },
      { sequence: 3, from: 20, watchedTime: 25.5, state: 'playing' }
    ])
    expect(ticks[2]!.at).toBe(T0 + 3_000)
    expect(acceptedByServer(ticks)).toBe(true)
  })

  it('a backward seek moves the resume point back with a tick of no length', () => {
    const recorder = new TickRecorder('view-token-4')
    recorder.play(0, T0)
    recorder.pause(8, T0 + 8_000)
    const ticks = [...recorder.seek(8, 2, T0 + 9_000), ...recorder.settle()]
    expect(shape(ticks)).toEqual([{ sequence: 2, from: 2, watchedTime: 2, state: 'paused' }])
  })

  it('a seek back to where it started reports nothing', () => {
    const recorder = new TickRecorder('view-token-5')
    recorder.play(4, T0)
    recorder.pause(4, T0 + 100)
    expect([...recorder.seek(4, 9, T0 + 200), ...recorder.seek(9, 4, T0 + 300), ...recorder.settle()]).toEqual([])
  })

  it('a long stretch (a throttled window) is cut into pieces stamped between the two readings, none refused', () => {
    const recorder = new TickRecorder('view-token-6')
    const ticks = [...recorder.play(0, T0), ...recorder.progress(95, T0 + 95_000)]
    expect(ticks.length).toBe(1 + Math.ceil(95 / TICK_PIECE_SECONDS))
    expect(ticks.slice(1).every((tick) => tick.watchedTime - tick.from <= TICK_PIECE_SECONDS)).toBe(true)
    expect(ticks.at(-1)!.watchedTime).toBe(95)
    expect(ticks.at(-1)!.at).toBe(T0 + 95_000)
    expect(acceptedByServer(ticks)).toBe(true)
  })

  it('makes view tokens the server takes', () => {
    expect(newViewToken(() => '8c2a4f7e-1b3d-4e5f-9a0b-1c2d3e4f5a6b')).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(newViewToken(() => 'a')).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
  })
})
