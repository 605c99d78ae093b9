import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const mainDir = join(import.meta.dirname, '../../../src/main')
/** The composition root and the adapters it alone imports may load Electron itself. */
const ELECTRON_ALLOWED = new Set(['index.ts', join('adapters', 'electron.ts')])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : []
  })
}

const valueImports = (source: string): string[] =>
  [
    ...source.matchAll(/^\s*import\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)
  ].map((match) => match[1] ?? '')

describe('main-process layering', () => {
  const files = sourceFiles(mainDir).map((path) => ({ path: relative(mainDir, path), source: readFileSync(path, 'utf8') }))

  it('loads Electron only from the composition root and its adapters', () => {
    const offenders = files
      .filter(({ path }) => !ELECTRON_ALLOWED.has(path))
      .filter(({ source }) =>
        valueImports(source).some((spec) => spec === 'electron' || spec.startsWith('electron/') || spec === 'electron-store')
      )
      .map(({ path }) => path)
    expect(offenders).toEqual([])
  })

  it('opens electron-store only in the adapters, after ready (it loads Electron)', () => {
    const offenders = files
      .filter(({ source }) => /from\s+['"]electron-store['"]|import\(\s*['"]electron-store['"]/.test(source))
      .map(({ path }) => path)
    expect(offenders).toEqual([join('adapters', 'electron.ts')])
  })

  it('never imports the adapters or the composition root from a service', () => {
    const offenders = files
      .filter(({ path }) => !ELECTRON_ALLOWED.has(path))
      .filter(({ source }) => valueImports(source).some((spec) => /adapters\/electron|\/index\.ts$|^\.\/index\.ts$/.test(spec)))
      .map(({ path }) => path)
    expect(offenders).toEqual([])
  })

  it('loads sharp and pdf-lib lazily only (P6)', () => {
    const offenders = files
      .filter(({ source }) => valueImports(source).some((spec) => spec === 'sharp' || spec === 'pdf-lib' || spec === 'electron-updater'))
      .map(({ path }) => path)
    expect(offenders).toEqual([])
  })

  it('loads every module outside index.ts in plain Node, without Electron', async () => {
    const modules = files.filter(({ path }) => !ELECTRON_ALLOWED.has(path))
    expect(modules.length).toBeGreaterThan(5)
    for (const { path } of modules) {
      await expect(import(join(mainDir, path))).resolves.toBeDefined()
    }
  })
})
