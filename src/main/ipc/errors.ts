import type { IpcErrorCode } from '../../shared/ipc.ts'

/**
 * A failure a handler reports on purpose. Its code crosses the bridge; its message does too,
 * so it must be safe to show (never a path outside what the user chose, never a stack).
 */
export class IpcFailure extends Error {
  readonly code: IpcErrorCode
  readonly publicMessage: string | undefined

  constructor(code: IpcErrorCode, publicMessage?: string) {
    super(publicMessage ?? code)
    this.name = 'IpcFailure'
    this.code = code
    this.publicMessage = publicMessage
  }
}

export function isIpcFailure(error: unknown): error is IpcFailure {
  return error instanceof IpcFailure
}
