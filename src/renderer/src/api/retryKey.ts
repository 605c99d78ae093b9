import { isApiError } from './errors.ts'

/**
 * The `Idempotency-Key` of one money-moving submit (a top-up, a transfer, a purchase). A fresh key
 * per attempt, except that retrying the very same request after a network failure (its answer may
 * be lost, its effect not) reuses it, so the server applies it once.
 */
export class RetryKey {
  private pending: { key: string; request: string } | null = null
  private readonly newKey: () => string

  constructor(newKey: () => string) {
    this.newKey = newKey
  }

  /** The key for sending `request` now. */
  take(request: unknown): string {
    const signature = JSON.stringify(request)
    if (this.pending?.request === signature) return this.pending.key
    this.pending = { key: this.newKey(), request: signature }
    return this.pending.key
  }

  /** After an answer: a network failure keeps the key for the retry, anything else ends it. */
  settle(error: unknown): void {
    if (!(isApiError(error) && error.isNetwork)) this.pending = null
  }
}
