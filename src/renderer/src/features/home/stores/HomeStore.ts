/**
 * The home dashboard (specification part 1 §2, §9; part 2 §2, §9): each section loads on its own
 * with its own status and retry, so one failing leaves the others on screen. The rules the
 * screen shows — first 5 subjects, progress capped at 100, 2 latest and 2 free lessons, the
 * expiry card's bar and its days-or-hours text, ad cards by position, session states — live
 * here as plain functions.
 */
import { DateTime } from 'luxon'
import { makeAutoObservable, runInAction } from 'mobx'
import { EXPIRY_WARNING_DAYS, HOME_CONTENTS_SHOWN, HOME_PROGRESS_SUBJECTS, capProgress } from '../../../../../shared/api/home.ts'
import { TUNIS_TIME_ZONE } from '../../../../../shared/constants.ts'
import type { AdCard, ForumPost, HomeApi, HomeContent, LiveEvent, Subject, SubjectProgress, Warning } from '../api.ts'
import type { FlagStorage } from '../../../lib/flagStorage.ts'
import { createFrameBatch } from '../../../lib/frameBatch.ts'
import { countForm, type CountForm } from '../../../lib/countForm.ts'
import { Resource, type ApplyUpdate, type Loadable } from '../../../lib/loadable.ts'

export type { ApplyUpdate }
import { sortAdCards } from '../../../lib/adCards.ts'

// ——— rules ———

/** The expiry card's bar (§9): 10 × (10 − rest days), within 0–100. */
export function expiryProgress(restDays: number): number {
  return capProgress(10 * (EXPIRY_WARNING_DAYS - restDays))
}

/**
 * The rest days now: the server's figure, less the days that have gone by in Tunis since (a home
 * left open past midnight counts down too, and turns to hours on the last day). Negative once the
 * last day is over.
 */
export function restDaysNow(warning: Pick<Warning, 'restDays' | 'expirationDate'>, now: number): number {
  const end = DateTime.fromISO(warning.expirationDate, { zone: TUNIS_TIME_ZONE }).startOf('day')
  if (!end.isValid) return warning.restDays
  const today = DateTime.fromMillis(now, { zone: TUNIS_TIME_ZONE }).startOf('day')
  return Math.min(warning.restDays, Math.round(end.diff(today, 'days').days))
}

export interface Countdown {
  unit: 'days' | 'hours'
  count: number
}

/**
 * What the card counts: whole days while some remain, then (restDays 0, §9) the hours left
 * until the subscription ends, the midnight after its last day in Tunis, rounded up.
 */
export function expiryCountdown(warning: Pick<Warning, 'restDays' | 'expirationDate'>, now: number): Countdown {
  if (warning.restDays > 0) return { unit: 'days', count: warning.restDays }
  const end = DateTime.fromISO(warning.expirationDate, { zone: TUNIS_TIME_ZONE }).plus({ days: 1 }).startOf('day')
  const hours = end.isValid ? Math.ceil((end.toMillis() - now) / 3_600_000) : 0
  return { unit: 'hours', count: Math.min(24, Math.max(0, hours)) }
}

export interface ProgressRow {
  subjectId: number
  name: string
  slug: string
  color: string | null
  progress: number
}

/**
 * The home's progress list: the first 5 visible subjects by position, with the progress
 * service's figure (the subject's own one when the service has none), capped at 100.
 */
export function progressRows(
  subjects: readonly Subject[],
  progress: readonly SubjectProgress[],
  limit = HOME_PROGRESS_SUBJECTS
): ProgressRow[] {
  const figures = new Map(progress.map((entry) => [entry.subject_id, entry.progress]))
  return subjects
    .filter((subject) => subject.visible)
    .slice()
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .slice(0, limit)
    .map((subject) => ({
      subjectId: subject.id,
      name: subject.name,
      slug: subject.slug,
      color: subject.color,
      progress: Math.round(capProgress(figures.get(subject.id) ?? subject.progress))
    }))
}

export type SessionState = 'inProgress' | 'upcoming' | 'finished'

