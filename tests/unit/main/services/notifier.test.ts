import { describe, expect, it } from 'vitest'
import { createNotifier, escapeNotificationMarkup, type NotifierPrimitive } from '../../../../src/main/services/notifier.ts'
import type { NativeNotificationClick } from '../../../../src/shared/ipc.ts'

function fakePrimitive(supported = true) {
  const shown: Array<{ title: string; body: string; click: () => void }> = []
  const primitive: NotifierPrimitive = {
    isSupported: () => supported,
    show: (options, onClick) => {
      shown.push({ ...options, click: onClick })
    }
  }
  return { primitive, shown }
}

describe('Notifier', () => {
  it('shows a native notification and reports which one was clicked and where it leads', () => {
    const { primitive, shown } = fakePrimitive()
    const notifier = createNotifier(primitive)
    const clicks: NativeNotificationClick[] = []
    notifier.onClicked((click) => clicks.push(click))
    expect(notifier.show({ id: 41, title: 'Paiement', body: 'Abonnement activé', route: '/offres' })).toEqual({ shown: true })
    expect(notifier.show({ id: 42, title: 'Séance', body: 'En direct', url: 'https://www.darsi.tn/live' })).toEqual({ shown: true })
    expect(shown).toMatchObject([
      { title: 'Paiement', body: 'Abonnement activé' },
      { title: 'Séance', body: 'En direct' }
    ])
    shown[1]?.click()
    shown[0]?.click()
    expect(clicks).toEqual([
      { id: 42, url: 'https://www.darsi.tn/live' },
      { id: 41, route: '/offres' }
    ])
  })

  it('reports an empty click for a notification that names nothing', () => {
    const { primitive, shown } = fakePrimitive()
    const notifier = createNotifier(primitive)
    const clicks: NativeNotificationClick[] = []
    notifier.onClicked((click) => clicks.push(click))
    notifier.show({ title: 'Bonjour', body: '' })
    shown[0]?.click()
    expect(clicks).toEqual([{}])
  })

  it('escapes the body where the notification server reads markup (Linux), and only there', () => {
    const text = 'Tom & Jerry <b>gras</b> a > b'
    const linux = fakePrimitive()
    createNotifier(linux.primitive, undefined, { bodyIsMarkup: true }).show({ title: 'A & B', body: text })
    expect(linux.shown[0]).toMatchObject({ title: 'A & B', body: 'Tom &amp; Jerry &lt;b&gt;gras&lt;/b&gt; a &gt; b' })
    const other = fakePrimitive()
    createNotifier(other.primitive).show({ title: 't', body: text })
    expect(other.shown[0]?.body).toBe(text)
    expect(escapeNotificationMarkup('&lt;')).toBe('&amp;lt;')
  })

  it('answers shown: false when unsupported or failing', () => {
    expect(createNotifier(fakePrimitive(false).primitive).show({ title: 't', body: 'b' })).toEqual({ shown: false })
    const throwing: NotifierPrimitive = {
      isSupported: () => true,
      show: () => {
        throw new Error('dbus down')
      }
    }
    expect(createNotifier(throwing).show({ title: 't', body: 'b' })).toEqual({ shown: false })
    const throwingProbe: NotifierPrimitive = {
      isSupported: () => {
        throw new Error('no')
      },
      show: () => undefined
    }
    expect(createNotifier(throwingProbe).show({ title: 't', body: 'b' })).toEqual({ shown: false })
  })
})
