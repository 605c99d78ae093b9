import { makeStyles, tokens } from '@fluentui/react-components'
import { Call24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { CONTACT_PHONE, SOCIAL_LINKS } from '../../../../shared/constants.ts'
import { focusRing } from './focusRing.ts'
import { useOpenExternal } from './useOpenExternal.ts'

const SOCIAL_LABEL_KEYS = {
  facebook: 'footer.facebook',
  instagram: 'footer.instagram',
  youtube: 'footer.youtube'
} as const satisfies Record<keyof typeof SOCIAL_LINKS, string>

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalXL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200
  },
  contact: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  phone: { whiteSpace: 'nowrap' },
  social: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  list: { display: 'flex', gap: tokens.spacingHorizontalM, listStyleType: 'none', margin: 0, padding: 0 },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ...focusRing
  }
})

/** Contact phone and social links, opened in the system browser. */
export function Footer() {
  const styles = useStyles()
  const { t } = useTranslation('shell')
  const openExternal = useOpenExternal()
  return (
    <footer className={styles.footer} aria-label={t('footer.label')}>
      <span className={styles.contact}>
        <Call24Regular aria-hidden />
        <span>
          {t('footer.contact')} · {t('footer.phone')}{' '}
          <bdi dir="ltr" className={styles.phone}>
            {CONTACT_PHONE}
          </bdi>
        </span>
      </span>
      <div className={styles.social}>
        <span>{t('footer.follow')}</span>
        <ul className={styles.list}>
          {(Object.keys(SOCIAL_LINKS) as (keyof typeof SOCIAL_LINKS)[]).map((network) => (
            <li key={network}>
              <a
                href={SOCIAL_LINKS[network]}
                className={styles.link}
                onClick={openExternal(SOCIAL_LINKS[network])}
                data-testid={`social-${network}`}
              >
                {t(SOCIAL_LABEL_KEYS[network])}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
    </footer>
  )
}
