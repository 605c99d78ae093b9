import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, tokens } from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useStores } from '../../stores/StoreContext.tsx'
import type { Snackbar } from '../../stores/UiStore.ts'
import { ALL_NAMESPACES } from '../../i18n/resources.ts'

const useStyles = makeStyles({
  region: {
    position: 'fixed',
    insetInline: 0,
    bottom: tokens.spacingVerticalXL,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    pointerEvents: 'none',
    zIndex: 1000000
  },
  bar: {
    pointerEvents: 'auto',
    width: 'min(560px, 100%)',
    boxShadow: tokens.shadow16
  }
})

/** Bottom-centre snackbars (3 s, at most 12); text follows the current language. */
export const Snackbars = observer(function Snackbars() {
  const styles = useStyles()
  const { ui } = useStores()
  const { t } = useTranslation(ALL_NAMESPACES)

  const textOf = (snackbar: Snackbar) => ('key' in snackbar ? t(snackbar.key, snackbar.values ?? {}) : snackbar.text)

  return (
    <div className={styles.region} role="region" aria-label={t('shell:snackbar.region')} data-testid="snackbars">
      {ui.snackbars.map((snackbar) => (
        <MessageBar
          key={snackbar.id}
          intent={snackbar.intent}
          className={styles.bar}
          politeness={snackbar.intent === 'error' ? 'assertive' : 'polite'}
          data-testid="snackbar"
          data-intent={snackbar.intent}
        >
          <MessageBarBody>{textOf(snackbar)}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={t('shell:snackbar.dismiss')}
                icon={<Dismiss24Regular />}
                onClick={() => ui.dismiss(snackbar.id)}
              />
            }
          />
        </MessageBar>
      ))}
    </div>
  )
})
