import { describe, expect, it } from 'vitest'
import { mayChangePassword } from '../../../src/shared/rules/testAccount.ts'

describe('mayChangePassword (§4)', () => {
  it('lets every account that is not a test account change its password', () => {
    expect(mayChangePassword({ isTest: false, admin: false, impersonated: false })).toBe(true)
    expect(mayChangePassword({ isTest: false, admin: false, impersonated: true })).toBe(true)
  })

  it('refuses a test account, unless an administrator is the one acting', () => {
    expect(mayChangePassword({ isTest: true, admin: false, impersonated: false })).toBe(false)
    expect(mayChangePassword({ isTest: true, admin: true, impersonated: false })).toBe(true)
    expect(mayChangePassword({ isTest: true, admin: false, impersonated: true })).toBe(true)
  })
})
