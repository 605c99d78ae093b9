import { SSRProvider } from '@fluentui/react-components'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../../../src/renderer/src/app/AppProviders.tsx'
import { RootLayout } from '../../../../src/renderer/src/app/RootLayout.tsx'
import { findRoute } from '../../../../src/renderer/src/app/routes.ts'
import { ShellLayout } from '../../../../src/renderer/src/components/shell/ShellLayout.tsx'
import { Component as NotFoundPage } from '../../../../src/renderer/src/features/notFound/NotFoundPage.tsx'
import { Component as PlaceholderPage } from '../../../../src/renderer/src/features/placeholder/PlaceholderPage.tsx'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'
import { RootStore } from '../../../../src/renderer/src/stores/RootStore.ts'
import { fakeAccountsApi, meFixture, sessionFixture } from '../fakeAccountsApi.ts'
import { fakePlatform } from '../fakePlatform.ts'

/** Renders the shell around one screen for a signed-in pupil, without lazy loading, as static HTML. */
async function render(path: string, language: 'fr' | 'ar', permissions = {}) {
  const platform = fakePlatform({ language })
  platform.sessionGet = async () => sessionFixture()
  const api = fakeAccountsApi()
  api.meAnswer = meFixture({}, permissions)
  const store = new RootStore(platform, { createApi: () => api })
  await store.settings.load()
  await store.session.start()
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          {
            Component: ShellLayout,
            children: [
              { path: '/offres', Component: PlaceholderPage, handle: { route: findRoute('offers') } },
              { path: '*', Component: NotFoundPage, handle: { route: findRoute('notFound') } }
            ]
          }
        ]
      }
    ],
    { initialEntries: [path] }
  )
  return renderToString(
    <SSRProvider>
      <AppProviders store={store} i18n={createI18n(store.settings.language)}>
        <RouterProvider router={router} />
      </AppProviders>
    </SSRProvider>
  )
}

describe('shell render', () => {
  it('shows the start-up splash, not the screen, until the session check has answered', async () => {
    const store = new RootStore(fakePlatform({ language: 'fr' }))
    await store.settings.load()
    const router = createMemoryRouter(
      [{ Component: RootLayout, children: [{ path: '*', Component: NotFoundPage, handle: { route: findRoute('notFound') } }] }],
      { initialEntries: ['/nowhere'] }
    )
    const html = renderToString(
      <SSRProvider>
        <AppProviders store={store} i18n={createI18n('fr')}>
          <RouterProvider router={router} />
        </AppProviders>
      </SSRProvider>
    )
    expect(html).toContain('Chargement…')
    expect(html).not.toContain('data-testid="not-found"')
  })

  it('renders the landmarks, the test ids and the 404 page in French', async () => {
    const html = await render('/nowhere', 'fr')
    for (const id of ['app-root', 'sidebar', 'sidebar-toggle', 'language-switcher', 'theme-toggle', 'snackbars', 'not-found', 'nav-home']) {
      expect(html, id).toContain(`data-testid="${id}"`)
    }
    expect(html).toContain('<header')
    expect(html).toContain('<nav')
    expect(html).toContain('<main')
    expect(html).toContain('<footer')
    expect(html).toContain('Oups 404 Error')
    expect(html).toContain('La page que vous recherchez semble introuvable')
    expect(html).toContain('dir="ltr"')
    expect(html).not.toContain('data-testid="nav-exams"')
  })

  it('renders right-to-left in Arabic, with the gated entries a user is granted', async () => {
    const html = await render('/offres', 'ar', { has_exam: true, has_forum: true })
    expect(html).toContain('dir="rtl"')
    expect(html).toContain('data-testid="placeholder-offers"')
    expect(html).toContain('data-testid="nav-exams"')
    expect(html).toContain('data-testid="nav-forum"')
    expect(html).toContain('قريبًا')
    expect(html).toMatch(/data-testid="nav-offers"[^>]*aria-current="page"|aria-current="page"[^>]*data-testid="nav-offers"/)
  })
})
