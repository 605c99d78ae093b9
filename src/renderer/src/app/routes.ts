/**
 * Every route of both specification documents, in one table: the router is built from it and a
 * unit test compares it with the specification's list. Screens that other issues build load the
 * shared placeholder module until their own module replaces `load`.
 */
import type { i18n as I18n } from 'i18next'
import type { ComponentType } from 'react'
import {
  loadConfirmPage,
  loadLoginPage,
  loadRegisterPage,
  loadResetPasswordPage,
  loadSocialCallbackPage,
  loadSwitchPage,
  loadUpdatePasswordPage
} from '../features/auth/index.ts'
import { loadHomePage } from '../features/home/index.ts'
import { loadInboxMessagePage } from '../features/inbox/index.ts'
import { loadFavouritesPage, loadLessonPage, loadSubjectDetailsPage, loadSubjectsPage } from '../features/learning/index.ts'
import { loadNotFoundPage } from '../features/notFound/index.ts'
import { loadOffersPage, loadOperatorLandingPage } from '../features/offers/index.ts'
import { loadPlaceholderPage } from '../features/placeholder/index.ts'
import { loadProfileEditPage, loadProfilePage } from '../features/profile/index.ts'
import { loadAssistancePage, loadReportsPage } from '../features/support/index.ts'
import { loadHistoryPage, loadWalletPage } from '../features/wallet/index.ts'
import type { RouteTitleKey } from '../i18n/keys.ts'
import type { SourceCatalogue } from '../i18n/locales/fr.ts'
import type { RootStore } from '../stores/RootStore.ts'
import type { UserStore } from '../stores/UserStore.ts'

/** public-only: a signed-in user is sent away; protected: needs a session; any: both. */
export type RouteAccess = 'public-only' | 'protected' | 'any'
/** shell: header, sidebar and footer; bare: a page of its own (sign-in steps, switch). */
export type RouteLayout = 'shell' | 'bare'

export interface RouteModule {
  Component: ComponentType
  /**
   * Starts loading the screen's data before it renders (at start-up, once the session check
   * let the route through), so the requests run while the screen's first render does.
   */
  prefetch?: (root: RootStore) => void
  /**
   * Builds, in idle time after the first screen, what the screen's first render would otherwise
   * build while the pupil waits (its stores, its texts).
   */
  prepare?: (root: RootStore, i18n: I18n) => void
}

/** A route's key names its title in the `routes` namespace of the catalogue. */
export type RouteKey = keyof SourceCatalogue['routes']

export interface AppRoute {
  key: RouteKey
  path: string
  titleKey: RouteTitleKey
  access: RouteAccess
  layout: RouteLayout
  load: () => Promise<RouteModule>
}

type Row = [key: RouteKey, path: string, access: RouteAccess, layout: RouteLayout, load?: () => Promise<RouteModule>]

