/**
 * The ticks not yet acknowledged by the progress service, kept on this machine per pupil: a tick
 * is written here before it is sent and removed once the server answered it, so a lost
 * connection, a reload or a closed app loses nothing. Sent again, a tick counts once (the server
 * applies a viewing's ticks in order, once).
 */
import type { FlagStorage } from '../../../lib/flagStorage.ts'
import type { Tick } from './tickRecorder.ts'

export interface JournalEntry {
  contentId: number
  tick: Tick
}

/** Past this many waiting ticks (about seven hours of playback) the oldest are dropped. */
export const JOURNAL_MAX_ENTRIES = 5000

const isEntry = (value: unknown): value is JournalEntry => {
  if (!value || typeof value !== 'object') return false
  const entry = value as { contentId?: unknown; tick?: { viewToken?: unknown; sequence?: unknown } }
  return typeof entry.contentId === 'number' && typeof entry.tick?.viewToken === 'string' && typeof entry.tick.sequence === 'number'
}

export class ProgressJournal {
  private readonly storage: FlagStorage | null
  private readonly key: string
  /** Without a storage (tests, a locked-down profile) the journal lives in memory. */
  private memory: JournalEntry[] = []

  constructor(storage: FlagStorage | null, userId: number) {
    this.storage = storage
    this.key = `darsi.progressJournal.${userId}`
  }

  entries(): JournalEntry[] {
    if (!this.storage) return [...this.memory]
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.key) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isEntry) : []
    } catch {
      return []
    }
  }

  /** What waits for one lesson, in the order it was taken. */
  entriesOf(contentId: number): JournalEntry[] {
    return this.entries().filter((entry) => entry.contentId === contentId)
  }

  add(contentId: number, ticks: readonly Tick[]): void {
    if (ticks.length === 0) return
    const entries = [...this.entries(), ...ticks.map((tick) => ({ contentId, tick }))]
    this.write(entries.slice(Math.max(0, entries.length - JOURNAL_MAX_ENTRIES)))
  }

  /** The server answered this tick (counted, a replay, or refused for good): it is not sent again. */
  remove(viewToken: string, sequence: number): void {
    const entries = this.entries()
    const kept = entries.filter((entry) => !(entry.tick.viewToken === viewToken && entry.tick.sequence === sequence))
    if (kept.length !== entries.length) this.write(kept)
  }

  private write(entries: JournalEntry[]): void {
    if (!this.storage) {
      this.memory = entries
      return
    }
    try {
      this.storage.setItem(this.key, JSON.stringify(entries))
    } catch {
      // The storage is full: the newest half is kept (the resume point and the latest stretches).
      try {
        this.storage.setItem(this.key, JSON.stringify(entries.slice(Math.floor(entries.length / 2))))
      } catch {
        // Nothing more can be kept on this machine.
      }
    }
  }
}
