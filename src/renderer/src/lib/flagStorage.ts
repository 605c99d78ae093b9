/**
 * Small marks the app keeps on this machine ("welcome shown", "code resent"): not secrets, so the
 * page's own storage; null where that storage is not there (tests, a locked-down profile).
 */
export interface FlagStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export function browserFlagStorage(): FlagStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}