/** 'En Cours' while it runs, 'Bientôt' before it starts (unless disabled), 'Terminée' otherwise (part 2, §4). */
export function sessionState(event: Pick<LiveEvent, 'start_date' | 'end_date' | 'disabled'>, now: number): SessionState {
  const start = Date.parse(event.start_date)
  const end = Date.parse(event.end_date)
  if (now >= start && now < end) return 'inProgress'
  if (now < start && !event.disabled) return 'upcoming'
  return 'finished'
}

// ——— sections ———

/**
 * How long a section's answer is taken as current: coming back to the home within this time shows
 * it as it was, without asking again (a pupil going back and forth between the home and another
 * screen does not reload eight answers each time). Its live parts — the session states and the
 * expiry card's hours — follow the clock on their own; a retry always asks.
 */
export const HOME_FRESH_MS = 60_000

/** One section's data and status (lib/loadable.ts): a second load while one runs joins it. */
export type Section<T> = Resource<T>

/** A card's loading as the home shows it: nothing yet while pending, a retry (`load`) once failed. */
export interface SectionLoad {
  readonly pending: boolean
  readonly failed: boolean
  load(): unknown
}

export const welcomeKey = (userId: number) => `darsi.home.welcomed.${userId}`

export interface HomeDeps {
  api: () => HomeApi
  /** The pupil has the forum permission (the forum section asks nothing otherwise). */
  hasForum: () => boolean
  userId: () => number | null
  flags: FlagStorage | null
  /** Another dialog is on screen (the storage warning, a platform popup): the welcome waits for it. */
  otherDialogOpen?: () => boolean
  now?: () => number
  /** How the sections' answers reach the screen: by default together, once per frame. */
  apply?: ApplyUpdate
}

export interface WarningView {
  warning: Warning
  /** The rest days at this moment (restDaysNow). */
  restDays: number
  progress: number
  countdown: Countdown
  form: CountForm
}

export interface SessionView {
  event: LiveEvent
  state: SessionState
}

export class HomeStore {
  readonly subjects: Section<Subject[]>
  readonly progress: Section<SubjectProgress[]>
  readonly latest: Section<HomeContent[]>
  readonly free: Section<HomeContent[]>
  readonly sessions: Section<LiveEvent[]>
  readonly alerts: Section<Warning[]>
  readonly forum: Section<ForumPost[]>
  readonly ads: Section<AdCard[]>
  /** The clock the session states and the hours left are read against (ticked by the screen). */
  now: number
  welcomeOpen = false

  private readonly deps: HomeDeps
  /** The pupil left the home with the welcome on screen: it closes unless they are back in the same task. */
  private leaving = false
  /** A load started ahead of the screen (at start-up), for the screen's next mount to take over. */
  private ahead: Promise<void> | null = null

  constructor(deps: HomeDeps) {
    this.deps = deps
    this.now = deps.now?.() ?? Date.now()
    const apply = deps.apply ?? createFrameBatch()
    const options = { apply, clock: () => deps.now?.() ?? Date.now() }
    this.subjects = new Resource(() => deps.api().subjects(), options)
    this.progress = new Resource(() => deps.api().subjectsProgress(), options)
    this.latest = new Resource(() => deps.api().newContents(), options)
    this.free = new Resource(() => deps.api().freeContents(), options)
    this.sessions = new Resource(() => deps.api().todayEvents(), options)
    this.alerts = new Resource(() => deps.api().alerts(), options)
    this.forum = new Resource(() => deps.api().forumPosts(), options)
    this.ads = new Resource(() => deps.api().adCards(), options)
    makeAutoObservable<HomeStore, 'deps' | 'ahead' | 'leaving' | 'sections'>(
      this,
      {
        deps: false,
        ahead: false,
        leaving: false,
        sections: false,
        subjects: false,
        progress: false,
        latest: false,
        free: false,
        sessions: false,
        alerts: false,
        forum: false,
        ads: false
      },
      { autoBind: true }
    )
  }

  get showsForum(): boolean {
    return this.deps.hasForum()
  }

  /** Starts the load before the screen is there; its next mount uses this one instead of another. */
  prefetch(): void {
    this.ahead ??= this.load()
  }

  /**
   * The screen mounts: the load started ahead of it, if there is one, otherwise, once `ready`
   * resolves (the screen's first paint), a load of the sections whose answer is not fresh.
   */
  enter(ready: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const ahead = this.ahead
    this.ahead = null
    return ahead ?? ready().then(() => this.refresh())
  }

