/**
 * At most one token refresh in flight: every request that meets an expired token waits for the
 * same refresh and is replayed with its result (or fails with it).
 */
export class RefreshQueue<T> {
  private inFlight: Promise<T> | null = null

  get busy(): boolean {
    return this.inFlight !== null
  }

  run(refresh: () => Promise<T>): Promise<T> {
    if (!this.inFlight) {
      this.inFlight = refresh().finally(() => {
        this.inFlight = null
      })
    }
    return this.inFlight
  }
}
