import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPOSITORY_ROOT } from '../../server/src/config.ts'
import { DEMO_PASSWORD, demoUsers } from '../../server/src/seed/demo.ts'

describe('docs/demo-accounts.md', () => {
  const doc = readFileSync(join(REPOSITORY_ROOT, 'docs', 'demo-accounts.md'), 'utf8')

  it('lists every seeded account with its credential, role and the shared password', () => {
    expect(doc).toContain(`**\`${DEMO_PASSWORD}\`**`)
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'))
    expect(rows).toHaveLength(demoUsers().length)
    for (const user of demoUsers()) {
      const credentials = [user.phone, user.email].filter((value): value is string => Boolean(value))
      const credential = credentials.join(' / ')
      const row = rows.find((line) => credentials.some((value) => line.startsWith(`| \`${value}\``)))
      expect(row, credential).toBeDefined()
      expect(row, credential).toContain(`${user.name} ${user.lastName}`)
      expect(row!.toLowerCase(), credential).toContain(user.role === 'admin' ? 'administrator' : user.role!)
    }
  })
})
