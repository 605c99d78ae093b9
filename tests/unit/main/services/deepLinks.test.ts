import { describe, expect, it } from 'vitest'
import { createDeepLinkQueue } from '../../../../src/main/services/deepLinks.ts'
import type { DeepLink } from '../../../../src/shared/deepLink.ts'

function setup(options: { maxQueued?: number } = {}) {
  let clock = 1_000_000
  const queue = createDeepLinkQueue({ now: () => clock, ...options })
  const delivered: DeepLink[] = []
  return {
    queue,
    delivered,
    subscribe: () => queue.onDeliver((link) => delivered.push(link)),
    advance: (ms: number) => {
      clock += ms
    }
  }
}

describe('DeepLinkQueue', () => {
  it('holds links until the renderer is ready, then delivers them in order', () => {
    const { queue, delivered, subscribe } = setup()
    subscribe()
    expect(queue.push('darsi://payment/success?orderId=12')).toBe(true)
    expect(queue.push('darsi://open?path=%2Foffres')).toBe(true)
    expect(delivered).toEqual([])
    expect(queue.pending).toBe(2)
    queue.markReady()
    expect(delivered).toEqual([
      { kind: 'payment-return', outcome: 'success', orderId: '12' },
      { kind: 'open', path: '/offres' }
    ])
    expect(queue.pending).toBe(0)
  })

  it('delivers at once when ready, and waits for a listener', () => {
    const { queue, delivered, subscribe } = setup()
    queue.markReady()
    queue.push('darsi://login/google/callback?code=abc')
    expect(delivered).toEqual([])
    subscribe()
    expect(delivered).toEqual([{ kind: 'social-callback', provider: 'google', code: 'abc' }])
    queue.push('darsi://payment/echec?orderId=9')
    expect(delivered).toHaveLength(2)
  })

  it('holds links again while the page reloads', () => {
    const { queue, delivered, subscribe } = setup()
    subscribe()
    queue.markReady()
    queue.markNotReady()
    queue.push('darsi://open?path=%2Fexams')
    expect(delivered).toEqual([])
    queue.markReady()
    expect(delivered).toEqual([{ kind: 'open', path: '/exams' }])
  })

  it('drops identical links within the de-duplication window only', () => {
    const { queue, delivered, subscribe, advance } = setup()
    subscribe()
    queue.markReady()
    expect(queue.push('darsi://open?path=%2Foffres')).toBe(true)
    advance(500)
    expect(queue.push('darsi://open?path=%2Foffres')).toBe(false)
    advance(5000)
    expect(queue.push('darsi://open?path=%2Foffres')).toBe(true)
    expect(delivered).toHaveLength(2)
  })

  it.each([
    'https://darsi.tn/',
    'darsi://unknown/thing',
    'darsi://open?path=https://evil.example',
    'darsi://open?path=//evil.example',
    'darsi://switch?token=a',
    'darsi://payment/success?orderId=../../x',
    'darsi://open?path=/\u0000',
    '',
    `darsi://open?path=/${'a'.repeat(5000)}`
  ])('drops the unparseable link %j', (raw) => {
    const { queue } = setup()
    expect(queue.push(raw)).toBe(false)
    expect(queue.pending).toBe(0)
  })

  it('drops values that are not strings', () => {
    const { queue } = setup()
    for (const value of [null, undefined, 42, {}, ['darsi://open?path=/']]) expect(queue.push(value)).toBe(false)
  })

  it('caps the queue, keeping the newest links', () => {
    const { queue, delivered, subscribe } = setup({ maxQueued: 3 })
    for (let id = 1; id <= 6; id += 1) queue.push(`darsi://payment/success?orderId=${id}`)
    expect(queue.pending).toBe(3)
    subscribe()
    queue.markReady()
    expect(delivered.map((link) => (link.kind === 'payment-return' ? link.orderId : ''))).toEqual(['4', '5', '6'])
  })

  it('takes the link from a second instance command line', () => {
    const { queue, delivered, subscribe } = setup()
    subscribe()
    queue.markReady()
    expect(queue.pushFromArgv(['C:\\Program Files\\Darsi\\Darsi.exe', '--allow-file-access', 'darsi://payment/success?orderId=7'])).toBe(
      true
    )
    expect(queue.pushFromArgv(['/usr/bin/darsi'])).toBe(false)
    expect(queue.pushFromArgv('darsi://open?path=/' as unknown as string[])).toBe(false)
    expect(delivered).toEqual([{ kind: 'payment-return', outcome: 'success', orderId: '7' }])
  })

  it('keeps delivering when a listener throws, and can unsubscribe', () => {
    const { queue, delivered } = setup()
    queue.onDeliver(() => {
      throw new Error('listener bug')
    })
    const off = queue.onDeliver((link) => delivered.push(link))
    queue.markReady()
    queue.push('darsi://open?path=%2Fa')
    off()
    queue.push('darsi://open?path=%2Fb')
    expect(delivered).toEqual([{ kind: 'open', path: '/a' }])
  })
})