  /** Every section, each on its own; resolves when all have settled (success or not). */
  async load(): Promise<void> {
    this.tick()
    await Promise.all(this.sections().map((section) => section.load()))
  }

  /** The sections not answered within HOME_FRESH_MS, each on its own. */
  async refresh(): Promise<void> {
    this.tick()
    await Promise.all(this.sections().map((section) => section.refresh(HOME_FRESH_MS)))
  }

  private sections(): Loadable[] {
    const sections: Loadable[] = [this.sessions, this.subjects, this.progress, this.latest, this.free, this.alerts, this.ads]
    if (this.showsForum) sections.push(this.forum)
    return sections
  }

  tick(): void {
    this.now = this.deps.now?.() ?? Date.now()
  }

  // ——— progress of the first 5 subjects: two calls, one section ———

  get progressPending(): boolean {
    return this.subjects.pending || (this.progress.pending && this.subjects.data !== null)
  }

  get progressFailed(): boolean {
    return this.subjects.failed || this.progress.failed
  }

  retryProgress(): void {
    if (this.subjects.data === null) void this.subjects.load()
    if (this.progress.data === null) void this.progress.load()
  }

  /** The progress card's loading: the subjects and their progress as one. */
  get progressSection(): SectionLoad {
    return { pending: this.progressPending, failed: this.progressFailed, load: this.retryProgress }
  }

  get progressList(): ProgressRow[] {
    return this.subjects.data && this.progress.data ? progressRows(this.subjects.data, this.progress.data) : []
  }

  // ——— the other sections ———

  get latestContents(): HomeContent[] {
    return (this.latest.data ?? []).slice(0, HOME_CONTENTS_SHOWN)
  }

  get freeContents(): HomeContent[] {
    return (this.free.data ?? []).slice(0, HOME_CONTENTS_SHOWN)
  }

  get todaySessions(): SessionView[] {
    return (this.sessions.data ?? [])
      .slice()
      .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date) || a.id - b.id)
      .map((event) => ({ event, state: sessionState(event, this.now) }))
  }

  get warnings(): WarningView[] {
    return (this.alerts.data ?? []).flatMap((warning) => {
      const restDays = restDaysNow(warning, this.now)
      if (restDays < 0) return []
      const countdown = expiryCountdown({ ...warning, restDays }, this.now)
      return [{ warning, restDays, progress: expiryProgress(restDays), countdown, form: countForm(countdown.count) }]
    })
  }

  get adCards(): AdCard[] {
    return sortAdCards(this.ads.data ?? [])
  }

  // ——— the welcome modal: once per user on this machine ———

  /** One dialog at a time: the welcome shows once nothing else is open. */
  get welcomeVisible(): boolean {
    return this.welcomeOpen && !(this.deps.otherDialogOpen?.() ?? false)
  }

  /**
   * Opens the welcome the first time this user reaches the home here, and remembers it at once.
   * Not while the pupil is typing somewhere (`busy`): a dialog taking the focus would swallow
   * their keys; it waits for their next visit of the home.
   */
  welcomeIfFirstVisit(busy = false): void {
    this.leaving = false
    const userId = this.deps.userId()
    if (userId === null || this.welcomeOpen || busy) return
    const key = welcomeKey(userId)
    if (this.deps.flags?.getItem(key) === '1') return
    try {
      this.deps.flags?.setItem(key, '1')
    } catch {
      // A full or refused storage: the welcome may show again, nothing worse.
    }
    this.welcomeOpen = true
  }

  closeWelcome(): void {
    this.welcomeOpen = false
  }

  /**
   * The pupil went to another screen: a welcome on screen has been seen, and does not come back
   * (taking the focus) when they return. One still waiting behind another dialog stays for their
   * return. Settled a microtask later, so that React's development double mount, which leaves and
   * enters again within one task, changes nothing.
   */
  leave(): void {
    if (!this.welcomeVisible) return
    this.leaving = true
    queueMicrotask(() =>
      runInAction(() => {
        if (!this.leaving) return
        this.leaving = false
        this.welcomeOpen = false
      })
    )
  }
}
