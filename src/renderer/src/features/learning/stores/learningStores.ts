import { createHttp } from '../../../api/http.ts'
import { lazyClient } from '../../../api/lazyClient.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import { StoreKey, type StoreRegistry } from '../../../stores/StoreRegistry.ts'
import type { UiStore } from '../../../stores/UiStore.ts'
import { browserFlagStorage } from '../../../lib/flagStorage.ts'
import { createLearningApi, type LearningApi } from '../api.ts'
import { AttachmentsStore, saveBlob, type AttachmentFile } from './AttachmentsStore.ts'
import { FavouritesStore } from './FavouritesStore.ts'
import { LessonActionsStore } from './LessonActionsStore.ts'
import { MagazineStore } from './MagazineStore.ts'
import { QuizStore } from './QuizStore.ts'
import { LessonStore, type LessonAddress } from './LessonStore.ts'
import { PlayerStore } from './PlayerStore.ts'
import { flushJournal, ProgressChannel, type SocketLike } from './ProgressChannel.ts'
import { ProgressJournal } from './progressJournal.ts'
import { SubjectDetailsStore } from './SubjectDetailsStore.ts'
import { SubjectsStore } from './SubjectsStore.ts'
import { newViewToken } from './tickRecorder.ts'

type Root = { session: SessionStore; stores: StoreRegistry; ui: Pick<UiStore, 'notify'> }

export interface LearningStores {
  api: () => LearningApi
  subjects: SubjectsStore
  /** One store per subject page visited, kept while the user stays. */
  details: Map<string, SubjectDetailsStore>
  /** The lesson pages visited, by address. */
  lessons: Map<string, LessonStore>
  /** The controls (bookmark, reactions) of the lessons visited, by lesson id. */
  actions: Map<number, LessonActionsStore>
  favourites: FavouritesStore
  /** The downloads of the lessons' attachments, by lesson id. */
  attachments: Map<number, AttachmentsStore>
  /** The quizzes opened, by quiz id. */
  quizzes: Map<number, QuizStore>
  /** The magazines opened, by lesson id. */
  magazines: Map<number, MagazineStore>
}

/**
 * The learning area's stores in the root's registry: kept while the user stays, new ones after a
 * sign-out or for another user (docs/decisions/0029-store-registry.md).
 */
export const learningStoresKey = new StoreKey<LearningStores>('learning')

/**
 * What the learning answers depend on besides the user: the class and the subscriptions the session knows. A
 * purchase (or an ended subscription) reloads the session's user, and every answer asked before it
 * is asked again: a lesson just bought does not stay shown locked.
 */
function accessScope(root: Root): string {
  const user = root.session.me?.user
  return JSON.stringify(user ? [user.division?.id ?? null, user.offers] : null)
}

function learningStoresOf(root: Root): LearningStores {
  return root.stores.get(learningStoresKey, () => {
    const api = lazyClient(root.session, (baseUrls) =>
      createLearningApi(createHttp(baseUrls, root.session, { language: root.session.apiLanguage }))
    )
    return {
      api,
      subjects: new SubjectsStore(api, Date.now, () => accessScope(root)),
      details: new Map(),
      lessons: new Map(),
      actions: new Map(),
      attachments: new Map(),
      quizzes: new Map(),
      magazines: new Map(),
      favourites: new FavouritesStore(
        api,
        (input) => root.ui.notify(input),
        () => accessScope(root)
      )
    }
  })
}

export function subjectsStoreOf(root: Root): SubjectsStore {
  return learningStoresOf(root).subjects
}

/** The store of one subject's page (its route's `subject_id`, an id or a slug). */
export function subjectDetailsStoreOf(root: Root, subjectId: string): SubjectDetailsStore {
  const stores = learningStoresOf(root)
  let store = stores.details.get(subjectId)
  if (!store) {
    store = new SubjectDetailsStore(subjectId, stores.api, stores.subjects, Date.now, () => accessScope(root))
    stores.details.set(subjectId, store)
  }
  return store
}

/** The store of one lesson's page. */
export function lessonStoreOf(root: Root, address: LessonAddress): LessonStore {
  const stores = learningStoresOf(root)
  const key = `${address.subject}/${address.chapter}/${address.content}`
  let store = stores.lessons.get(key)
  if (!store) {
    store = new LessonStore(address, stores.api, Date.now, () => accessScope(root))
    stores.lessons.set(key, store)
  }
  return store
}

/** The progress socket's address for a lesson, with the session's access token. */
export function progressSocketUrl(root: Root, contentId: number): string | null {
  const base = root.session.baseUrls?.progress
  const token = root.session.accessToken()
  if (!base || !token) return null
  const url = new URL(`${base.replace(/^http/, 'ws')}/progress/ws`)
  url.searchParams.set('content_id', String(contentId))
  url.searchParams.set('token', token)
  return url.href
}

