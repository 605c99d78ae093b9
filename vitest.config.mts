import { defineConfig } from 'vitest/config'

const serverProject = (name: string) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/server/globalSetup.ts']
  }
})

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Property tests run a thousand cases; on a 2-core machine busy with the other projects
          // the 5 s default is too close.
          testTimeout: 15_000
        }
      },
      serverProject('server'),
      // The same server suite on a private PostgreSQL cluster: DARSI_TEST_PG=1 npx vitest run --project server-pg
      ...(process.env.DARSI_TEST_PG === '1' ? [serverProject('server-pg')] : [])
    ]
  }
})
