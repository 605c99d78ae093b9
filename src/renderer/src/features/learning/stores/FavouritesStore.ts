/**
 * 'Liste de favoris' (part 2, §2): the pupil's bookmarked lessons, newest first, each leading to
 * its lesson; removing one takes it off the list at once and puts it back with a message when
 * the server refuses.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { Resource } from '../../../lib/loadable.ts'
import type { SnackbarInput } from '../../../stores/UiStore.ts'
import type { Bookmark, LearningApi } from '../api.ts'

/** The course view of a bookmarked lesson (by ids: a bookmark does not say whether its chapter holds recordings). */
export function bookmarkPath(bookmark: Bookmark): string {
  return `/courses/${bookmark.content.chapter.subject.id}/${bookmark.content.chapter.id}/${bookmark.content.id}`
}

export class FavouritesStore {
  readonly list: Resource<Bookmark[]>
  /** Lessons taken off the list while their removal is on its way. */
  removing = new Set<number>()

  private readonly api: () => LearningApi
  private readonly notify: (input: SnackbarInput) => void

  constructor(api: () => LearningApi, notify: (input: SnackbarInput) => void, scope: () => unknown = () => undefined) {
    this.api = api
    this.notify = notify
    this.list = new Resource(() => api().bookmarks(), { scope })
    makeAutoObservable<FavouritesStore, 'api' | 'notify'>(this, { list: false, api: false, notify: false }, { autoBind: true })
  }

  /** The page opens: the list is asked again (a lesson may have been bookmarked since). */
  enter(): Promise<void> {
    return this.list.reload()
  }

  get shown(): Bookmark[] {
    return (this.list.data ?? []).filter((bookmark) => !this.removing.has(bookmark.content.id))
  }

  async remove(bookmark: Bookmark): Promise<void> {
    const id = bookmark.content.id
    if (this.removing.has(id)) return
    this.removing.add(id)
    try {
      const answer = await this.api().toggleBookmark(
        bookmark.content.chapter.subject.slug,
        bookmark.content.chapter.slug,
        bookmark.content.slug
      )
      // The toggle found no bookmark (removed elsewhere meanwhile) and set one: take it off again.
      if (answer.bookmarked)
        await this.api().toggleBookmark(bookmark.content.chapter.subject.slug, bookmark.content.chapter.slug, bookmark.content.slug)
      await this.list.reload()
      this.notify({ intent: 'success', key: 'learning:actions.bookmarkRemoved' })
    } catch {
      this.notify({ intent: 'error', key: 'learning:actions.failed' })
    } finally {
      runInAction(() => this.removing.delete(id))
    }
  }
}
