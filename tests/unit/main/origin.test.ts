import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, DEEP_LINK_PROTOCOL } from '../../../src/main/origin.ts'
import { originOf } from '../../../src/shared/origin.ts'
import { DEEP_LINK_SCHEME } from '../../../src/shared/deepLink.ts'

describe('originOf', () => {
  it.each([
    ['app://darsi/offres?x=1', 'app://darsi'],
    ['APP://DARSI/', 'app://darsi'],
    ['http://127.0.0.1:4000/api', 'http://127.0.0.1:4000'],
    ['https://www.darsi.tn', 'https://www.darsi.tn']
  ])('gives %s → %s', (url, origin) => {
    expect(originOf(url)).toBe(origin)
  })

  it.each(['', 'not a url', 'file:///etc/passwd', 'about:blank', 'app://user:pw@darsi/', 'javascript:alert(1)', 42, undefined])(
    'has no origin for %j',
    (url) => {
      expect(originOf(url)).toBeNull()
    }
  )

  it('matches the shared deep-link scheme and the page origin', () => {
    expect(DEEP_LINK_PROTOCOL).toBe(DEEP_LINK_SCHEME)
    expect(APP_ORIGIN).toBe('app://darsi')
  })
})
