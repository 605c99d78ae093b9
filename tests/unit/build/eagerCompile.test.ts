import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { COMPILE_HINT, eagerCompile, withCompileHint } from '../../../scripts/vite/eagerCompile.ts'

let dir: string | null = null
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

describe('withCompileHint', () => {
  it('puts the hint on the first line, once', () => {
    const code = 'const __vite__mapDeps=(i)=>i;import{a}from"./b.js";'
    expect(withCompileHint(code)).toBe(`${COMPILE_HINT}\n${code}`)
    expect(withCompileHint(withCompileHint(code))).toBe(`${COMPILE_HINT}\n${code}`)
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad')
  })
})

describe('eagerCompile', () => {
  it('marks the JavaScript files as written, and leaves the other assets alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'darsi-eager-'))
    writeFileSync(join(dir, 'index-abc.js'), 'export const a=1;')
    writeFileSync(join(dir, 'index-abc.css'), '.a{color:red}')
    const bundle = {
      'index-abc.js': { type: 'chunk', fileName: 'index-abc.js' },
      'index-abc.css': { type: 'asset', fileName: 'index-abc.css' }
    }
    const plugin = eagerCompile()
    expect(plugin.apply).toBe('build')
    const writeBundle = plugin.writeBundle as (options: { dir?: string }, bundle: unknown) => void
    writeBundle({ dir }, bundle)
    writeBundle({ dir }, bundle)
    expect(readFileSync(join(dir, 'index-abc.js'), 'utf8')).toBe(`${COMPILE_HINT}\nexport const a=1;`)
    expect(readFileSync(join(dir, 'index-abc.css'), 'utf8')).toBe('.a{color:red}')
  })
})
