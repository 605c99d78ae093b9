import type { Theme } from '../../../shared/ipc.ts'

export type ResolvedTheme = 'light' | 'dark'

/** Stored value, else the OS preference (when known), else light — as the specification says. */
export function resolveTheme(stored: Theme | null | undefined, systemPrefersDark: boolean | null): ResolvedTheme {
  if (stored === 'light' || stored === 'dark') return stored
  return systemPrefersDark === true ? 'dark' : 'light'
}
