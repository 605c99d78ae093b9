import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/** V8's explicit compile hint (Chromium 136 and later): every function of the file is compiled eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/** The file with the hint on its first line, where V8 looks for it; a file that has it is left as it is. */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`
}

/**
 * Marks every JavaScript file of the renderer build for eager compilation. V8 otherwise compiles a
 * function on the main thread the first time it is called: about 200 functions, 50–70 ms at 4×
 * CPU throttle, on a pupil's first opening of the bell, and as much on a first visit of a screen
 * or a first submit. Eagerly, they are compiled while the file streams in, off the main thread
 * (the start-up chunk as the app opens, the others as they preload in idle time), and go into the
 * code cache with the rest (docs/decisions/0019-eager-compilation.md).
 *
 * Applied to the files as written, after Vite's own last changes to the chunks (its preload
 * helper is put in front of the entry's code), since the hint must open the file.
 */
export function eagerCompile(): Plugin {
  return {
    name: 'darsi:eager-compile',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      if (!options.dir) return
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue
        const path = resolve(options.dir, file.fileName)
        writeFileSync(path, withCompileHint(readFileSync(path, 'utf8')))
      }
    }
  }
}
