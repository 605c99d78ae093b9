/**
 * The renderer sends requests only through the HTTP layer's `call` with an entry of the shared
 * endpoint tables: no module writes a method, a path or a schema of its own
 * (tests/unit/renderer/api/contract.test.ts checks what each call sends).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The renderer's sources, but for the HTTP layer itself. */
function rendererSources(dir: string): string[] {
  const found: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) found.push(...rendererSources(path))
    else if (/\.tsx?$/.test(name)) found.push(path)
  }
  return found
}

describe('no call outside the tables', () => {
  const root = join(import.meta.dirname, '..', '..', '..')
  const sources = rendererSources(join(root, 'src', 'renderer', 'src')).filter((path) => !path.endsWith(join('api', 'http.ts')))

  it('no renderer module sends a request of its own (method, path and schema written by hand)', () => {
    const offenders = sources.filter((path) => {
      const text = readFileSync(path, 'utf8')
      return (
        /\.request\(\s*\{/.test(text) ||
        /\bmethod:\s*'(GET|POST|PUT|DELETE|PATCH)'/.test(text) ||
        /\baxios\b/.test(text) ||
        /\$\{[\w.]*baseUrls(?:\.\w+|\[[^\]]+\])\}\//.test(text)
      )
    })
    expect(offenders.map((path) => relative(root, path))).toEqual([])
  })

  it('every call names an entry of a shared endpoint table', () => {
    const calls = sources.flatMap((path) => {
      const text = readFileSync(path, 'utf8')
      return [...text.matchAll(/\bhttp\.call\(\s*([^,)]+)/g)].map((match) => ({
        path: relative(root, path),
        entry: (match[1] ?? '').trim()
      }))
    })
    expect(calls.length).toBeGreaterThan(50)
    const named =
      /^(?:\w+Endpoints|accounts|pickers|profile|home|notify)\.\w+$|^outcome === 'success' \? walletEndpoints\.paymentSuccess : walletEndpoints\.paymentEchec$/
    expect(calls.filter((call) => !named.test(call.entry))).toEqual([])
  })
})
