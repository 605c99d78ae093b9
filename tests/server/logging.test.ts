import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loggerOptions } from '../../server/src/app.ts'

describe('log lines', () => {
  it('mask the secrets carried in query strings', () => {
    const options = loggerOptions('info') as {
      serializers: { req: (request: { method: string; url: string; ip?: string }) => { url: string } }
    }
    const url = (raw: string) => options.serializers.req({ method: 'POST', url: raw }).url
    expect(url('/api/student/confirm-transfer-points?confirmationToken=123456')).toBe(
      '/api/student/confirm-transfer-points?confirmationToken=[redacted]'
    )
    expect(url('/api/auth/confirm-registration?token=999999&x=1')).toBe('/api/auth/confirm-registration?token=[redacted]&x=1')
    expect(url('/api/auth/social/google/callback?code=abc')).toBe('/api/auth/social/google/callback?code=[redacted]')
    expect(url('/api/auth/social/google/callback?code=abc&code_verifier=xyz')).toBe(
      '/api/auth/social/google/callback?code=[redacted]&code_verifier=[redacted]'
    )
    expect(url('/api/student/notifications?page=2')).toBe('/api/student/notifications?page=2')
  })
})

describe('the server logger', () => {
  it('masks tokens, passwords, Authorization headers and codes wherever a line carries them', async () => {
    const lines: string[] = []
    const stream = { write: (line: string) => void lines.push(line) }
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } })
    app.get('/x', async (request) => {
      request.log.info({ headers: { authorization: 'Bearer abc.def.ghi', 'x-operator-key': 'operator-secret' } }, 'headers seen')
      return { ok: true }
    })
    await app.ready()
    await app.inject({
      method: 'GET',
      url: '/x?confirmationToken=123456&page=2',
      headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=cookie-secret' }
    })
    app.log.info(
      {
        password: 'pw-1',
        user: { plainPassword: 'pw-2', refresh_token: 'refresh-secret' },
        token: 'access-secret',
        confirmationToken: '654321',
        'x-operator-key': 'operator-secret',
        err: { code: 'ECONNREFUSED' }
      },
      'fields seen'
    )
    await app.close()
    const output = lines.join('')
    for (const secret of [
      'abc.def.ghi',
      'operator-secret',
      'cookie-secret',
      '123456',
      'pw-1',
      'pw-2',
      'refresh-secret',
      'access-secret',
      '654321'
    ]) {
      expect(output, secret).not.toContain(secret)
    }
    expect(output).toContain('confirmationToken=[redacted]&page=2')
    const fields = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'fields seen')
    expect(fields).toMatchObject({
      password: '[redacted]',
      user: { plainPassword: '[redacted]', refresh_token: '[redacted]' },
      err: { code: 'ECONNREFUSED' }
    })
  })
})
