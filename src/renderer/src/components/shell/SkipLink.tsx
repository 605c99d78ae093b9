import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  link: {
    position: 'absolute',
    insetInlineStart: tokens.spacingHorizontalM,
    top: '-100px',
    zIndex: 1000001,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForegroundLink,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    ':focus': { top: tokens.spacingVerticalS, outline: `2px solid ${tokens.colorStrokeFocus2}` }
  }
})

/** First stop of the keyboard: straight to the screen's content. */
export function SkipLink() {
  const styles = useStyles()
  const { t } = useTranslation('shell')
  return (
    <a className={styles.link} href="#main-content">
      {t('skipToContent')}
    </a>
  )
}
