/**
 * The lesson's own controls (part 2, §2 control bar; §4): the bookmark and the love and sad
 * reactions with the interaction count. Each click shows its result at once and reverts with a
 * message when the server refuses it; on a locked lesson they warn to unlock first and send
 * nothing (docs/decisions/0036-reactions-and-bookmarks.md).
 */
import { computedStruct, makeAutoObservable, observableRef, runInAction } from 'mobx'
import { REACTION_TYPES } from '../../../../../shared/api/reactions.ts'
import { ApiError } from '../../../api/errors.ts'
import { Resource } from '../../../lib/loadable.ts'
import type { SnackbarInput } from '../../../stores/UiStore.ts'
import type { LearningApi, Reactions, ReactionType } from '../api.ts'

export type ShownReaction = Extract<ReactionType, 'love' | 'sad'>

/** What one reaction control shows: pressed or not, and its count. */
export interface ReactionControl {
  pressed: boolean
  count: number
}

/** The counts after the pupil's reaction moved from `from` to `to`. */
export function withReaction(reactions: Reactions, to: ReactionType | null): Reactions {
  const from = reactions.user_reaction?.reaction_type ?? null
  if (from === to) return reactions
  const next = { ...reactions }
  if (from) next[from] = Math.max(0, next[from] - 1)
  if (to) next[to] += 1
  next.total = REACTION_TYPES.reduce((sum, type) => sum + next[type], 0)
  next.user_reaction = to ? { reaction_type: to } : null
  return next
}

export interface ActionsDeps {
  contentId: number
  address: { subject: string; chapter: string; content: string }
  api: () => LearningApi
  notify: (input: SnackbarInput) => void
  locked: () => boolean
  /** What the lesson's answer said. */
  bookmarked: () => boolean
}

export class LessonActionsStore {
  readonly reactions: Resource<Reactions>
  /** The reactions as shown: the server's, or the pupil's click before its answer (kept as given, not made deeply observable). */
  shown: Reactions | null = null
  /** The bookmark as shown (null: what the lesson said). */
  bookmark: boolean | null = null

  private readonly deps: ActionsDeps
  /** The latest click of each control: an older answer arriving after it changes nothing. */
  private reactSequence = 0
  private bookmarkSequence = 0

  constructor(deps: ActionsDeps) {
    this.deps = deps
    this.reactions = new Resource(() => deps.api().reactions(deps.contentId))
    makeAutoObservable<LessonActionsStore, 'deps' | 'reactSequence' | 'bookmarkSequence' | 'control'>(
      this,
      // Each control reads its own value, compared by content: a click re-renders the controls it
      // changes only, and a server answer equal to what the click showed re-renders nothing.
      {
        reactions: false,
        deps: false,
        reactSequence: false,
        bookmarkSequence: false,
        control: false,
        shown: observableRef,
        love: computedStruct,
        sad: computedStruct
      },
      { autoBind: true }
    )
  }

  load(): Promise<void> {
    return this.reactions.load()
  }

  get current(): Reactions | null {
    return this.shown ?? this.reactions.data
  }

  get userReaction(): ReactionType | null {
    return this.current?.user_reaction?.reaction_type ?? null
  }

  get love(): ReactionControl {
    return this.control('love')
  }

  get sad(): ReactionControl {
    return this.control('sad')
  }

  /** The interaction count (null until the reactions are known). */
  get total(): number | null {
    return this.current?.total ?? null
  }

  get bookmarked(): boolean {
    return this.bookmark ?? this.deps.bookmarked()
  }

  /** Love or sad; the same again clears it. */
  async react(type: ShownReaction): Promise<void> {
    if (this.warnIfLocked()) return
    const before = this.current
    if (!before) return
    const next = this.userReaction === type ? null : type
    const sequence = ++this.reactSequence
    this.shown = withReaction(before, next)
    try {
      const answer = await this.deps.api().react(this.deps.contentId, next)
      runInAction(() => {
        if (sequence === this.reactSequence) this.shown = answer
      })
    } catch (error) {
      runInAction(() => {
        if (sequence === this.reactSequence) this.shown = before
      })
      this.refused(error)
    }
  }

  async toggleBookmark(): Promise<void> {
    if (this.warnIfLocked()) return
    const before = this.bookmarked
    const sequence = ++this.bookmarkSequence
    this.bookmark = !before
    const { subject, chapter, content } = this.deps.address
    try {
      const answer = await this.deps.api().toggleBookmark(subject, chapter, content)
      runInAction(() => {
        if (sequence === this.bookmarkSequence) this.bookmark = answer.bookmarked
      })
      this.deps.notify({
        intent: 'success',
        key: answer.bookmarked ? 'learning:actions.bookmarkAdded' : 'learning:actions.bookmarkRemoved'
      })
    } catch (error) {
      runInAction(() => {
        if (sequence === this.bookmarkSequence) this.bookmark = before
      })
      this.refused(error)
    }
  }

  /** On a locked lesson the controls warn to unlock first (part 2, §4): true when it did. */
  warnIfLocked(): boolean {
    if (!this.deps.locked()) return false
    this.deps.notify({ intent: 'warning', key: 'learning:actions.unlockFirst' })
    return true
  }

  private control(type: ShownReaction): ReactionControl {
    return { pressed: this.userReaction === type, count: this.current?.[type] ?? 0 }
  }

  private refused(error: unknown): void {
    if (error instanceof ApiError && error.code === 'content_locked')
      this.deps.notify({ intent: 'warning', key: 'learning:actions.unlockFirst' })
    else this.deps.notify({ intent: 'error', key: 'learning:actions.failed' })
  }
}
