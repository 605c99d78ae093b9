/** The checks every lazily loaded namespace must pass, shared by their test files. */
import type { i18n as I18n } from 'i18next'
import { describe, expect, it } from 'vitest'
import type { Language } from '../../../../src/shared/ipc.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'
import type { LazyCatalogues, LazyNamespace } from '../../../../src/renderer/src/i18n/lazyNamespace.ts'
import { resources } from '../../../../src/renderer/src/i18n/resources.ts'

export type Tree = { [key: string]: string | Tree }

/** A catalogue's texts by their dotted keys. */
export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') result.set(path, value)
    else for (const [child, text] of leaves(value, path)) result.set(child, text)
  }
  return result
}

/** The {{names}} a text fills in, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()

/** A fresh i18n in `language` that lacks `probe` until `ensure` has added its namespace. */
export function loadedI18n(language: Language, probe: string, ensure: (i18n: I18n) => void): I18n {
  const i18n = createI18n(language)
  expect(i18n.exists(probe)).toBe(false)
  ensure(i18n)
  return i18n
}

export function describeLazyNamespace<N extends LazyNamespace>(namespace: N, catalogues: LazyCatalogues<N>): void {
  const source = leaves(catalogues.fr as unknown as Tree)
  describe(`the ${namespace} namespace, in every language`, () => {
    for (const language of ['en-US', 'ar'] as const) {
      it(`${language} has exactly the French keys, non-empty, with the same placeholders`, () => {
        const target = leaves(catalogues[language] as unknown as Tree)
        expect([...source.keys()].filter((key) => !target.has(key))).toEqual([])
        expect([...target.keys()].filter((key) => !source.has(key))).toEqual([])
        for (const [key, text] of target) {
          expect(text.trim(), key).not.toBe('')
          const expected = placeholders(source.get(key) ?? '')
          // Arabic spells one and two out with the noun (يوم واحد, يومان): those forms may leave the figure out.
          const spelledOut = language === 'ar' && /(One|Two)$/.test(key) && !placeholders(text).includes('count')
          expect(placeholders(text), key).toEqual(spelledOut ? expected.filter((name) => name !== 'count') : expected)
        }
      })
    }

    it('is written in Arabic in the Arabic catalogue', () => {
      const latinOnly = [...leaves(catalogues.ar as unknown as Tree)]
        .filter(([, text]) => !/[\u0600-\u06FF]/.test(text))
        .map(([key]) => key)
      expect(latinOnly).toEqual([])
    })

    it('is not part of the start-up catalogues', () => {
      expect(Object.keys(resources.fr)).not.toContain(namespace)
    })
  })
}
