/** /assistance (part 2, §2): the assistance videos by position, each played where the API serves it. */
import { makeAutoObservable } from 'mobx'
import { Resource } from '../../../lib/loadable.ts'
import type { AssistanceVideo, SupportApi } from '../api.ts'

export interface PlayableVideo extends AssistanceVideo {
  /** The address the player loads: the API's own made absolute against its origin; null when it cannot be. */
  src: string | null
}

export class AssistanceStore {
  readonly list: Resource<AssistanceVideo[]>

  private readonly absolute: (url: string) => string | null

  constructor(api: () => SupportApi, absolute: (url: string) => string | null, scope?: () => unknown) {
    this.absolute = absolute
    this.list = new Resource(() => api().videoLinks(), { scope })
    makeAutoObservable<AssistanceStore, 'absolute'>(this, { list: false, absolute: false }, { autoBind: true })
  }

  enter(): Promise<void> {
    return this.list.load()
  }

  retry(): Promise<void> {
    return this.list.reload()
  }

  /** By position, then id (as the API sends them; kept so whatever the answer's order). */
  get videos(): PlayableVideo[] {
    return [...(this.list.data ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((video) => ({ ...video, src: this.absolute(video.url) }))
  }
}
