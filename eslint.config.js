// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import darsi from './scripts/eslint/areaImports.js'

/**
 * The layer rule of ARCHITECTURE.md: shared imports nothing of the others; the renderer never
 * imports electron, main or server; the server never imports main, preload or renderer; the
 * preload imports only shared and electron.
 * @param {string[]} groups
 * @param {string} message
 */
const forbid = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }]
})

const layer = {
  main: ['**/main/**', '**/main'],
  preload: ['**/preload/**', '**/preload'],
  renderer: ['**/renderer/**', '**/renderer'],
  server: ['**/server/**', '**/server', '**/server/src/**']
}

const serverLayer = {
  group: ['electron', ...layer.main, ...layer.preload, ...layer.renderer],
  message: 'The server never imports electron, main, preload or renderer.'
}

/**
 * Route → service → presenter (docs/architecture.md): every route file, a new area's too,
 * validates, authorizes and calls a service; queries and transactions live in
 * server/src/services, the shaping of rows in server/src/presenters.
 */
const layeredRoutes = ['server/src/routes/**/*.ts']

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'out-*/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'tests/.artifacts/**',
      'server/drizzle/**',
      'docs/**',
      '.data/**'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off'
    }
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: forbid(
      [
        'electron',
        'node:*',
        'fs',
        'path',
        'os',
        'crypto',
        'child_process',
        'react',
        'react-dom',
        ...layer.main,
        ...layer.preload,
        ...layer.renderer,
        ...layer.server
      ],
      'src/shared is pure: no electron, no node:*, no DOM libraries, no other layer.'
    )
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(
        ['electron', 'electron/*', 'node:*', ...layer.main, ...layer.preload, ...layer.server],
        'The renderer talks to main only through window.darsi and never imports server code.'
      )
    }
  },
  // One folder per area: another area's files only through its index.ts (docs/decisions/0028-areas.md).
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { darsi },
    rules: { 'darsi/area-imports': 'error' }
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: forbid([...layer.main, ...layer.renderer, ...layer.server, 'node:*'], 'The preload imports only src/shared and electron.')
  },
  {
    files: ['src/main/**/*.ts'],
    rules: forbid([...layer.renderer, ...layer.server, ...layer.preload], 'Main never imports renderer, preload or server.')
  },
  {
    files: ['server/**/*.ts'],
    rules: forbid(serverLayer.group, serverLayer.message)
  },
  {
    files: layeredRoutes,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverLayer,
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/repositories/*'],
              message:
                'A route validates, authorizes and calls a service: queries belong in server/src/services, shaping rows in server/src/presenters.'
            }
          ]
        }
      ]
    }
  },
  // One logger per process: Fastify's pino on the server, src/main/logger.ts in main. The command
  // lines print through server/src/print.ts.
  {
    files: ['src/main/**/*.ts', 'server/src/**/*.ts'],
    rules: { 'no-console': 'error' }
  }
)
