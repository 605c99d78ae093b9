import { LANDING_OPERATOR } from '../../../shared/operators.ts'
import type { DeepLink } from '../../../shared/deepLink.ts'
import type { NativeNotificationClick } from '../../../shared/ipc.ts'
import type { Platform } from '../platform/bridge.ts'
import type { DeepLinkStore } from '../stores/DeepLinkStore.ts'

export interface DeepLinkTargets {
  navigate: (path: string) => void
  inbox: Pick<DeepLinkStore, 'receive'>
  /** Whether a user is signed in: a visitor's operator return goes to the landing they subscribed on. */
  signedIn?: () => boolean
  /** A system notification clicked: the notification is marked seen. */
  notificationOpened?: (id: number) => void
  /** And its web page opened in the browser. */
  openExternal?: (url: string) => void
}

/** Where a signed-out visitor's operator return opens: the operator's landing. */
export const VISITOR_OPERATOR_RETURN = `/offers/${LANDING_OPERATOR}`

/** A click on a system notification: like opening it in the bell's list (seen, then its link). */
export function handleNotificationClick(click: NativeNotificationClick, targets: DeepLinkTargets): void {
  if (click.id !== undefined) targets.notificationOpened?.(click.id)
  if (click.route !== undefined) {
    if (click.route.startsWith('/') && !click.route.startsWith('//')) targets.navigate(click.route)
  } else if (click.url !== undefined && click.url.startsWith('https://')) {
    targets.openExternal?.(click.url)
  }
}

/**
 * `open` links are routes of the app; the other kinds wait in the inbox for their screen, and
 * the sign-in and payment ones also open it. Their secrets (code, token) stay in the inbox, out of the URL.
 */
export function handleDeepLink(link: DeepLink, targets: DeepLinkTargets): void {
  if (link.kind === 'open') {
    // The parser already refuses `//host` and backslashes; stay inside the app regardless.
    if (link.path.startsWith('/') && !link.path.startsWith('//')) targets.navigate(link.path)
    return
  }
  targets.inbox.receive(link)
  if (link.kind === 'social-callback') targets.navigate(`/login/${link.provider}/callback`)
  else if (link.kind === 'switch') targets.navigate('/switch')
  // The wallet posts the return and shows its result dialog (§4).
  else if (link.kind === 'payment-return') targets.navigate('/porte-monnaie')
  // The offers screen asks the server what the operator did, shows it, then goes to / (§4); a
  // visitor (signed out) subscribed on the operator's landing, which does the same for them.
  else if (link.kind === 'operator-return') targets.navigate(targets.signedIn?.() === false ? VISITOR_OPERATOR_RETURN : '/offres')
}

/** The one subscription to deep links and notification clicks; returns the unsubscribe. */
export function subscribeDeepLinks(platform: Platform, targets: DeepLinkTargets): () => void {
  const stopLinks = platform.onDeepLinkOpen((link) => handleDeepLink(link, targets))
  const stopClicks = platform.onNotificationClicked((click) => handleNotificationClick(click, targets))
  return () => {
    stopLinks()
    stopClicks()
  }
}

let readySent = false

/** Tells main once that the page listens, so it flushes the links it queued meanwhile. */
export function signalAppReady(platform: Platform): void {
  if (readySent) return
  readySent = true
  platform.appReady().catch(() => undefined)
}
