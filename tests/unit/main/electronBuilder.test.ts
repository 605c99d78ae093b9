import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = join(import.meta.dirname, '../../..')
const text = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
const config = parse(text) as Record<string, unknown> & {
  protocols: Array<{ name: string; schemes: string[] }>
  asarUnpack: string[]
  files: string[]
  win: { target: Array<{ target: string }>; verifyUpdateCodeSignature?: boolean }
  nsis: { oneClick: boolean; perMachine: boolean; allowElevation: boolean }
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string }
  linux: { target: string[]; mimeTypes: string[] }
  publish: { provider: string; url: string }
  electronFuses: Record<string, boolean>
  directories: { output: string }
}

describe('electron-builder.yml', () => {
  it('identifies the app', () => {
    expect(config.appId).toBe('tn.darsi.desktop')
    expect(config.productName).toBe('Darsi')
    expect(config.directories.output).toBe('release')
  })

  it('packages the build output and the manifest', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json']))
  })

  it('registers the darsi:// scheme on every platform', () => {
    expect(config.protocols).toEqual([{ name: 'Darsi', schemes: ['darsi'] }])
    expect(config.linux.mimeTypes).toContain('x-scheme-handler/darsi')
  })

  it("unpacks sharp's native files from the archive", () => {
    expect(config.asar).not.toBe(false)
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/sharp/**', 'node_modules/@img/**']))
  })

  it('builds the installers of each platform', () => {
    expect(config.win.target.map((target) => target.target)).toContain('nsis')
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true })
    expect(config.mac.target).toEqual(expect.arrayContaining(['dmg', 'zip']))
    expect(config.mac.hardenedRuntime).toBe(true)
    expect(readFileSync(join(root, config.mac.entitlements), 'utf8')).toContain('com.apple.security.cs.allow-jit')
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']))
  })

  it('never disables signature checks (E8)', () => {
    expect(config.win.verifyUpdateCodeSignature).not.toBe(false)
    expect(text).not.toMatch(/verifyUpdateCodeSignature:\s*false/)
    expect(text).not.toMatch(/disableSanityCheckAsar|disableIntegrity:\s*true/)
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true
    })
  })

  it('publishes to a generic feed configured from the environment', () => {
    expect(config.publish.provider).toBe('generic')
    expect(config.publish.url).toMatch(/^\$\{env\.[A-Z_]+\}$/)
  })
})
