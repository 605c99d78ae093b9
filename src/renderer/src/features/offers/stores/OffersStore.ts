/**
 * 'Offres' (specification part 1, §2): the offer cards of the pupil's class by position, the
 * moved-content notice for the divisions whose content moved, and the purchase dialog of the card
 * chosen.
 */
import { makeAutoObservable } from 'mobx'
import { Resource } from '../../../lib/loadable.ts'
import type { OfferCard, OffersApi } from '../api.ts'
import { showsMovedContentNotice, sortedCards } from './offerRules.ts'
import { PurchaseStore, type PurchaseDeps } from './PurchaseStore.ts'

export interface OffersStoreDeps extends Omit<PurchaseDeps, 'api'> {
  api(): OffersApi
  /** The pupil's class (the current user's division id), null before it is known. */
  divisionId(): number | null
}

export class OffersStore {
  readonly offers: Resource<OfferCard[]>
  /** The purchase dialog open, or null. */
  purchase: PurchaseStore | null = null

  private readonly deps: OffersStoreDeps

  constructor(deps: OffersStoreDeps) {
    this.deps = deps
    this.offers = new Resource(() => deps.api().offers())
    makeAutoObservable<OffersStore, 'deps'>(this, { offers: false, deps: false }, { autoBind: true })
  }

  /** The screen opens: the offers again (a purchase elsewhere may have changed them), the ones shown kept meanwhile. */
  enter(): Promise<void> {
    return this.offers.reload()
  }

  get pending(): boolean {
    return this.offers.pending
  }

  get failed(): boolean {
    return this.offers.failed
  }

  get cards(): OfferCard[] {
    return sortedCards(this.offers.data ?? [])
  }

  get movedContentNotice(): boolean {
    return showsMovedContentNotice(this.deps.divisionId())
  }

  /** The purchase dialog of a card; a disabled card opens none. */
  open(card: OfferCard): PurchaseStore | null {
    if (card.disabled) return null
    this.purchase = new PurchaseStore(card, this.deps)
    return this.purchase
  }

  close(): void {
    if (this.purchase?.submitting) return
    this.purchase = null
  }
}
