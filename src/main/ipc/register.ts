/**
 * The only place that calls `ipcMain.handle`: every invoke channel of the contract goes through
 * the validating dispatcher. A unit test fails when any other main-process file registers a
 * handler of its own.
 */
import { invokeChannels } from '../../shared/ipc.ts'
import type { IpcDispatcher } from './dispatch.ts'

/** The part of Electron's `IpcMainInvokeEvent` the sender check reads. */
export interface IpcInvokeEventLike {
  senderFrame?: { url: string } | null
  sender: { mainFrame: unknown }
}

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void
  removeHandler(channel: string): void
}

/** Registers one handler per invoke channel; returns a function removing them. */
export function registerIpcHandlers(ipcMain: IpcMainLike, dispatch: IpcDispatcher): () => void {
  const channels = Object.keys(invokeChannels)
  for (const channel of channels) {
    ipcMain.handle(channel, (event, ...args) => {
      const frame = event.senderFrame ?? null
      return dispatch({ url: frame?.url, isMainFrame: frame !== null && frame === event.sender.mainFrame }, channel, args)
    })
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel)
  }
}
