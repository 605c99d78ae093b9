import { makeAutoObservable, observableRef } from 'mobx'
import type { DeepLink } from '../../../shared/deepLink.ts'

type Kind = DeepLink['kind']

/**
 * Deep links the shell does not handle itself (social callback, payment and operator returns,
 * admin switch), kept for the screens that do. It may hold a token: never render `last`.
 */
export class DeepLinkStore {
  last: DeepLink | null = null

  constructor() {
    makeAutoObservable(this, { last: observableRef }, { autoBind: true })
  }

  receive(link: DeepLink): void {
    this.last = link
  }

  /** Hands the pending link of this kind to its consumer, once. */
  take<K extends Kind>(kind: K): Extract<DeepLink, { kind: K }> | null {
    const link = this.last
    if (!link || link.kind !== kind) return null
    this.last = null
    return link as Extract<DeepLink, { kind: K }>
  }
}
