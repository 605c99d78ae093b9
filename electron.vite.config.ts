import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

const root = import.meta.dirname

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(root, 'src/main/index.ts') } }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
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
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      assetsInlineLimit: 0,
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } }
    }
  }
})
