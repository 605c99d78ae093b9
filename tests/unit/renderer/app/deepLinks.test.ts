import { describe, expect, it } from 'vitest'
import { handleDeepLink, signalAppReady, subscribeDeepLinks } from '../../../../src/renderer/src/app/deepLinks.ts'
import { DeepLinkStore } from '../../../../src/renderer/src/stores/DeepLinkStore.ts'
import { fakePlatform } from '../fakePlatform.ts'

function targets() {
  const visited: string[] = []
  const inbox = new DeepLinkStore()
  return { visited, inbox, navigate: (path: string) => visited.push(path) }
}

describe('deep links', () => {
  it('navigates to the path of an `open` link', () => {
    const t = targets()
    handleDeepLink({ kind: 'open', path: '/offres' }, t)
    expect(t.visited).toEqual(['/offres'])
    expect(t.inbox.last).toBeNull()
  })

  it('refuses a protocol-relative path', () => {
    const t = targets()
    handleDeepLink({ kind: 'open', path: '//evil.example/x' }, t)
    expect(t.visited).toEqual([])
  })

  it('keeps the other kinds in the inbox until their screen takes them, once', () => {
    const t = targets()
    handleDeepLink({ kind: 'payment-return', outcome: 'success', orderId: 'A1' }, t)
    expect(t.visited).toEqual(['/porte-monnaie'])
    expect(t.inbox.take('social-callback')).toBeNull()
    expect(t.inbox.take('payment-return')).toEqual({ kind: 'payment-return', outcome: 'success', orderId: 'A1' })
    expect(t.inbox.take('payment-return')).toBeNull()
  })

  it("takes an operator's return to the offers screen, which takes it from the inbox", () => {
    const t = targets()
    const link = { kind: 'operator-return', outcome: 'success', query: { subscriptionId: '7', transactionId: 'sbx-7-1' } } as const
    handleDeepLink(link, t)
    expect(t.visited).toEqual(['/offres'])
    expect(t.inbox.take('operator-return')).toEqual(link)
  })

  it("takes a signed-out visitor's operator return to the operator's landing they subscribed on", () => {
    const link = { kind: 'operator-return', outcome: 'success', query: { subscriptionId: '7', reference: 'ab12' } } as const
    const visitor = { ...targets(), signedIn: () => false }
    handleDeepLink(link, visitor)
    expect(visitor.visited).toEqual(['/offers/ooredoo'])
    expect(visitor.inbox.take('operator-return')).toEqual(link)
    const pupil = { ...targets(), signedIn: () => true }
    handleDeepLink(link, pupil)
    expect(pupil.visited).toEqual(['/offres'])
  })

  it('opens the screen of a sign-in link and keeps its secret in the inbox, not in the path', () => {
    const t = targets()
    handleDeepLink({ kind: 'social-callback', provider: 'google', code: 'c0de' }, t)
    expect(t.visited).toEqual(['/login/google/callback'])
    expect(t.inbox.take('social-callback')).toEqual({ kind: 'social-callback', provider: 'google', code: 'c0de' })
    handleDeepLink({ kind: 'switch', token: 'tok', adminId: '1', userId: '2' }, t)
    expect(t.visited).toEqual(['/login/google/callback', '/switch'])
    expect(t.visited.join()).not.toContain('tok')
  })

  it('a system notification clicked is marked seen, then leads to its route or its web page', () => {
    const platform = fakePlatform()
    const t = targets()
    const seen: number[] = []
    const opened: string[] = []
    const stop = subscribeDeepLinks(platform, { ...t, notificationOpened: (id) => seen.push(id), openExternal: (url) => opened.push(url) })
    platform.emitNotificationClick({ id: 5, route: '/porte-monnaie' })
    platform.emitNotificationClick({ id: 6, url: 'https://www.darsi.tn/live' })
    platform.emitNotificationClick({ id: 7 })
    platform.emitNotificationClick({ route: '//evil.example/x' })
    expect(seen).toEqual([5, 6, 7])
    expect(t.visited).toEqual(['/porte-monnaie'])
    expect(opened).toEqual(['https://www.darsi.tn/live'])
    stop()
  })

  it('subscribes to links and notification clicks, and unsubscribes', () => {
    const platform = fakePlatform()
    const t = targets()
    const stop = subscribeDeepLinks(platform, t)
    platform.emitDeepLink({ kind: 'open', path: '/sessions' })
    platform.emitNotificationClick('/inbox/12')
    platform.emitDeepLink({ kind: 'switch', token: 'abc', adminId: '1', userId: '2' })
    expect(t.visited).toEqual(['/sessions', '/inbox/12', '/switch'])
    expect(t.inbox.last?.kind).toBe('switch')
    stop()
    expect(platform.listenerCount()).toBe(0)
  })

  it('tells main it is ready only once', async () => {
    const platform = fakePlatform()
    signalAppReady(platform)
    signalAppReady(platform)
    await Promise.resolve()
    expect(platform.readyCalls).toBe(1)
  })
})
