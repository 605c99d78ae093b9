/** Opens the links the page asks for in the system browser, once the shared allowlist accepts them. */
import { checkExternalUrl, isAllowedExternalUrl, type ExternalAllowlist } from '../../shared/externalLinks.ts'
import { IpcFailure } from '../ipc/errors.ts'

export interface ExternalLinks {
  isAllowed(raw: unknown): boolean
  /** Opens an allowed link in the system browser; throws `not-allowed` otherwise. */
  open(raw: unknown): Promise<void>
}

export function createExternalLinks(allowlist: ExternalAllowlist, openExternal: (url: string) => Promise<void>): ExternalLinks {
  return {
    isAllowed: (raw) => isAllowedExternalUrl(raw, allowlist),
    async open(raw) {
      const url = checkExternalUrl(raw, allowlist)
      if (url === null) throw new IpcFailure('not-allowed')
      try {
        await openExternal(url)
      } catch {
        throw new IpcFailure('failed')
      }
    }
  }
}
