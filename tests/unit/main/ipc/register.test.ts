import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { registerIpcHandlers, type IpcInvokeEventLike, type IpcMainLike } from '../../../../src/main/ipc/register.ts'
import type { SenderInfo } from '../../../../src/main/ipc/dispatch.ts'
import { invokeChannels } from '../../../../src/shared/ipc.ts'

const mainDir = join(import.meta.dirname, '../../../../src/main')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [path] : []
  })
}

function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>>()
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      handlers.set(channel, listener)
    },
    removeHandler: (channel) => {
      handlers.delete(channel)
    }
  }
  return { ipcMain, handlers }
}

describe('registerIpcHandlers', () => {
  it('registers exactly the invoke channels of the contract and removes them again', () => {
    const { ipcMain, handlers } = fakeIpcMain()
    const unregister = registerIpcHandlers(ipcMain, async () => ({ ok: true, data: null }))
    expect([...handlers.keys()].sort()).toEqual(Object.keys(invokeChannels).sort())
    unregister()
    expect(handlers.size).toBe(0)
  })

  it('passes the sending frame URL and whether it is the main frame', async () => {
    const { ipcMain, handlers } = fakeIpcMain()
    const calls: Array<{ sender: SenderInfo; channel: string; args: unknown[] }> = []
    registerIpcHandlers(ipcMain, async (sender, channel, args) => {
      calls.push({ sender, channel, args })
      return { ok: true, data: null }
    })
    const mainFrame = { url: 'app://darsi/' }
    const subFrame = { url: 'app://darsi/frame' }
    const listener = handlers.get('settings:set')
    await listener?.({ senderFrame: mainFrame, sender: { mainFrame } }, { theme: 'dark' })
    await listener?.({ senderFrame: subFrame, sender: { mainFrame } })
    await listener?.({ senderFrame: null, sender: { mainFrame } })
    expect(calls).toEqual([
      { sender: { url: 'app://darsi/', isMainFrame: true }, channel: 'settings:set', args: [{ theme: 'dark' }] },
      { sender: { url: 'app://darsi/frame', isMainFrame: false }, channel: 'settings:set', args: [] },
      { sender: { url: undefined, isMainFrame: false }, channel: 'settings:set', args: [] }
    ])
  })

  it('is the only main-process file that registers IPC listeners (E4)', () => {
    const offenders = sourceFiles(mainDir)
      .filter((path) => relative(mainDir, path) !== join('ipc', 'register.ts'))
      .filter((path) =>
        /ipcMain\s*\.\s*(handle|handleOnce|on|once|addListener|prependListener)\b|ipcMain\s*\[/.test(readFileSync(path, 'utf8'))
      )
      .map((path) => relative(mainDir, path))
    expect(offenders).toEqual([])
  })

  it('finds the register file itself (the scan is not vacuous)', () => {
    const register = readFileSync(join(mainDir, 'ipc', 'register.ts'), 'utf8')
    expect(register).toMatch(/ipcMain\.handle\(/)
    expect(sourceFiles(mainDir).length).toBeGreaterThan(5)
  })
})
