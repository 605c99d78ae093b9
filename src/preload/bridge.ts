/**
 * Builds `window.darsi`: exactly one function per invoke channel of the contract and one
 * subscription per event channel, each returning its unsubscribe function. Nothing of Electron
 * reaches the page: event objects are stripped before listeners run.
 */
import { bridgeName, eventBridgeName, eventChannels, invokeChannels, type DarsiBridge, type IpcResult } from '../shared/ipc.ts'

/** The part of `ipcRenderer` the bridge needs (so tests can pass a plain object). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

export function createBridge(ipc: IpcRendererLike): DarsiBridge {
  const bridge: Record<string, unknown> = {}
  for (const channel of Object.keys(invokeChannels)) {
    bridge[bridgeName(channel)] = (...args: unknown[]) => ipc.invoke(channel, ...args) as Promise<IpcResult<unknown>>
  }
  for (const channel of Object.keys(eventChannels)) {
    bridge[eventBridgeName(channel)] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError('listener must be a function')
      const wrapped = (_event: unknown, payload: unknown) => listener(payload)
      ipc.on(channel, wrapped)
      return () => {
        ipc.removeListener(channel, wrapped)
      }
    }
  }
  return Object.freeze(bridge) as DarsiBridge
}
