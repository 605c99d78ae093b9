/**
 * Quicker module loading for the server's process (`npm run server`), called before the rest of
 * the server is imported:
 *
 * - Node's on-disk compile cache (`os.tmpdir()/node-compile-cache`, or NODE_COMPILE_CACHE): the
 *   TypeScript of the server is stripped and compiled once, not at every start.
 * - drizzle-orm's own relative imports are resolved directly. Its package.json carries an exports
 *   map of ~180 KB, and Node's resolver parses it again for every file it resolves in the package
 *   (to learn the package type): ~0.6 s of CPU per start for its ~150 files. Inside drizzle-orm a
 *   relative `./x.js` from an ESM file names an ESM file of the same package ("type": "module"),
 *   so the answer is the joined URL, as Node's resolver gives (tests/server/moduleLoading.test.ts).
 *
 * Neither changes what is loaded; without `registerHooks` (Node < 22.15) the hook is skipped.
 */
import * as module from 'node:module'

const DRIZZLE = '/node_modules/drizzle-orm/'

/** The URL of a relative import between two ESM files of drizzle-orm, or null for any other import. */
export function drizzleRelativeUrl(specifier: string, parentURL: string | undefined): string | null {
  if (!parentURL?.startsWith('file:') || !parentURL.includes(DRIZZLE) || !parentURL.endsWith('.js')) return null
  if (!(specifier.startsWith('./') || specifier.startsWith('../')) || !specifier.endsWith('.js')) return null
  const url = new URL(specifier, parentURL).href
  return url.includes(DRIZZLE) ? url : null
}

export function speedUpModuleLoading(): void {
  module.enableCompileCache()
  if (typeof module.registerHooks !== 'function') return
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const url = drizzleRelativeUrl(specifier, context.parentURL)
      return url ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context)
    }
  })
}
