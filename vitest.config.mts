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
          environment: 'node'
        }
      },
      serverProject('server'),
      // The same server suite on a private PostgreSQL cluster: DARSI_TEST_PG=1 npx vitest run --project server-pg
      ...(process.env.DARSI_TEST_PG === '1' ? [serverProject('server-pg')] : [])
    ]
  }
})
