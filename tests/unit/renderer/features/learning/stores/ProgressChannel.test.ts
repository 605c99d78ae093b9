import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import {
  flushJournal,
  ProgressChannel,
  type SocketLike
} from '../../../../../../src/renderer/src/features/learning/stores/ProgressChannel.ts'
import { JOURNAL_MAX_ENTRIES, ProgressJournal } from '../../../../../../src/renderer/src/features/learning/stores/progressJournal.ts'
import type { Tick } from '../../../../../../src/renderer/src/features/learning/stores/tickRecorder.ts'
import { MemoryStorage } from '../../../memoryStorage.ts'
import { PROGRESS_SOCKET_CLOSE, type ProgressReply, type ProgressTickBody } from '../../../../../../src/shared/api/learning.ts'

class FakeSocket {
  readyState = 0
  sent: Tick[] = []
  closedWith: number | null = null
  onopen: SocketLike['onopen'] = null
  onmessage: SocketLike['onmessage'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  readonly url: string
  constructor(url: string) {
    this.url = url
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Tick)
  }
  close(code = 1000) {
    this.closedWith = code
  }
  open() {
    this.readyState = 1
    this.onopen?.call(this as unknown as WebSocket, new Event('open'))
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.call(this as unknown as WebSocket, { code } as CloseEvent)
  }
  reply(message: unknown) {
    this.onmessage?.call(this as unknown as WebSocket, { data: JSON.stringify(message) } as MessageEvent)
  }
}

const tick = (sequence: number, viewToken = 'view-token-a'): Tick => ({
  viewToken,
  sequence,
  from: sequence * 5,
  watchedTime: sequence * 5 + 5,
  state: 'playing',
  at: 1_800_000_000_000 + sequence * 5000
})
const progress = (sequence: number, percentage = 10) => ({
  type: 'progress',
  sequence,
  content_id: 7,
  completed: percentage >= 80,
  percentage,
  lastWatchedSecond: sequence * 5 + 5,
  watchedSeconds: 5,
  duration: 24,
  counted: true,
  freeHours: false,
  expired: false
})

function setup(journal = new ProgressJournal(new MemoryStorage(), 1)) {
  const sockets: FakeSocket[] = []
  const timers: (() => void)[] = []
  const replies: ProgressReply[] = []
  const ended: string[] = []
  let refreshed = 0
  const channel = new ProgressChannel({
    contentId: 7,
    journal,
    socketUrl: () => 'ws://127.0.0.1:1/progress-service/progress/ws?content_id=7&token=t',
    openSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket as unknown as SocketLike
    },
    refreshToken: () => {
      refreshed++
      return Promise.resolve()
    },
    post: () => Promise.reject(new Error('not used')),
    onProgress: (reply) => replies.push(reply),
    onClosedForGood: (reason) => ended.push(reason),
    setTimer: (run) => timers.push(run),
    clearTimer: () => undefined
  })
  return { channel, journal, sockets, timers, replies, ended, refreshes: () => refreshed }
}

