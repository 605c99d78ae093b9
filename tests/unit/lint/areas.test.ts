/**
 * One folder per area (docs/decisions/0028-areas.md): outside an area, its files are reached only
 * through its index.ts. A deliberate violation must fail lint, and the allowed imports must pass.
 */
import { describe, expect, it } from 'vitest'
import { ruleMessages } from './lintText.ts'

const areaImports = (filePath: string, code: string) => ruleMessages('darsi/area-imports', filePath, code)

describe('area rule', () => {
  const cases: [string, string, string][] = [
    [
      'an area importing a store of another',
      'src/renderer/src/features/home/x.ts',
      "import { WalletStore } from '../wallet/stores/WalletStore.ts'\nexport const a = WalletStore\n"
    ],
    [
      'an area importing a type of another',
      'src/renderer/src/features/profile/stores/x.ts',
      "import type { HomeStore } from '../../home/stores/HomeStore.ts'\nexport type A = HomeStore\n"
    ],
    [
      'an area re-exporting a file of another',
      'src/renderer/src/features/home/x.ts',
      "export { Component } from '../wallet/WalletPage.tsx'\n"
    ],
    [
      'an area loading a screen of another',
      'src/renderer/src/features/inbox/x.ts',
      "export const load = () => import('../profile/ProfilePage.tsx')\n"
    ],
    [
      'the router loading a screen directly',
      'src/renderer/src/app/x.ts',
      "export const load = () => import('../features/wallet/WalletPage.tsx')\n"
    ],
    [
      "a shared store importing an area's store",
      'src/renderer/src/stores/x.ts',
      "import { InboxStores } from '../features/inbox/stores/InboxStores.ts'\nexport const a = InboxStores\n"
    ],
    [
      "the shell importing an area's component",
      'src/renderer/src/components/shell/x.tsx',
      "import { PopupDialog } from '../../features/inbox/PopupDialog.tsx'\nexport const a = PopupDialog\n"
    ]
  ]
  it.each(cases)('fails on %s', async (_name, file, code) => {
    expect(await areaImports(file, code)).not.toEqual([])
  })

  const allowed: [string, string, string][] = [
    [
      'an area importing another through its index',
      'src/renderer/src/features/inbox/x.ts',
      "import { loadNotificationSettings } from '../profile/index.ts'\nexport const a = loadNotificationSettings\n"
    ],
    [
      'an area importing its own files',
      'src/renderer/src/features/wallet/components/x.tsx',
      "import { WalletStore } from '../stores/WalletStore.ts'\nimport { loadHistoryPage } from '../index.ts'\nexport const a = [WalletStore, loadHistoryPage]\n"
    ],
    [
      'the router importing an index',
      'src/renderer/src/app/x.ts',
      "import { loadWalletPage } from '../features/wallet/index.ts'\nexport const a = loadWalletPage\n"
    ],
    [
      'an area importing the shared folders',
      'src/renderer/src/features/home/x.ts',
      "import { FormField } from '../../forms/FormField.tsx'\nimport { useStores } from '../../stores/StoreContext.tsx'\nexport const a = [FormField, useStores]\n"
    ]
  ]
  it.each(allowed)('allows %s', async (_name, file, code) => {
    expect(await areaImports(file, code)).toEqual([])
  })
})
