import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import griffelPlugin from '@griffel/vite-plugin'
import type { Plugin } from 'vite'
import { eagerCompile } from './scripts/vite/eagerCompile.ts'
import { griffelStylesheets } from './scripts/vite/griffelStylesheets.ts'

const root = import.meta.dirname
/** Where the build goes: `out`, or `DARSI_OUT_DIR` for a second build beside it (the e2e harness reads `DARSI_E2E_OUT`). */
const out = process.env.DARSI_OUT_DIR ?? 'out'

/**
 * electron-vite forces `base: './'` in production. With history routing, index.html is also
 * served for nested paths (`/parrain/product/5`), where `./assets/…` would resolve under that
 * path; the entry tags must point at `/assets/…` (chunks and CSS load relative to themselves).
 */
function absoluteEntryUrls(): Plugin {
  return {
    name: 'darsi:absolute-entry-urls',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/(src|href)="\.\/assets\//g, '$1="/assets/')
    }
  }
}

/**
 * The app's `makeStyles` calls are resolved to class names and CSS rules at build time (Fluent's
 * own components ship that way already), so the renderer neither computes nor hashes CSS while
 * the first screen starts; stylis and the style resolver leave the bundle. Build only: the dev
 * server keeps the runtime path, which gives the same classes.
 */
function griffelAheadOfTime(): Plugin {
  // The package's types describe a CommonJS module; the ES module loaded here exports the factory as its default.
  const griffel = griffelPlugin as unknown as typeof griffelPlugin.default
  return {
    ...griffel({ include: [/src\/renderer\/src\/.*\.tsx?$/], babelOptions: { presets: ['@babel/preset-typescript'] } }),
    apply: 'build'
  }
}

export default defineConfig({
  main: {
    build: {
      outDir: `${out}/main`,
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          // Marksheet merges run in a worker thread loaded from out/main/marksheetWorker.js.
          marksheetWorker: resolve(root, 'src/main/workers/marksheetWorker.ts')
        }
      }
    }
  },
  preload: {
    build: {
      outDir: `${out}/preload`,
      // A sandboxed preload cannot be an ES module: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true }
      }
    }
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react(), griffelAheadOfTime(), griffelStylesheets(), absoluteEntryUrls(), eagerCompile()],
    build: {
      outDir: resolve(root, out, 'renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified by default; the bundle budget assumes minified code.
      minify: true,
      assetsInlineLimit: 0,
      rollupOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
        // Few, larger files: the start-up code in one chunk (not forty), and the libraries that
        // several screens share in one more; each screen's own code stays in its chunk.
        output: {
          codeSplitting: {
            groups: [
              { name: 'initial', tags: ['$initial'], priority: 2 },
              { name: 'lazy-vendor', test: /node_modules/, minShareCount: 2, priority: 1 }
            ]
          }
        }
      }
    }
  }
})