function journalOf(root: Root): ProgressJournal | null {
  const userId = root.session.me?.user.id
  return userId === undefined ? null : new ProgressJournal(browserFlagStorage(), userId)
}

/**
 * A viewing of a lesson's video: its player store, its progress socket and the journal of the
 * pupil's waiting ticks. What the journal kept of other lessons is sent first, over HTTP.
 */
export function startViewing(
  root: Root,
  lesson: LessonStore,
  openSocket: (url: string) => SocketLike = (url) => new WebSocket(url)
): PlayerStore | null {
  const data = lesson.data
  const video = lesson.video
  const journal = journalOf(root)
  if (!data || !video || !journal) return null
  const api = learningStoresOf(root).api
  const contentId = data.content.id
  const post = (body: Parameters<LearningApi['postProgress']>[0]) => api().postProgress(body)
  void flushJournal(journal, post, contentId)
  let player: PlayerStore | null = null
  const channel = new ProgressChannel({
    contentId,
    journal,
    socketUrl: () => progressSocketUrl(root, contentId),
    openSocket,
    refreshToken: () => root.session.refresh(),
    post,
    onProgress: (reply) => player?.onReply(reply),
    onClosedForGood: (reason) => {
      if (reason === 'locked') lesson.markLocked()
    },
    onConnection: (connected) => player?.setConnected(connected)
  })
  player = new PlayerStore({
    contentId,
    duration: video.duration,
    resumeAt: data.progress.lastWatchedSecond,
    freeHours: data.freeHours,
    viewToken: newViewToken(),
    api,
    channel,
    prefs: browserFlagStorage(),
    onProgress: lesson.setProgress,
    onFreeHoursEnded: lesson.markFreeHoursEnded
  })
  channel.start()
  return player
}

/** The bookmark and reactions of a lesson whose answer has arrived. */
export function lessonActionsOf(root: Root, lesson: LessonStore): LessonActionsStore | null {
  const data = lesson.data
  if (!data) return null
  const stores = learningStoresOf(root)
  let store = stores.actions.get(data.content.id)
  if (!store) {
    store = new LessonActionsStore({
      contentId: data.content.id,
      address: { subject: data.subject.slug, chapter: data.chapter.slug, content: data.content.slug },
      api: stores.api,
      notify: (input) => root.ui.notify(input),
      locked: () => lesson.locked,
      bookmarked: () => lesson.data?.bookmarked ?? false
    })
    stores.actions.set(data.content.id, store)
  }
  return store
}

export function favouritesStoreOf(root: Root): FavouritesStore {
  return learningStoresOf(root).favourites
}

/** The lesson's files, their addresses made absolute (null where the pupil may not download). */
export function lessonFiles(root: Root, lesson: LessonStore): AttachmentFile[] {
  return (lesson.data?.attachments ?? []).map((file) => ({
    id: file.id,
    name: file.name,
    size: file.size,
    url: file.url ? root.session.apiAddress(file.url) : null
  }))
}

export function attachmentsOf(root: Root, lesson: LessonStore): AttachmentsStore | null {
  const id = lesson.data?.content.id
  if (id === undefined) return null
  const stores = learningStoresOf(root)
  let store = stores.attachments.get(id)
  if (!store) {
    store = new AttachmentsStore({
      fetch: (url) => fetch(url),
      save: saveBlob,
      renew: async () => {
        await lesson.renew()
        return lessonFiles(root, lesson)
      }
    })
    stores.attachments.set(id, store)
  }
  return store
}

export function quizStoreOf(root: Root, quizId: number): QuizStore {
  const stores = learningStoresOf(root)
  let store = stores.quizzes.get(quizId)
  if (!store) {
    store = new QuizStore(quizId, stores.api)
    stores.quizzes.set(quizId, store)
  }
  return store
}

/** The reader of a magazine lesson whose answer lists its pages (null otherwise). */
export function magazineOf(root: Root, lesson: LessonStore): MagazineStore | null {
  const data = lesson.data
  if (!data || lesson.locked || data.pages.length === 0) return null
  const stores = learningStoresOf(root)
  let store = stores.magazines.get(data.content.id)
  if (!store) {
    const pages = data.pages.map((page) => root.session.apiAddress(page.url) ?? page.url)
    store = new MagazineStore(
      pages,
      data.rtl,
      browserFlagStorage(),
      `darsi.magazinePage.${root.session.me?.user.id ?? 0}.${data.content.id}`
    )
    stores.magazines.set(data.content.id, store)
  }
  return store
}
