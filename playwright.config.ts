import { defineConfig } from '@playwright/test'

/**
 * End-to-end journeys. Each test launches its own app through tests/e2e/harness.ts (a fresh API
 * data directory, the built renderer, the real main-process handlers); there is no shared page.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/globalSetup.ts',
  outputDir: 'tests/.artifacts/e2e-output',
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: process.env.DARSI_E2E_WORKERS ? Number(process.env.DARSI_E2E_WORKERS) : 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list'
})
