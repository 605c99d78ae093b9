import { reaction } from 'mobx'
import type { i18n as I18n } from 'i18next'
import { MOBILE_BREAKPOINT } from '../../../shared/constants.ts'
import type { RootStore } from '../stores/RootStore.ts'

/**
 * Keeps the stores and the document in step with the outside: the OS colour scheme, the window
 * width, and the `lang`/`dir` of the page for the chosen language. Returns the cleanup.
 */
export function syncEnvironment(store: RootStore, i18n: I18n): () => void {
  const cleanups: (() => void)[] = []

  const dark = window.matchMedia('(prefers-color-scheme: dark)')
  store.settings.setSystemPrefersDark(dark.matches)
  const onDark = (event: MediaQueryListEvent) => store.settings.setSystemPrefersDark(event.matches)
  dark.addEventListener('change', onDark)
  cleanups.push(() => dark.removeEventListener('change', onDark))

  const mobile = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT}px)`)
  store.ui.setMobile(mobile.matches)
  const onMobile = (event: MediaQueryListEvent) => store.ui.setMobile(event.matches)
  mobile.addEventListener('change', onMobile)
  cleanups.push(() => mobile.removeEventListener('change', onMobile))

  cleanups.push(
    reaction(
      () => [store.settings.language, store.settings.direction] as const,
      ([language, direction]) => {
        document.documentElement.lang = language
        document.documentElement.dir = direction
        if (i18n.language !== language) void i18n.changeLanguage(language)
      },
      { fireImmediately: true }
    )
  )

  cleanups.push(
    reaction(
      () => store.settings.resolvedTheme,
      (theme) => {
        document.documentElement.style.colorScheme = theme
      },
      { fireImmediately: true }
    )
  )

  return () => {
    for (const cleanup of cleanups) cleanup()
  }
}
