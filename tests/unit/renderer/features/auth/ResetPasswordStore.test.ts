import { describe, expect, it } from 'vitest'
import type { AccountsApi } from '../../../../../src/renderer/src/api/accounts.ts'
import { ResetPasswordStore } from '../../../../../src/renderer/src/features/auth/stores/ResetPasswordStore.ts'
import { authDeps } from '../../fakeAccountsApi.ts'

async function resetStep(overrides: Partial<AccountsApi> = {}) {
  const { ui, deps } = await authDeps(overrides)
  return { ui, store: new ResetPasswordStore(deps, { step: 'reset', credential: '20000001' }) }
}

describe('ResetPasswordStore: what the pupil types', () => {
  it('takes the code pasted with a space and in Arabic-Indic digits, the credential in them too, and sends both in ASCII', async () => {
    const sent: unknown[] = []
    const { store, ui } = await resetStep({
      resetPassword: async (body) => {
        sent.push(body)
        return 'Le Mot de Passe est Modifié'
      }
    })
    store.set('credential', '٢٠٠٠٠٠٠١')
    store.set('token', '٩٦٥ ٨٣٨')
    store.set('newPassword', 'Nouveau#2027')
    store.set('retypePassword', 'Nouveau#2027')
    expect(store.form.values.credential).toBe('20000001')
    expect(store.form.values.token).toBe('965 838')
    expect(store.ruleErrors).toEqual({})
    await expect(store.reset()).resolves.toBe(true)
    expect(sent).toEqual([
      {
        token: '965838',
        credential: '20000001',
        newPassword: 'Nouveau#2027',
        retypePassword: 'Nouveau#2027',
        'g-recaptcha-response': 'solved'
      }
    ])
    ui.dispose()
  })

  it('keeps an over-long new password as typed and says the 8 to 16 rule', async () => {
    const { store, ui } = await resetStep()
    store.set('newPassword', 'MonMotDePasse#2026')
    expect(store.form.values.newPassword).toBe('MonMotDePasse#2026')
    expect(store.ruleErrors.newPassword).toBe('password.length')
    ui.dispose()
  })
})
