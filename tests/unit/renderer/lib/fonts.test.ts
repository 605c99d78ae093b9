import { describe, expect, it } from 'vitest'
import { FONT_WEIGHTS, preloadFonts } from '../../../../src/renderer/src/lib/fonts.ts'

describe('preloadFonts', () => {
  it('asks for every weight of Cairo with a Latin and an Arabic character', async () => {
    const asked: Array<[string, string | undefined]> = []
    await preloadFonts({
      load: async (font: string, text?: string) => {
        asked.push([font, text])
        return []
      }
    })
    expect(asked.map(([font]) => font)).toEqual(FONT_WEIGHTS.map((weight) => `${weight} 1em Cairo`))
    for (const [, text] of asked) {
      expect(text).toMatch(/[a-z]/)
      expect(text).toMatch(/[\u0600-\u06ff]/)
    }
  })

  it('fails when a face cannot be loaded, so the idle queue moves on', async () => {
    await expect(preloadFonts({ load: async () => Promise.reject(new Error('offline')) })).rejects.toThrow('offline')
  })
})
