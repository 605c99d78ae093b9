/**
 * The main process's logger (src/main/logger.ts): scopes, levels, secrets redacted before any
 * sink sees them, a broken sink ignored, one line per record on standard error; the services
 * log under their scope of the app's logger.
 */
import { describe, expect, it } from 'vitest'
import { createMainServices } from '../../../src/main/composition.ts'
import { formatRecord, Logger, stderrSink, type LogLevel, type LogRecord } from '../../../src/main/logger.ts'
import { fakePrimitives } from './fakes.ts'

const at = new Date('2026-01-15T09:00:00Z')

function recording(level?: LogLevel | 'silent') {
  const records: LogRecord[] = []
  const logger = new Logger('main', { sink: (record) => records.push(record), now: () => at, ...(level ? { level } : {}) })
  return { records, logger }
}

describe('Logger', () => {
  it('names each record by its scope', () => {
    const { records, logger } = recording()
    logger.info('started')
    logger.scope('deepLinks').warn('dropped a link')
    logger.scope('ipc').scope('dispatch').error('failed')
    expect(records.map(({ scope, level, message }) => ({ scope, level, message }))).toEqual([
      { scope: 'main', level: 'info', message: 'started' },
      { scope: 'main.deepLinks', level: 'warn', message: 'dropped a link' },
      { scope: 'main.ipc.dispatch', level: 'error', message: 'failed' }
    ])
  })

  it('drops the records below its level (info by default), all of them when silent', () => {
    const byDefault = recording()
    byDefault.logger.debug('detail')
    byDefault.logger.info('fact')
    expect(byDefault.records.map((record) => record.message)).toEqual(['fact'])
    const warnings = recording('warn')
    warnings.logger.scope('x').info('fact')
    warnings.logger.scope('x').warn('problem')
    expect(warnings.records.map((record) => record.message)).toEqual(['problem'])
    const silent = recording('silent')
    silent.logger.error('anything')
    expect(silent.records).toEqual([])
  })

  it('redacts tokens, passwords, Authorization headers and codes in messages and fields', () => {
    const { records, logger } = recording()
    logger.warn('blocked navigation to https://evil.example/cb?code=4242&state=ok#access_token=x')
    logger.warn('deep link darsi://switch?token=switch-secret&userId=7 with Bearer abc.def')
    logger.warn('refused', {
      session: { token: 'access-secret', refreshToken: 'refresh-secret', tokenType: 'Bearer' },
      headers: { Authorization: 'Basic dXNlcjpwYXNz' },
      password: 'Darsi#2026',
      detail: 'GET /api/auth/confirm?confirmationToken=123456',
      jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl',
      error: new Error('rejected https://x.example/?code=999')
    })
    const text = JSON.stringify(records)
    for (const secret of [
      '4242',
      'switch-secret',
      'abc.def',
      'access-secret',
      'refresh-secret',
      'dXNlcjpwYXNz',
      'Darsi#2026',
      '123456',
      'eyJzdWIiOiI3In0',
      '999'
    ]) {
      expect(text, secret).not.toContain(secret)
    }
    expect(records[0]!.message).toBe('blocked navigation to https://evil.example/cb?code=[redacted]&state=ok#access_token=x')
    expect(records[1]!.message).toBe('deep link darsi://switch?token=[redacted]&userId=7 with Bearer [redacted]')
    expect(records[2]!.fields).toMatchObject({
      session: { token: '[redacted]', refreshToken: '[redacted]', tokenType: 'Bearer' },
      headers: { Authorization: '[redacted]' },
      password: '[redacted]',
      detail: 'GET /api/auth/confirm?confirmationToken=[redacted]',
      error: { name: 'Error', message: 'rejected https://x.example/?code=[redacted]' }
    })
  })

  it('never throws because of its sink', () => {
    const logger = new Logger('main', {
      sink: () => {
        throw new Error('disk full')
      }
    })
    expect(() => logger.error('something')).not.toThrow()
  })

  it('writes one line per record on standard error', () => {
    const written: string[] = []
    const logger = new Logger('main', { sink: stderrSink({ write: (text: string) => written.push(text) }), now: () => at })
    logger.info('window shown')
    logger.scope('store').warn('store settings could not be written', { name: 'settings' })
    expect(written).toEqual([
      '2026-01-15T09:00:00.000Z INFO  [main] window shown\n',
      '2026-01-15T09:00:00.000Z WARN  [main.store] store settings could not be written {"name":"settings"}\n'
    ])
    expect(formatRecord({ time: at, level: 'error', scope: 'main', message: 'x' })).toBe('2026-01-15T09:00:00.000Z ERROR [main] x')
  })
})

describe('the services', () => {
  it("log under their scope of the app's logger", () => {
    const { records, logger } = recording()
    const services = createMainServices(fakePrimitives({ logger }))
    services.deepLinks.push('darsi://nowhere/at-all?token=abc')
    expect(records).toEqual([
      expect.objectContaining({ scope: 'main.deepLinks', level: 'warn', message: 'dropped an unparseable deep link' })
    ])
  })
})