describe('the progress channel', () => {
  it('journals every tick before sending it, and forgets it once answered', () => {
    const { channel, journal, sockets, replies } = setup()
    channel.start()
    sockets[0]!.open()
    channel.send([tick(0), tick(1)])
    expect(sockets[0]!.sent.map((sent) => sent.sequence)).toEqual([0, 1])
    expect(journal.entriesOf(7)).toHaveLength(2)
    sockets[0]!.reply(progress(0))
    expect(journal.entriesOf(7).map((entry) => entry.tick.sequence)).toEqual([1])
    expect(replies).toHaveLength(1)
    expect(replies[0]).not.toHaveProperty('type')
  })

  it('keeps the ticks taken while the connection is lost, reconnects 5 s later and sends them, in order, once', () => {
    const { channel, journal, sockets, timers } = setup()
    channel.start()
    sockets[0]!.open()
    channel.send([tick(0)])
    sockets[0]!.drop()
    channel.send([tick(1), tick(2)])
    expect(sockets[0]!.sent.map((sent) => sent.sequence)).toEqual([0])
    expect(timers).toHaveLength(1)
    timers[0]!()
    sockets[1]!.open()
    expect(sockets[1]!.sent.map((sent) => sent.sequence)).toEqual([0, 1, 2])
    for (const sequence of [0, 1, 2]) sockets[1]!.reply(progress(sequence))
    expect(journal.entriesOf(7)).toEqual([])
  })

  it('refreshes an expired token before reconnecting', async () => {
    const { channel, sockets, refreshes } = setup()
    channel.start()
    sockets[0]!.open()
    sockets[0]!.drop(PROGRESS_SOCKET_CLOSE.tokenExpired)
    await Promise.resolve()
    await Promise.resolve()
    expect(refreshes()).toBe(1)
    expect(sockets).toHaveLength(2)
  })

  it('ends for good on a locked lesson: no reconnection, no more ticks', () => {
    const { channel, sockets, timers, ended, journal } = setup()
    channel.start()
    sockets[0]!.open()
    sockets[0]!.drop(PROGRESS_SOCKET_CLOSE.forbidden)
    expect(ended).toEqual(['locked'])
    expect(timers).toHaveLength(0)
    channel.send([tick(0)])
    expect(journal.entriesOf(7)).toEqual([])
  })

  it('drops a tick refused for good, keeps one refused for now (rate limited)', () => {
    const { channel, journal, sockets } = setup()
    channel.start()
    sockets[0]!.open()
    channel.send([tick(0), tick(1)])
    sockets[0]!.reply({ type: 'refused', sequence: 0, code: 'progress_rejected', message: 'Progression refusée' })
    sockets[0]!.reply({ type: 'refused', sequence: 1, code: 'rate_limited', message: 'Trop de tentatives' })
    expect(journal.entriesOf(7).map((entry) => entry.tick.sequence)).toEqual([1])
  })

  it('closes its socket when the page closes, leaving what is unanswered in the journal', () => {
    const { channel, journal, sockets, timers } = setup()
    channel.start()
    sockets[0]!.open()
    channel.send([tick(0)])
    channel.dispose()
    expect(sockets[0]!.closedWith).toBe(1000)
    expect(timers).toHaveLength(0)
    expect(journal.entriesOf(7)).toHaveLength(1)
  })
})

describe('the journal', () => {
  it('is kept per pupil on this machine, and sent again after a reload', () => {
    const storage = new MemoryStorage()
    new ProgressJournal(storage, 1).add(7, [tick(0), tick(1)])
    expect(new ProgressJournal(storage, 1).entriesOf(7)).toHaveLength(2)
    expect(new ProgressJournal(storage, 2).entries()).toEqual([])
  })

  it('keeps the newest ticks past its limit', () => {
    const journal = new ProgressJournal(new MemoryStorage(), 1)
    journal.add(
      7,
      Array.from({ length: JOURNAL_MAX_ENTRIES + 3 }, (_, index) => tick(index))
    )
    const entries = journal.entries()
    expect(entries).toHaveLength(JOURNAL_MAX_ENTRIES)
    expect(entries[0]!.tick.sequence).toBe(3)
  })

  it('ignores what it cannot read', () => {
    const storage = new MemoryStorage()
    storage.setItem('darsi.progressJournal.1', '{not json')
    expect(new ProgressJournal(storage, 1).entries()).toEqual([])
    storage.setItem('darsi.progressJournal.1', JSON.stringify([{ contentId: 'x' }, { contentId: 7, tick: tick(0) }]))
    expect(new ProgressJournal(storage, 1).entries()).toHaveLength(1)
  })

  it('sends other lessons’ ticks over HTTP, stops at an unreachable server, drops a tick refused for good', async () => {
    const journal = new ProgressJournal(new MemoryStorage(), 1)
    journal.add(7, [tick(0)])
    journal.add(8, [tick(0, 'view-token-b'), tick(1, 'view-token-b'), tick(2, 'view-token-b')])
    const posted: ProgressTickBody[] = []
    const post = (body: ProgressTickBody) => {
      posted.push(body)
      if (body.sequence === 1) return Promise.reject(new ApiError('progress_rejected', 'Progression refusée', { status: 422 }))
      if (body.sequence === 2) return Promise.reject(new ApiError('network', 'offline'))
      return Promise.resolve({} as ProgressReply)
    }
    await flushJournal(journal, post, 7)
    expect(posted.map((body) => [body.contentId, body.sequence])).toEqual([
      [8, 0],
      [8, 1],
      [8, 2]
    ])
    expect(journal.entries().map((entry) => [entry.contentId, entry.tick.sequence])).toEqual([
      [7, 0],
      [8, 2]
    ])
  })
})
