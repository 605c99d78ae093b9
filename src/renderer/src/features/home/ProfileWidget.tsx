import { Avatar } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useStores } from '../../stores/StoreContext.tsx'
import { balanceUnit } from '../../../../shared/rules/points.ts'
import { formatAmount } from '../../lib/amounts.ts'
import { useHomeStyles } from './styles.ts'

/** The profile widget: avatar (or initials), name, class, points balance leading to the wallet. */
export const ProfileWidget = observer(function ProfileWidget() {
  const { session, settings } = useStores()
  const styles = useHomeStyles()
  const { t } = useTranslation('home')
  const user = session.me?.user
  if (!user) return null
  const fullName = `${user.name} ${user.last_name}`.trim()
  return (
    <section className={styles.card} aria-labelledby="home-profile-name" data-testid="home-profile">
      <div className={styles.profile}>
        <Avatar size={64} name={fullName} image={user.avatar ? { src: user.avatar } : undefined} color="colorful" aria-hidden />
        <div className={styles.profileText}>
          <h2 id="home-profile-name" className={styles.profileName} data-testid="home-profile-name">
            <bdi>{fullName}</bdi>
          </h2>
          <p className={styles.muted} data-testid="home-profile-division">
            {user.division ? <bdi>{user.division.name}</bdi> : t('profile.noDivision')}
          </p>
          <Link to="/mon-profil" className={styles.link}>
            {t('profile.open')}
          </Link>
        </div>
        <Link
          to="/porte-monnaie"
          className={styles.points}
          aria-label={t('profile.pointsLabel', {
            amount: formatAmount(user.points, settings.language),
            unit: t(`profile.${balanceUnit(user.points, settings.language)}`)
          })}
          data-testid="home-profile-points"
          data-points={user.points}
        >
          <span className={styles.pointsValue}>{formatAmount(user.points, settings.language)}</span>{' '}
          <span>{t(`profile.${balanceUnit(user.points, settings.language)}`)}</span>
        </Link>
      </div>
    </section>
  )
})
