import { describe, expect, it } from 'vitest'
import { createExternalLinks } from '../../../../src/main/services/externalLinks.ts'
import { IpcFailure } from '../../../../src/main/ipc/errors.ts'
import { DEFAULT_EXTERNAL_HOSTS, DEFAULT_MAIL_DOMAINS, type ExternalAllowlist } from '../../../../src/shared/externalLinks.ts'

const allowlist: ExternalAllowlist = {
  hosts: DEFAULT_EXTERNAL_HOSTS,
  origins: ['http://127.0.0.1:4000'],
  mailDomains: DEFAULT_MAIL_DOMAINS
}

describe('createExternalLinks', () => {
  it('opens allowed links and refuses others with not-allowed', async () => {
    const opened: string[] = []
    const links = createExternalLinks(allowlist, async (url) => {
      opened.push(url)
    })
    await links.open('https://www.darsi.tn/')
    await expect(links.open('file:///etc/passwd')).rejects.toEqual(new IpcFailure('not-allowed'))
    expect(opened).toEqual(['https://www.darsi.tn/'])
  })

  it('reports a failing system browser as failed', async () => {
    const links = createExternalLinks(allowlist, async () => {
      throw new Error('no browser')
    })
    await expect(links.open('https://www.darsi.tn/')).rejects.toMatchObject({ code: 'failed' })
  })
})
