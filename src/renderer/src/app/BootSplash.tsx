import { makeStyles, Spinner } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  root: { display: 'grid', placeItems: 'center', height: '100vh' }
})

/** Shown while the first screen's module loads. */
export function BootSplash() {
  const styles = useStyles()
  const { t } = useTranslation('shell')
  return (
    <div className={styles.root}>
      <Spinner label={t('loading')} />
    </div>
  )
}
