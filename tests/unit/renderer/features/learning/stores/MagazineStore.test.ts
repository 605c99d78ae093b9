import { describe, expect, it } from 'vitest'
import { MAGAZINE_PAGES_DECODED, MagazineStore } from '../../../../../../src/renderer/src/features/learning/stores/MagazineStore.ts'
import { MemoryStorage } from '../../../memoryStorage.ts'

const pages = (count: number) => Array.from({ length: count }, (_, index) => `http://api.test/p/${index + 1}`)

describe('the magazine reader', () => {
  it('remembers the page on this machine, and ignores a remembered page that no longer exists', () => {
    const prefs = new MemoryStorage()
    const first = new MagazineStore(pages(10), false, prefs, 'k')
    first.go(2)
    expect(new MagazineStore(pages(10), false, prefs, 'k').index).toBe(2)
    prefs.setItem('k', '40')
    expect(new MagazineStore(pages(10), false, prefs, 'k').index).toBe(0)
  })

  it('keeps at most five pages decoded around the one shown, also at the ends', () => {
    const store = new MagazineStore(pages(60), false, null, 'k')
    const decoded = () => store.pages.map((_, index) => index).filter((index) => store.isDecoded(index))
    expect(decoded()).toEqual([0, 1, 2, 3, 4])
    store.go(30)
    expect(decoded()).toEqual([28, 29, 30, 31, 32])
    store.go(59)
    expect(decoded()).toHaveLength(MAGAZINE_PAGES_DECODED)
    expect(decoded().at(-1)).toBe(59)
  })

  it('turns the pages with the arrows the other way round in a right-to-left magazine', () => {
    const ltr = new MagazineStore(pages(5), false, null, 'k')
    ltr.arrow('right')
    expect(ltr.index).toBe(1)
    const rtl = new MagazineStore(pages(5), true, null, 'k')
    rtl.arrow('left')
    expect(rtl.index).toBe(1)
    rtl.arrow('right')
    expect(rtl.index).toBe(0)
    rtl.previous()
    expect(rtl.index).toBe(0)
  })

  it('zooms by steps within bounds', () => {
    const store = new MagazineStore(pages(2), false, null, 'k')
    store.zoomIn()
    expect(store.zoom).toBe(1.25)
    for (let index = 0; index < 10; index++) store.zoomOut()
    expect(store.zoom).toBe(0.5)
  })
})
