import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { focusRing } from './focusRing.ts'
import { Logo } from './Logo.tsx'

const useStyles = makeStyles({
  brand: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    borderRadius: tokens.borderRadiusMedium,
    ...focusRing
  }
})

/** The logo and the app's name, a link to the home page; `withName` false leaves the name out (narrow windows). */
export function BrandLink({ withName = true, className }: { withName?: boolean; className?: string }) {
  const styles = useStyles()
  const { t } = useTranslation('shell')
  return (
    <Link to="/" className={mergeClasses(styles.brand, className)} aria-label={t('header.homeLink')}>
      <Logo />
      {withName ? <span>{t('appName')}</span> : null}
    </Link>
  )
}