const rows: Row[] = [
  // Public only (specification 1, §2)
  ['login', '/login', 'public-only', 'bare', loadLoginPage],
  ['register', '/register', 'public-only', 'bare', loadRegisterPage],
  ['requestPasswordReset', '/create/reset-password', 'public-only', 'bare', loadResetPasswordPage],
  ['resetPassword', '/reset-password', 'public-only', 'bare', loadResetPasswordPage],
  ['operatorOffers', '/offers/:operator', 'public-only', 'bare', loadOperatorLandingPage],
  ['socialCallback', '/login/:provider/callback', 'public-only', 'bare', loadSocialCallbackPage],
  // Protected (specification 1, §2)
  ['home', '/', 'protected', 'shell', loadHomePage],
  ['profile', '/mon-profil', 'protected', 'shell', loadProfilePage],
  ['profileEdit', '/mon-profil/edit', 'protected', 'shell', loadProfileEditPage],
  ['offers', '/offres', 'protected', 'shell', loadOffersPage],
  ['wallet', '/porte-monnaie', 'protected', 'shell', loadWalletPage],
  ['history', '/historique', 'protected', 'shell', loadHistoryPage],
  ['inboxMessage', '/inbox/:id', 'protected', 'shell', loadInboxMessagePage],
  ['confirm', '/confirm', 'protected', 'bare', loadConfirmPage],
  ['updatePassword', '/update-password', 'protected', 'bare', loadUpdatePasswordPage],
  ['switch', '/switch', 'any', 'bare', loadSwitchPage],
  // Learning (specification 2, §2)
  ['subjects', '/subjects', 'protected', 'shell', loadSubjectsPage],
  ['courses', '/courses', 'protected', 'shell', loadSubjectsPage],
  ['subjectDetails', '/subjects/:subject_id/details', 'protected', 'shell', loadSubjectDetailsPage],
  ['lesson', '/subjects/:subjectSlug/chapters/:chapterSlug/lessons/:lessonSlug/content', 'protected', 'shell', loadLessonPage],
  ['recording', '/subjects/:subjectSlug/chapters/:chapterSlug/recordings/:recordingSlug/content', 'protected', 'shell', loadLessonPage],
  // The course views (part 2, §2 names their parameters, not their paths: docs/decisions/0031-learning-screens.md).
  ['courseLesson', '/courses/:subject_id/:chapter_id/:lesson_id', 'protected', 'shell', loadLessonPage],
  ['courseRecording', '/courses/:subject_id/:chapter_id/recordings/:lesson_id', 'protected', 'shell', loadLessonPage],
  ['exams', '/exams', 'protected', 'shell'],
  ['examDetails', '/exams/:id', 'protected', 'shell'],
  ['examsCalendar', '/exams-calendar', 'protected', 'shell'],
  ['sessions', '/sessions', 'protected', 'shell'],
  ['favourites', '/liste-de-favoris', 'protected', 'shell', loadFavouritesPage],
  ['reports', '/reports', 'protected', 'shell', loadReportsPage],
  ['assistance', '/assistance', 'protected', 'shell', loadAssistancePage],
  // Community (specification 2, §2)
  ['giftCode', '/gift-code', 'protected', 'shell'],
  ['generateGiftCode', '/generate-gift-code', 'protected', 'shell'],
  ['parrainProducts', '/parrain/products', 'protected', 'shell'],
  ['parrainProduct', '/parrain/product/:id', 'protected', 'shell'],
  ['parrainConfirmOrder', '/parrain/confirm-order', 'protected', 'shell'],
  ['parrainEmptyCart', '/parrain/empty-cart', 'protected', 'shell'],
  ['parrainPurchaseHistory', '/parrain/purchase-history/:id', 'protected', 'shell'],
  ['parrainNoCoins', '/parrain/no-coins', 'protected', 'shell'],
  ['convertCoins', '/convert-coins', 'protected', 'shell'],
  ['parentRequests', '/liste-des-demandes-parentales', 'protected', 'shell'],
  ['revenue', '/revenu', 'protected', 'shell'],
  // Anything else (specification 1, §2): the 404 page.
  ['notFound', '*', 'protected', 'shell', loadNotFoundPage]
]

// Every screen loads through its area's index (docs/decisions/0028-areas.md), in a chunk of its own.
export const appRoutes: readonly AppRoute[] = rows.map(([key, path, access, layout, load]) => ({
  key,
  path,
  titleKey: `routes:${key}`,
  access,
  layout,
  load: load ?? loadPlaceholderPage
}))

/**
 * The title the window shows for a route (§2): its own, except the profile edit of a profile not
 * complete yet, 'Compléter vos données'. The user is read only on that route.
 */
export function routeTitleKey(route: AppRoute, user: Pick<UserStore, 'profileCompleted'>): RouteTitleKey {
  if (route.key === 'profileEdit' && !user.profileCompleted) return 'routes:profileEditIncomplete'
  return route.titleKey
}

export function findRoute(key: RouteKey): AppRoute | undefined {
  return appRoutes.find((route) => route.key === key)
}
