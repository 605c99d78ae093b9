import { describe, expect, it } from 'vitest'
import { ensureProfileCatalogue, profileCatalogues } from '../../../../../src/renderer/src/features/profile/profileCatalogue.ts'
import { createI18n } from '../../../../../src/renderer/src/i18n/index.ts'
import { resources } from '../../../../../src/renderer/src/i18n/resources.ts'

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
const source = leaves(profileCatalogues.fr as unknown as Tree)

describe('the profile namespace (loaded with the profile screens)', () => {
  for (const language of ['en-US', 'ar'] as const) {
    it(`${language} has exactly the French keys, non-empty, with the same placeholders`, () => {
      const target = leaves(profileCatalogues[language] as unknown as Tree)
      expect([...source.keys()].filter((key) => !target.has(key))).toEqual([])
      expect([...target.keys()].filter((key) => !source.has(key))).toEqual([])
      for (const [key, text] of target) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(source.get(key) ?? ''))
      }
    })
  }

  it('is written in Arabic in the Arabic catalogue', () => {
    const latinOnly = [...leaves(profileCatalogues.ar as unknown as Tree)].filter(([, text]) => !/[\u0600-\u06FF]/.test(text)).map(([key]) => key)
    expect(latinOnly).toEqual([])
  })

  it('is not part of the start-up catalogues, and resolves once added', () => {
    expect(Object.keys(resources.fr)).not.toContain('profile')
    const i18n = createI18n('fr')
    expect(i18n.exists('profile:edit.titleIncomplete')).toBe(false)
    ensureProfileCatalogue(i18n)
    expect(i18n.t('profile:edit.titleIncomplete')).toBe('Compléter vos données')
    expect(i18n.t('profile:edit.titleCompleted')).toBe('Modifier mon profil')
    expect(i18n.t('profile:edit.processing')).toBe('En traitement...')
    expect(i18n.t('profile:rules.divisionRequest.reasonRequired')).toBe('Remplir le champ raison')
    expect(i18n.t('profile:rules.marksheet.divisionRequired')).toBe('Please select a division')
  })
})
