import { SSRProvider } from '@fluentui/react-components'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../../../../src/renderer/src/app/AppProviders.tsx'
import { findRoute, type RouteKey } from '../../../../../src/renderer/src/app/routes.ts'
import { Component as ConfirmPage } from '../../../../../src/renderer/src/features/auth/ConfirmPage.tsx'
import { Component as RegisterPage } from '../../../../../src/renderer/src/features/auth/RegisterPage.tsx'
import { Component as ResetPasswordPage } from '../../../../../src/renderer/src/features/auth/ResetPasswordPage.tsx'
import { Component as UpdatePasswordPage } from '../../../../../src/renderer/src/features/auth/UpdatePasswordPage.tsx'
import { createI18n } from '../../../../../src/renderer/src/i18n/index.ts'
import { NAME_MAX } from '../../../../../src/shared/constants.ts'
import { RootStore } from '../../../../../src/renderer/src/stores/RootStore.ts'
import { fakeAccountsApi, meFixture, sessionFixture } from '../../fakeAccountsApi.ts'
import { fakePlatform } from '../../fakePlatform.ts'

/** One screen as static HTML, for a pupil signed in and waiting for the registration code. */
async function render(path: string, key: RouteKey, Component: ComponentType) {
  const platform = fakePlatform({ language: 'fr' })
  platform.sessionGet = async () => sessionFixture()
  const api = fakeAccountsApi()
  api.meAnswer = meFixture({ verified: false, phone_verified: false, completed: false })
  const store = new RootStore(platform, { createApi: () => api })
  await store.settings.load()
  await store.session.start()
  const router = createMemoryRouter([{ path, Component, handle: { route: findRoute(key) } }], { initialEntries: [path] })
  return renderToString(
    <SSRProvider>
      <AppProviders store={store} i18n={createI18n('fr')}>
        <RouterProvider router={router} />
      </AppProviders>
    </SSRProvider>
  )
}

/** The most characters a text box takes (no bound: Infinity), by its test id. */
function maxLength(html: string, testId: string): number {
  const input = new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0]
  expect(input, testId).toBeDefined()
  const bound = /maxlength="(\d+)"/i.exec(input!)?.[1]
  return bound === undefined ? Infinity : Number(bound)
}

// What a pupil may type or paste: a password past the 16 of the rule must reach the rule (which
// says so) rather than be cut; a code comes with its grouping spaces or dashes, in any digits.
const PASSWORD_ROOM = 64
const CODE_ROOM = '  ٩٦٥ - ٨٣٨  '.length

describe('the sign-in screens never cut what is typed', () => {
  it('register: both password boxes take an over-long password', async () => {
    const html = await render('/register', 'register', RegisterPage)
    for (const id of ['register-password', 'register-passwordConfirm'])
      expect(maxLength(html, id), id).toBeGreaterThanOrEqual(PASSWORD_ROOM)
  })

  it('register: the name boxes take a name past the 25 characters of the rule, which then refuses it', async () => {
    const html = await render('/register', 'register', RegisterPage)
    for (const id of ['register-name', 'register-lastName']) expect(maxLength(html, id), id).toBeGreaterThan(NAME_MAX)
  })

  it('reset: the new password boxes take an over-long password, the code box a pasted code', async () => {
    const html = await render('/reset-password', 'resetPassword', ResetPasswordPage)
    for (const id of ['reset-newPassword', 'reset-retypePassword']) expect(maxLength(html, id), id).toBeGreaterThanOrEqual(PASSWORD_ROOM)
    expect(maxLength(html, 'reset-token')).toBeGreaterThanOrEqual(CODE_ROOM)
  })

  it('password change: the three boxes take an over-long password', async () => {
    const html = await render('/update-password', 'updatePassword', UpdatePasswordPage)
    for (const id of ['password-oldPassword', 'password-newPassword', 'password-confirmation'])
      expect(maxLength(html, id), id).toBeGreaterThanOrEqual(PASSWORD_ROOM)
  })

  it('confirmation: the code box takes a pasted code', async () => {
    const html = await render('/confirm', 'confirm', ConfirmPage)
    expect(maxLength(html, 'confirm-code')).toBeGreaterThanOrEqual(CODE_ROOM)
  })
})
