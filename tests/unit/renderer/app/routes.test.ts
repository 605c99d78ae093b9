import { describe, expect, it } from 'vitest'
import { appRoutes, findRoute, routeTitleKey } from '../../../../src/renderer/src/app/routes.ts'
import { ar } from '../../../../src/renderer/src/i18n/locales/ar.ts'
import { enUS } from '../../../../src/renderer/src/i18n/locales/en-US.ts'
import { fr } from '../../../../src/renderer/src/i18n/locales/fr.ts'
import { profileAr } from '../../../../src/renderer/src/i18n/locales/profile.ar.ts'
import { profileEnUS } from '../../../../src/renderer/src/i18n/locales/profile.en-US.ts'
import { profileFr } from '../../../../src/renderer/src/i18n/locales/profile.fr.ts'

/** The route list of both specification documents (§2), `{param}` written `:param`. */
const SPEC_PUBLIC_ONLY = [
  '/login',
  '/register',
  '/create/reset-password',
  '/reset-password',
  '/offers/:operator',
  '/login/:provider/callback'
]
const SPEC_PROTECTED = [
  '/',
  '/mon-profil',
  '/mon-profil/edit',
  '/offres',
  '/subjects',
  '/courses',
  '/subjects/:subject_id/details',
  '/subjects/:subjectSlug/chapters/:chapterSlug/lessons/:lessonSlug/content',
  '/subjects/:subjectSlug/chapters/:chapterSlug/recordings/:recordingSlug/content',
  // The course views: the specification names their parameters (subject_id, chapter_id, lesson_id), not their paths.
  '/courses/:subject_id/:chapter_id/:lesson_id',
  '/courses/:subject_id/:chapter_id/recordings/:lesson_id',
  '/exams',
  '/exams/:id',
  '/sessions',
  '/exams-calendar',
  '/porte-monnaie',
  '/liste-de-favoris',
  '/historique',
  '/liste-des-demandes-parentales',
  '/reports',
  '/assistance',
  '/revenu',
  '/generate-gift-code',
  '/gift-code',
  '/convert-coins',
  '/parrain/products',
  '/parrain/product/:id',
  '/parrain/confirm-order',
  '/parrain/purchase-history/:id',
  '/parrain/no-coins',
  '/parrain/empty-cart',
  '/inbox/:id',
  '/confirm',
  '/update-password',
  '*'
]
const SPEC_ANY = ['/switch']

const pathsWith = (access: string) => appRoutes.filter((route) => route.access === access).map((route) => route.path)

describe('route table', () => {
  it('holds exactly the routes of the specification, with their access', () => {
    expect(pathsWith('public-only').sort()).toEqual([...SPEC_PUBLIC_ONLY].sort())
    expect(pathsWith('protected').sort()).toEqual([...SPEC_PROTECTED].sort())
    expect(pathsWith('any').sort()).toEqual([...SPEC_ANY].sort())
  })

  it('has unique keys and paths', () => {
    expect(new Set(appRoutes.map((route) => route.key)).size).toBe(appRoutes.length)
    expect(new Set(appRoutes.map((route) => route.path)).size).toBe(appRoutes.length)
  })

  it('names a French title for every route', () => {
    for (const route of appRoutes) {
      const [namespace, key] = route.titleKey.split(':')
      expect(namespace).toBe('routes')
      expect(fr.routes[key as keyof typeof fr.routes], route.path).toEqual(expect.any(String))
    }
  })

  it('titles the profile edit of an incomplete profile « Compléter vos données », otherwise « Modifier mon profil » (§2)', () => {
    const edit = findRoute('profileEdit')!
    expect(routeTitleKey(edit, { profileCompleted: true })).toBe('routes:profileEdit')
    expect(routeTitleKey(edit, { profileCompleted: false })).toBe('routes:profileEditIncomplete')
    expect(routeTitleKey(findRoute('home')!, { profileCompleted: false })).toBe('routes:home')
    expect(routeTitleKey(findRoute('notFound')!, { profileCompleted: true })).toBe('routes:notFound')
    // The window says what the page's heading says, in each language.
    for (const [routes, profile] of [
      [fr.routes, profileFr],
      [enUS.routes, profileEnUS],
      [ar.routes, profileAr]
    ] as const) {
      expect(routes.profileEdit).toBe(profile.edit.titleCompleted)
      expect(routes.profileEditIncomplete).toBe(profile.edit.titleIncomplete)
    }
    expect(fr.routes.profileEditIncomplete).toBe('Compléter vos données')
  })

  it('titles the 404 page « Oups 404 Error » as its heading does, in each language (§2)', () => {
    expect(fr.routes.notFound).toBe('Oups 404 Error')
    for (const catalogue of [fr, enUS, ar]) expect(catalogue.routes.notFound).toBe(catalogue.shell.notFound.title)
  })

  it('keeps sign-in pages out of the shell and the catch-all inside it', () => {
    for (const route of appRoutes.filter((entry) => entry.access === 'public-only')) expect(route.layout).toBe('bare')
    expect(findRoute('notFound')).toMatchObject({ path: '*', layout: 'shell' })
    expect(findRoute('home')).toMatchObject({ path: '/', layout: 'shell', access: 'protected' })
  })

  // The first import of Fluent UI takes seconds on a busy 2-core machine.
  it('loads every screen lazily as a module exporting a Component', { timeout: 60_000 }, async () => {
    const modules = await Promise.all([findRoute('offers')!.load(), findRoute('notFound')!.load()])
    for (const module of modules) expect(module.Component).toEqual(expect.any(Function))
    expect(modules[0].Component).not.toBe(modules[1].Component)
  })

  it('gives the sign-in steps their own screens', { timeout: 60_000 }, async () => {
    const placeholder = (await findRoute('subjects')!.load()).Component
    const keys = [
      'login',
      'register',
      'requestPasswordReset',
      'resetPassword',
      'socialCallback',
      'confirm',
      'updatePassword',
      'switch'
    ] as const
    for (const key of keys) {
      const { Component } = await findRoute(key)!.load()
      expect(Component, key).toBeTruthy()
      expect(Component, key).not.toBe(placeholder)
    }
  })
})
