import { describe, expect, it } from 'vitest'
import { loggerOptions } from '../../server/src/app.ts'

describe('log lines', () => {
  it('mask the secrets carried in query strings', () => {
    const options = loggerOptions('info') as { serializers: { req: (request: { method: string; url: string; ip?: string }) => { url: string } } }
    const url = (raw: string) => options.serializers.req({ method: 'POST', url: raw }).url
    expect(url('/api/student/confirm-transfer-points?confirmationToken=123456')).toBe('/api/student/confirm-transfer-points?confirmationToken=[redacted]')
    expect(url('/api/auth/confirm-registration?token=999999&x=1')).toBe('/api/auth/confirm-registration?token=[redacted]&x=1')
    expect(url('/api/auth/social/google/callback?code=abc')).toBe('/api/auth/social/google/callback?code=[redacted]')
    expect(url('/api/auth/social/google/callback?code=abc&code_verifier=xyz')).toBe('/api/auth/social/google/callback?code=[redacted]&code_verifier=[redacted]')
    expect(url('/api/student/notifications?page=2')).toBe('/api/student/notifications?page=2')
  })
})
