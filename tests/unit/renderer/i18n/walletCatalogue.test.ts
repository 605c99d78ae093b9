import { describe, expect, it } from 'vitest'
import { ensureWalletCatalogue, walletCatalogues } from '../../../../src/renderer/src/features/wallet/walletCatalogue.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'
import { resources } from '../../../../src/renderer/src/i18n/resources.ts'

type Tree = { [key: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') result.set(path, value)
    else for (const [child, text] of leaves(value, path)) result.set(child, text)
  }
  return result
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()
const source = leaves(walletCatalogues.fr as unknown as Tree)

describe('the wallet namespace (loaded with the wallet and history screens)', () => {
  for (const language of ['en-US', 'ar'] as const) {
    it(`${language} has exactly the French keys, non-empty, with the same placeholders`, () => {
      const target = leaves(walletCatalogues[language] as unknown as Tree)
      expect([...source.keys()].filter((key) => !target.has(key))).toEqual([])
      expect([...target.keys()].filter((key) => !source.has(key))).toEqual([])
      for (const [key, text] of target) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(source.get(key) ?? ''))
      }
    })
  }

  it('is written in Arabic in the Arabic catalogue', () => {
    const latinOnly = [...leaves(walletCatalogues.ar as unknown as Tree)].filter(([, text]) => !/[\u0600-\u06FF]/.test(text)).map(([key]) => key)
    expect(latinOnly).toEqual([])
  })

  it('is not part of the start-up catalogues, and resolves once added', () => {
    expect(Object.keys(resources.fr)).not.toContain('wallet')
    const i18n = createI18n('ar')
    expect(i18n.exists('wallet:page.title')).toBe(false)
    ensureWalletCatalogue(i18n)
    ensureWalletCatalogue(i18n)
    expect(i18n.t('wallet:page.title')).toBe('المحفظة')
    void i18n.changeLanguage('fr')
    expect(i18n.t('wallet:result.successTitle')).toBe('Abonnement activé')
    expect(i18n.t('wallet:rules.transfer.amountRange')).toBe('Veuillez entrer un montant entre 10 et 5000')
  })
})
