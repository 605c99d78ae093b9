import { describe, expect, it } from 'vitest'
import { leaveForRegisterPage } from '../../../../src/renderer/src/app/registerRedirect.ts'
import { externalRegisterPageUrl } from '../../../../src/renderer/src/features/auth/externalSites.ts'
import { UiStore } from '../../../../src/renderer/src/stores/UiStore.ts'
import { checkExternalUrl, DEFAULT_EXTERNAL_HOSTS, DEFAULT_MAIL_DOMAINS } from '../../../../src/shared/externalLinks.ts'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function deps(pending: boolean, open: (url: string) => Promise<void>) {
  let marker = pending
  const ui = new UiStore()
  return {
    ui,
    deps: {
      session: {
        takeRegisterRedirect: () => {
          const had = marker
          marker = false
          return had
        }
      },
      platform: { shellOpenExternal: open },
      ui,
      language: 'ar'
    }
  }
}

describe('leaveForRegisterPage (§4 admin marker)', () => {
  it('opens the external registration page in the language of the app, once, and says so', async () => {
    const opened: string[] = []
    const { ui, deps: d } = deps(true, async (url) => {
      opened.push(url)
    })
    expect(leaveForRegisterPage(d)).toBe(true)
    expect(leaveForRegisterPage(d)).toBe(false)
    await flush()
    expect(opened).toEqual(['https://inscription.darsi.tn/?lang=ar'])
    expect(ui.snackbars.map((snackbar) => 'key' in snackbar && snackbar.key)).toEqual(['auth:session.registerPageOpened'])
    ui.dispose()
  })

  it('does nothing without the marker, and reports a refused opening', async () => {
    const opened: string[] = []
    const none = deps(false, async (url) => {
      opened.push(url)
    })
    expect(leaveForRegisterPage(none.deps)).toBe(false)
    const refused = deps(true, () => Promise.reject(new Error('not-allowed')))
    expect(leaveForRegisterPage(refused.deps)).toBe(true)
    await flush()
    expect(opened).toEqual([])
    expect(refused.ui.snackbars.map((snackbar) => 'key' in snackbar && snackbar.key)).toEqual(['shell:externalLink.failed'])
    none.ui.dispose()
    refused.ui.dispose()
  })

  it('names a page that the main process allowlist lets through, in every language', () => {
    for (const language of ['fr', 'en-US', 'ar']) {
      const url = externalRegisterPageUrl(language)
      expect(checkExternalUrl(url, { hosts: DEFAULT_EXTERNAL_HOSTS, origins: [], mailDomains: DEFAULT_MAIL_DOMAINS }), language).toBe(url)
    }
    expect(externalRegisterPageUrl('en-US')).toBe('https://inscription.darsi.tn/?lang=en')
    expect(externalRegisterPageUrl('fr')).toBe('https://inscription.darsi.tn/?lang=fr')
  })
})
