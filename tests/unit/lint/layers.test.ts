/**
 * The layer rule of ARCHITECTURE.md is enforced by ESLint: a deliberate violation in each layer
 * must fail lint, and the allowed direction must pass.
 */
import { describe, expect, it } from 'vitest'
import { ruleMessages } from './lintText.ts'

const restrictedImports = (filePath: string, code: string) => ruleMessages('no-restricted-imports', filePath, code)

describe('layer rule', () => {
  const cases: [string, string, string][] = [
    ['shared importing electron', 'src/shared/x.ts', "import { app } from 'electron'\nexport const a = app\n"],
    ['shared importing node:fs', 'src/shared/x.ts', "import { readFileSync } from 'node:fs'\nexport const a = readFileSync\n"],
    ['shared importing main', 'src/shared/x.ts', "import { a } from '../main/composition.ts'\nexport const b = a\n"],
    ['shared importing the server', 'src/shared/x.ts', "import { a } from '../../server/src/app.ts'\nexport const b = a\n"],
    ['renderer importing electron', 'src/renderer/src/x.ts', "import { ipcRenderer } from 'electron'\nexport const a = ipcRenderer\n"],
    ['renderer importing main', 'src/renderer/src/x.ts', "import { a } from '../../main/composition.ts'\nexport const b = a\n"],
    ['renderer importing the server', 'src/renderer/src/x.ts', "import { a } from '../../../server/src/app.ts'\nexport const b = a\n"],
    ['server importing main', 'server/src/x.ts', "import { a } from '../../src/main/composition.ts'\nexport const b = a\n"],
    ['server importing electron', 'server/src/x.ts', "import { app } from 'electron'\nexport const a = app\n"],
    ['server importing the renderer', 'server/src/x.ts', "import { a } from '../../src/renderer/src/main.tsx'\nexport const b = a\n"],
    ['preload importing main', 'src/preload/x.ts', "import { a } from '../main/composition.ts'\nexport const b = a\n"],
    ['preload importing node:fs', 'src/preload/x.ts', "import { readFileSync } from 'node:fs'\nexport const a = readFileSync\n"],
    ['main importing the server', 'src/main/x.ts', "import { a } from '../../server/src/app.ts'\nexport const b = a\n"]
  ]
  it.each(cases)('fails on %s', async (_name, file, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([])
  })

  const allowed: [string, string, string][] = [
    [
      'renderer importing shared',
      'src/renderer/src/x.ts',
      "import { bridgeName } from '../../shared/ipc.ts'\nexport const a = bridgeName\n"
    ],
    [
      'server importing shared',
      'server/src/x.ts',
      "import { parseDeepLink } from '../../src/shared/deepLink.ts'\nexport const a = parseDeepLink\n"
    ],
    [
      'preload importing electron and shared',
      'src/preload/x.ts',
      "import { ipcRenderer } from 'electron'\nimport { bridgeName } from '../shared/ipc.ts'\nexport const a = [ipcRenderer, bridgeName]\n"
    ],
    [
      'main importing electron and shared',
      'src/main/x.ts',
      "import { app } from 'electron'\nimport { parseDeepLink } from '../shared/deepLink.ts'\nexport const a = [app, parseDeepLink]\n"
    ]
  ]
  it.each(allowed)('allows %s', async (_name, file, code) => {
    expect(await restrictedImports(file, code)).toEqual([])
  })
})

describe('route → service → presenter', () => {
  // The route files whose queries live in services (layeredRoutes in eslint.config.js).
  const routes = [
    'assistance',
    'attachments',
    'home',
    'learning',
    'notifications',
    'offers',
    'profile',
    'reactions',
    'videoReports',
    'wallet'
  ].map((name) => `server/src/routes/${name}.ts`)
  const route = 'server/src/routes/notifications.ts'
  const imports: [string, string][] = [
    ['the schema', "import { notifications } from '../db/schema.ts'\nexport const a = notifications\n"],
    ['drizzle-orm', "import { eq } from 'drizzle-orm'\nexport const a = eq\n"],
    ['a drizzle-orm dialect', "import { alias } from 'drizzle-orm/pg-core'\nexport const a = alias\n"],
    ['the prepared statements', "import { preparedFor } from '../db/prepared.ts'\nexport const a = preparedFor\n"],
    ['a repository', "import { findById } from '../repositories/users.ts'\nexport const a = findById\n"],
    ['main (the layer rule still holds)', "import { a } from '../../../src/main/composition.ts'\nexport const b = a\n"]
  ]
  const refused = routes.flatMap((file) => imports.map(([name, code]): [string, string, string] => [file, name, code]))
  it.each(refused)('fails on %s importing %s', async (file, _name, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([])
  })

  // Every route file, the accounts' and operator's as well as a new area's not written yet.
  const everyRoute = [
    'auth',
    'avatar',
    'content',
    'operator',
    'paymentSandbox',
    'pickers',
    'progress',
    'sandbox',
    'search',
    'user',
    'aNewArea'
  ]
  it.each(everyRoute.map((name) => `server/src/routes/${name}.ts`))('fails on %s importing the schema', async (file) => {
    expect(await restrictedImports(file, imports[0]![1])).not.toEqual([])
  })

  it('allows a layered route its services, presenters and the shared contract', async () => {
    const code =
      "import { notificationPage } from '../services/notifications.ts'\n" +
      "import { presentNotificationPage } from '../presenters/notifications.ts'\n" +
      "import { notificationEndpoints } from '../../../src/shared/api/notifications.ts'\n" +
      'export const a = [notificationPage, presentNotificationPage, notificationEndpoints]\n'
    expect(await restrictedImports(route, code)).toEqual([])
  })

  it('leaves services their queries', async () => {
    const code = "import { eq } from 'drizzle-orm'\nimport { notifications } from '../db/schema.ts'\nexport const a = [eq, notifications]\n"
    expect(await restrictedImports('server/src/services/notifications.ts', code)).toEqual([])
  })
})
