import { FluentProvider } from '@fluentui/react-components'
import type { i18n as I18n } from 'i18next'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import type { RootStore } from '../stores/RootStore.ts'
import { StoreProvider } from '../stores/StoreContext.tsx'
import { fluentTheme } from './theme.ts'

/** Stores, translations and the Fluent theme; `dir` follows the language (rtl for Arabic). */
export const AppProviders = observer(function AppProviders(props: { store: RootStore; i18n: I18n; children: ReactNode }) {
  const { settings } = props.store
  return (
    <StoreProvider store={props.store}>
      <I18nextProvider i18n={props.i18n}>
        <FluentProvider theme={fluentTheme(settings.resolvedTheme)} dir={settings.direction} applyStylesToPortals>
          {props.children}
        </FluentProvider>
      </I18nextProvider>
    </StoreProvider>
  )
})
