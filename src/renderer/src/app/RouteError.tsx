import { makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { FailurePanel } from './FailurePanel.tsx'

const useStyles = makeStyles({ root: { minHeight: '100%' } })

/** When a screen fails to load or throws: say so, offer a reload. */
export function RouteError() {
  const styles = useStyles()
  const { t } = useTranslation('shell')
  return (
    <FailurePanel
      testId="route-error"
      className={styles.root}
      title={t('error.title')}
      text={t('error.text')}
      action={{ label: t('error.reload'), onClick: () => window.location.reload() }}
    />
  )
}
