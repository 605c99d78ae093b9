import { describe, expect, it } from 'vitest'
import {
  checkExternalUrl,
  DEFAULT_EXTERNAL_HOSTS,
  DEFAULT_MAIL_DOMAINS,
  isAllowedExternalUrl,
  isPlatformWebLink,
  type ExternalAllowlist
} from '../../../src/shared/externalLinks.ts'

const allowlist: ExternalAllowlist = {
  hosts: DEFAULT_EXTERNAL_HOSTS,
  origins: ['http://127.0.0.1:4000'],
  mailDomains: DEFAULT_MAIL_DOMAINS
}

const allowed = [
  'https://darsi.tn/',
  'https://www.darsi.tn/conditions',
  'https://forum.darsi.tn/t/123?page=2#reply',
  'https://enseignant.darsi.tn/login?token=abc',
  'https://www.facebook.com/darsi',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://WWW.DARSI.TN/Path',
  'http://127.0.0.1:4000/sandbox/card?order=12',
  'http://127.0.0.1:4000/sandbox/oauth/google?state=x',
  'mailto:contact@darsi.tn',
  'mailto:contact@darsi.tn?subject=Aide&body=Bonjour'
]

const hostile: Array<[string, unknown]> = [
  ['javascript scheme', 'javascript:alert(1)'],
  ['javascript upper case', 'JAVASCRIPT:alert(1)'],
  ['javascript with leading space', ' javascript:alert(1)'],
  ['javascript with tab inside', 'java\tscript:alert(1)'],
  ['javascript with newline inside', 'java\nscript:alert(1)'],
  ['vbscript', 'vbscript:msgbox(1)'],
  ['data html', 'data:text/html,<script>alert(1)</script>'],
  ['data base64', 'data:text/html;base64,PHNjcmlwdD4='],
  ['file root', 'file:///etc/passwd'],
  ['file windows', 'file:///C:/Windows/System32/calc.exe'],
  ['file unc', 'file://attacker/share/payload.exe'],
  ['unc backslashes', '\\\\attacker\\share\\payload.exe'],
  ['smb', 'smb://attacker/share'],
  ['ms-msdt', 'ms-msdt:/id PCWDiagnostic /skip force'],
  ['search-ms', 'search-ms:query=evil&crumb=location:\\\\attacker'],
  ['custom scheme', 'zoommtg://zoom.us/join?confno=1'],
  ['app scheme', 'darsi://open?path=/'],
  ['app page scheme', 'app://darsi/'],
  ['ftp', 'ftp://darsi.tn/file'],
  ['ws', 'wss://darsi.tn/'],
  ['blob', 'blob:https://darsi.tn/uuid'],
  ['chrome', 'chrome://settings'],
  ['about', 'about:blank'],
  ['http to allowlisted host', 'http://darsi.tn/'],
  ['unlisted https host', 'https://evil.example/'],
  ['suffix confusion', 'https://darsi.tn.evil.example/'],
  ['prefix confusion', 'https://evildarsi.tn/'],
  ['subdomain not listed', 'https://admin.darsi.tn/'],
  ['credentials before allowlisted host', 'https://darsi.tn@evil.example/'],
  ['credentials with password', 'https://user:pass@darsi.tn/'],
  ['empty credentials', 'https://@darsi.tn/'],
  ['encoded at sign in authority', 'https://darsi.tn%40evil.example/'],
  ['backslash authority trick', 'https://evil.example\\@darsi.tn/'],
  ['backslash in path', 'https://darsi.tn\\..\\evil'],
  ['missing slashes', 'https:darsi.tn/'],
  ['single slash', 'https:/darsi.tn/'],
  ['triple slash', 'https:///darsi.tn/'],
  ['explicit non-default port', 'https://darsi.tn:8443/'],
  ['trailing dot host', 'https://darsi.tn./'],
  ['IP literal', 'https://192.168.1.10/'],
  ['IPv6 literal', 'https://[::1]/'],
  ['decimal IP', 'https://3232235786/'],
  ['punycode homograph', 'https://xn--dars-4va.tn/'],
  ['unicode homograph (cyrillic a)', 'https://www.f\u0430cebook.com/'],
  ['unicode dotless i', 'https://dars\u0131.tn/'],
  ['fullwidth dot', 'https://darsi\uff0etn/'],
  ['right-to-left override', 'https://darsi.tn/\u202egpj.exe'],
  ['NUL byte', 'https://darsi.tn/\u0000'],
  ['control character', 'https://darsi.tn/\u0007'],
  ['DEL character', 'https://darsi.tn/\u007f'],
  ['space in URL', 'https://darsi.tn/a b'],
  ['leading whitespace', ' https://darsi.tn/'],
  ['trailing newline', 'https://darsi.tn/\n'],
  ['CRLF injection', 'https://darsi.tn/\r\nSet-Cookie:x'],
  ['overlong URL', `https://darsi.tn/${'a'.repeat(3000)}`],
  ['empty string', ''],
  ['not a string: number', 42],
  ['not a string: object', { href: 'https://darsi.tn/' }],
  ['not a string: null', null],
  ['relative path', '/offres'],
  ['protocol relative', '//evil.example/'],
  ['api host on another port', 'http://127.0.0.1:4001/'],
  ['api origin over https', 'https://127.0.0.1:4000/'],
  ['localhost instead of configured IP', 'http://localhost:4000/'],
  ['mailto to another domain', 'mailto:someone@evil.example'],
  ['mailto to two recipients', 'mailto:contact@darsi.tn,victim@evil.example'],
  ['mailto with cc header', 'mailto:contact@darsi.tn?cc=victim@evil.example'],
  ['mailto with attach header', 'mailto:contact@darsi.tn?attach=/etc/passwd'],
  ['mailto with encoded comma', 'mailto:contact@darsi.tn%2Cvictim@evil.example'],
  ['mailto with host form', 'mailto://contact@darsi.tn'],
  ['tel scheme', 'tel:+21600000000'],
  ['sms scheme', 'sms:+21600000000'],
  ['intent scheme', 'intent://scan/#Intent;scheme=zxing;end'],
  ['view-source', 'view-source:https://darsi.tn/']
]

describe('isAllowedExternalUrl', () => {
  it.each(allowed)('allows %s', (url) => {
    expect(isAllowedExternalUrl(url, allowlist)).toBe(true)
  })

  it('has at least 50 hostile cases (E3)', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(50)
  })

  it.each(hostile)('refuses %s', (_name, url) => {
    expect(isAllowedExternalUrl(url, allowlist)).toBe(false)
  })

  it('returns the parsed form of what it checked', () => {
    expect(checkExternalUrl('https://WWW.DARSI.TN/a?b=1', allowlist)).toBe('https://www.darsi.tn/a?b=1')
  })
})

describe('isPlatformWebLink (the link of a notification, checked by the server)', () => {
  it.each(['https://darsi.tn/offres', 'https://www.youtube.com/watch?v=x', 'https://forum.darsi.tn/t/1'])('accepts %s', (url) => {
    expect(isPlatformWebLink(url)).toBe(true)
  })

  it.each([
    'https://evil.example/',
    'http://darsi.tn/',
    'https://darsi.tn:8443/',
    'https://user@darsi.tn/',
    'mailto:contact@darsi.tn',
    'http://127.0.0.1:4000/sandbox/pay/1',
    'https://xn--dars-xqa.tn/'
  ])('refuses %s', (url) => {
    expect(isPlatformWebLink(url)).toBe(false)
  })
})
