import { describe, expect, it } from 'vitest'
import { createNotifier, type NotifierPrimitive } from '../../../../src/main/services/notifier.ts'

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
  it('shows a native notification and reports the route on click', () => {
    const { primitive, shown } = fakePrimitive()
    const notifier = createNotifier(primitive)
    const clicks: Array<string | null> = []
    notifier.onClicked((route) => clicks.push(route))
    expect(notifier.show({ title: 'Paiement', body: 'Abonnement activé', route: '/offres' })).toEqual({ shown: true })
    expect(shown).toMatchObject([{ title: 'Paiement', body: 'Abonnement activé' }])
    shown[0]?.click()
    expect(clicks).toEqual(['/offres'])
  })

  it('reports null for a notification without route', () => {
    const { primitive, shown } = fakePrimitive()
    const notifier = createNotifier(primitive)
    const clicks: Array<string | null> = []
    notifier.onClicked((route) => clicks.push(route))
    notifier.show({ title: 'Bonjour', body: '' })
    shown[0]?.click()
    expect(clicks).toEqual([null])
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
