import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// index.ts loads Electron and cannot run here; its start-up order is checked from its source.
const source = readFileSync(join(import.meta.dirname, '../../../src/main/index.ts'), 'utf8')
const body = /async function initialize\(\): Promise<void> \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''

describe('initialize()', () => {
  it('runs the pre-ready steps in order, then the rest once ready', () => {
    const steps = [
      'acquireSingleInstanceLock()',
      // Every renderer sandboxed, whatever its window options say.
      'app.enableSandbox()',
      'registerAppScheme()',
      'registerDeepLinkScheme()',
      'listenForDeepLinks()',
      'installSecurityGuards()',
      'app.whenReady()',
      'startWhenReady('
    ]
    const positions = steps.map((step) => body.indexOf(step))
    expect(
      positions.every((position) => position >= 0),
      body
    ).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  })

  it('serves the renderer and registers IPC before the window loads the page', () => {
    const start = /function startWhenReady[\s\S]*?\n\}/.exec(source)?.[0] ?? ''
    const order = ['createServices(', 'serveRenderer(', 'registerIpc(', 'deliverEarlyLinks(', 'createMainWindow(']
    const positions = order.map((step) => start.indexOf(step))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  })

  it('registers the privileged app scheme as standard, secure and fetch-capable', () => {
    expect(source).toMatch(
      /registerSchemesAsPrivileged\(\[\s*\{ scheme: APP_SCHEME, privileges: \{ standard: true, secure: true, supportFetchAPI: true/
    )
  })

  it('uses the secure window options and never loads file:// pages', () => {
    expect(source).toContain('webPreferences: secureWebPreferences(preloadPath')
    expect(source).not.toMatch(/loadFile\(|file:\/\//)
  })

  it('has no other import-time statement than the initialize() call', () => {
    const topLevelCalls = source.split('\n').filter((line) => /^[a-zA-Z_$][\w$.]*\(/.test(line))
    expect(topLevelCalls).toEqual(['initialize().catch((error: unknown) => {'])
  })
})
