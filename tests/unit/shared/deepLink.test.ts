import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DeepLinkSchema, findDeepLinkArgument, formatDeepLink, parseDeepLink, type DeepLink } from '../../../src/shared/deepLink.ts'

describe('parseDeepLink', () => {
  it.each<[string, DeepLink]>([
    ['darsi://login/google/callback?code=4%2F0Ab', { kind: 'social-callback', provider: 'google', code: '4/0Ab' }],
    ['darsi://login/facebook/callback', { kind: 'social-callback', provider: 'facebook', code: null }],
    ['darsi://login/google/callback?code=c1&state=s-2_x', { kind: 'social-callback', provider: 'google', code: 'c1', state: 's-2_x' }],
    ['darsi://login/google/callback?state=s1', { kind: 'social-callback', provider: 'google', code: null, state: 's1' }],
    ['darsi://payment/success?orderId=ORD-12', { kind: 'payment-return', outcome: 'success', orderId: 'ORD-12' }],
    ['darsi://payment/echec?orderId=12', { kind: 'payment-return', outcome: 'echec', orderId: '12' }],
    [
      'darsi://operator/success?transactionId=T1&msisdn=21612345678&evil=1',
      { kind: 'operator-return', outcome: 'success', query: { transactionId: 'T1', msisdn: '21612345678' } }
    ],
    ['darsi://switch?token=abc.def&adminId=1&userId=42', { kind: 'switch', token: 'abc.def', adminId: '1', userId: '42' }],
    [
      'darsi://switch?token=abc&adminId=1&userId=42&redirectTo=RegisterPage',
      { kind: 'switch', token: 'abc', adminId: '1', userId: '42', redirectTo: 'RegisterPage' }
    ],
    ['darsi://open?path=%2Foffres%3FnextPage%3Doffres', { kind: 'open', path: '/offres?nextPage=offres' }],
    ['DARSI://open?path=/exams', { kind: 'open', path: '/exams' }]
  ])('parses %s', (raw, expected) => {
    expect(parseDeepLink(raw)).toEqual(expected)
  })

  it.each([
    '',
    'https://darsi.tn/open?path=/',
    'darsi://user:pw@open?path=/',
    'darsi://open:8080?path=/',
    'darsi://login/twitter/callback?code=x',
    'darsi://login/google/callback/extra',
    'darsi://payment/maybe?orderId=1',
    'darsi://payment/success',
    'darsi://payment/success?orderId=a%20b',
    'darsi://operator/success/extra',
    'darsi://switch?token=a&adminId=x&userId=1',
    'darsi://switch?token=<script>&adminId=1&userId=1',
    'darsi://switch?token=a&adminId=1&userId=1&redirectTo=https%3A%2F%2Fevil.example',
    'darsi://switch?token=a&adminId=1&userId=1&redirectTo=',
    'darsi://open?path=offres',
    'darsi://open?path=//evil.example',
    'darsi://open?path=/a\\b',
    'darsi://open',
    'darsi://unknown',
    'darsi://open?path=/\u0000',
    'darsi://open?path=/%0a',
    '\u0000darsi://open?path=/',
    `darsi://open?path=/${'x'.repeat(5000)}`
  ])('refuses %j', (raw) => {
    expect(parseDeepLink(raw)).toBeNull()
  })

  it('refuses non-strings without throwing', () => {
    for (const value of [null, undefined, 1, {}, []]) expect(parseDeepLink(value as unknown as string)).toBeNull()
  })

  it('never throws and only returns schema-valid links for arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `darsi://${s}`)
        ),
        (raw) => {
          const link = parseDeepLink(raw)
          if (link !== null) expect(DeepLinkSchema.safeParse(link).success).toBe(true)
        }
      ),
      { numRuns: 1000 }
    )
  })
})

describe('formatDeepLink', () => {
  it.each<DeepLink>([
    { kind: 'social-callback', provider: 'google', code: 'a/b+c=' },
    { kind: 'social-callback', provider: 'facebook', code: null },
    { kind: 'social-callback', provider: 'google', code: 'a/b', state: 'Zm9v-_' },
    { kind: 'payment-return', outcome: 'echec', orderId: 'ORD_1-2' },
    { kind: 'operator-return', outcome: 'success', query: { transactionId: 'T 1', status: 'ok' } },
    { kind: 'switch', token: 'eyJ.abc-_=', adminId: '3', userId: '9' },
    { kind: 'switch', token: 'abc', adminId: '3', userId: '9', redirectTo: 'RegisterPage' },
    { kind: 'open', path: '/subjects/12/details?tab=2' }
  ])('round-trips %j', (link) => {
    expect(parseDeepLink(formatDeepLink(link))).toEqual(link)
  })
})

describe('findDeepLinkArgument', () => {
  it('finds the link among Windows and Linux command lines', () => {
    expect(findDeepLinkArgument(['C:\\Darsi\\Darsi.exe', '--flag', 'darsi://open?path=/'])).toBe('darsi://open?path=/')
    expect(findDeepLinkArgument(['/usr/bin/darsi', 'DARSI://payment/success?orderId=1'])).toBe('DARSI://payment/success?orderId=1')
    expect(findDeepLinkArgument(['/usr/bin/darsi', '--no-sandbox'])).toBeNull()
    expect(findDeepLinkArgument([])).toBeNull()
  })
})
