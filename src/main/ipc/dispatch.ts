/**
 * The one validating path every renderer → main call takes: known channel, trusted sender,
 * arguments parsed with the contract's schema, result checked against the contract, failures
 * mapped to `{ ok: false, code }`. It never throws and never returns a stack.
 */
import { invokeChannels, type InvokeArgs, type InvokeChannel, type InvokeData, type IpcResult } from '../../shared/ipc.ts'
import { isIpcFailure } from './errors.ts'
import { originOf } from '../../shared/origin.ts'

/** Who sent a call: the URL of the sending frame and whether it is the window's main frame. */
export interface SenderInfo {
  url: string | undefined
  isMainFrame: boolean
}

/** One async function per invoke channel, taking the parsed arguments of the contract. */
export type IpcHandlers = {
  [C in InvokeChannel]: (...args: InvokeArgs<C>) => Promise<InvokeData<C>>
}

export type IpcDispatcher = (sender: SenderInfo, channel: string, args: unknown[]) => Promise<IpcResult<unknown>>

export interface IpcDispatchLogEntry {
  channel: string
  code: string
  detail?: unknown
}

export interface IpcDispatcherOptions {
  handlers: IpcHandlers
  isTrustedSender: (sender: SenderInfo) => boolean
  log?: (entry: IpcDispatchLogEntry) => void
}

/** A sender check accepting main frames whose page is on one of `origins`. */
export function allowOrigins(origins: readonly string[]): (sender: SenderInfo) => boolean {
  const allowed = new Set(origins.map((origin) => originOf(origin)).filter((origin) => origin !== null))
  return (sender) => {
    if (typeof sender !== 'object' || sender === null || sender.isMainFrame !== true) return false
    const origin = originOf(sender.url)
    return origin !== null && allowed.has(origin)
  }
}

function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return typeof channel === 'string' && Object.hasOwn(invokeChannels, channel)
}

type AnyHandler = (...args: unknown[]) => Promise<unknown>

export function createIpcDispatcher(options: IpcDispatcherOptions): IpcDispatcher {
  const { handlers, isTrustedSender } = options
  const log = (entry: IpcDispatchLogEntry): void => {
    try {
      options.log?.(entry)
    } catch {
      // A broken logger must not turn a typed answer into a crash.
    }
  }

  const senderIsTrusted = (sender: SenderInfo): boolean => {
    try {
      return typeof sender === 'object' && sender !== null && sender.isMainFrame === true && isTrustedSender(sender) === true
    } catch {
      return false
    }
  }

  return async (sender, channel, args) => {
    const name = typeof channel === 'string' ? channel.slice(0, 128) : typeof channel
    try {
      if (!isInvokeChannel(channel)) {
        log({ channel: name, code: 'unknown-channel' })
        return { ok: false, code: 'unknown-channel' }
      }
      if (!senderIsTrusted(sender)) {
        log({ channel, code: 'forbidden-sender', detail: typeof sender?.url === 'string' ? sender.url.slice(0, 256) : undefined })
        return { ok: false, code: 'forbidden-sender' }
      }
      const contract = invokeChannels[channel]
      const parsedArgs = contract.args.safeParse(Array.isArray(args) ? args : undefined)
      if (!parsedArgs.success) {
        log({ channel, code: 'invalid-arguments' })
        return { ok: false, code: 'invalid-arguments' }
      }
      const handler = handlers[channel] as AnyHandler
      const data = await handler(...(parsedArgs.data as unknown[]))
      const parsedResult = contract.result.safeParse(data)
      if (!parsedResult.success) {
        log({ channel, code: 'failed', detail: 'result does not match the contract' })
        return { ok: false, code: 'failed' }
      }
      return { ok: true, data: parsedResult.data }
    } catch (error) {
      if (isIpcFailure(error)) {
        return error.publicMessage === undefined
          ? { ok: false, code: error.code }
          : { ok: false, code: error.code, message: error.publicMessage }
      }
      log({ channel: name, code: 'failed', detail: error instanceof Error ? error.message : 'non-error thrown' })
      return { ok: false, code: 'failed' }
    }
  }
}
