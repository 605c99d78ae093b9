/**
 * The drizzle-orm resolve hook of server/src/moduleLoading.ts gives, for every import it takes
 * over, exactly the URL and format Node's own resolver gives. Checked in a child process that
 * loads what the server loads of drizzle-orm with a hook comparing both answers.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPOSITORY_ROOT } from '../../server/src/config.ts'
import { drizzleRelativeUrl } from '../../server/src/moduleLoading.ts'

describe('drizzleRelativeUrl', () => {
  const parent = 'file:///app/node_modules/drizzle-orm/pg-core/table.js'

  it('takes only relative .js imports between ESM files of drizzle-orm', () => {
    expect(drizzleRelativeUrl('./columns/index.js', parent)).toBe('file:///app/node_modules/drizzle-orm/pg-core/columns/index.js')
    expect(drizzleRelativeUrl('../entity.js', parent)).toBe('file:///app/node_modules/drizzle-orm/entity.js')
    expect(drizzleRelativeUrl('../../pg/index.js', parent)).toBeNull()
    expect(drizzleRelativeUrl('@electric-sql/pglite', parent)).toBeNull()
    expect(drizzleRelativeUrl('./entity.cjs', 'file:///app/node_modules/drizzle-orm/index.cjs')).toBeNull()
    expect(drizzleRelativeUrl('./x.js', 'file:///app/server/src/app.ts')).toBeNull()
    expect(drizzleRelativeUrl('./x.js', undefined)).toBeNull()
  })

  it("agrees with Node's resolver on everything the server loads of drizzle-orm", () => {
    const script = `
      import { registerHooks } from 'node:module'
      import { drizzleRelativeUrl } from ${JSON.stringify(join(REPOSITORY_ROOT, 'server/src/moduleLoading.ts'))}
      let taken = 0
      const mismatches = []
      registerHooks({
        resolve(specifier, context, nextResolve) {
          const resolved = nextResolve(specifier, context)
          const url = drizzleRelativeUrl(specifier, context.parentURL)
          if (url) {
            taken += 1
            if (url !== resolved.url || resolved.format !== 'module') mismatches.push([specifier, context.parentURL, resolved.url, resolved.format])
          }
          return resolved
        }
      })
      for (const name of ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator']) await import(name)
      console.log(JSON.stringify({ taken, mismatches }))`
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPOSITORY_ROOT, encoding: 'utf8' })
    const { taken, mismatches } = JSON.parse(output.trim().split('\n').pop()!) as { taken: number; mismatches: unknown[] }
    expect(mismatches).toEqual([])
    expect(taken).toBeGreaterThan(100)
  })
})
