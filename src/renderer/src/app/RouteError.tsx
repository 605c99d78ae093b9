import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    minHeight: '100%',
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center'
  },
  title: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 }
})

/** When a screen fails to load or throws: say so, offer a reload. */
export function RouteError() {
  const styles = useStyles()
  const { t } = useTranslation('shell')
  return (
    <div className={styles.root} role="alert" data-testid="route-error">
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </div>
  )
}
