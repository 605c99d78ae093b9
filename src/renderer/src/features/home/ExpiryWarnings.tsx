import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, ProgressBar } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { formatReportDate } from '../../lib/time.ts'
import type { HomeStore } from './stores/HomeStore.ts'
import { isolate } from './bidi.ts'
import { useHomeStyles } from './styles.ts'

/**
 * The subscription expiry card (§2, §9): its bar fills 10 × (10 − rest days) %, its text counts
 * days, then hours on the last day. A failed load shows nothing: the card is a reminder.
 */
export const ExpiryWarnings = observer(function ExpiryWarnings({ home }: { home: HomeStore }) {
  const styles = useHomeStyles()
  const { t } = useTranslation('home')
  const navigate = useNavigate()
  if (home.warnings.length === 0) return null
  return (
    <>
      {home.warnings.map(({ warning, restDays, progress, countdown, form }) => {
        const date = formatReportDate(warning.expirationDate)
        const name = isolate(warning.groupeName)
        return (
          <MessageBar
            key={`${warning.groupeName}-${warning.expirationDate}-${warning.sliceIndex ?? 0}`}
            intent="warning"
            layout="multiline"
            data-testid="home-warning"
            data-rest-days={restDays}
            data-progress={progress}
          >
            <MessageBarBody>
              <MessageBarTitle>{t('warning.title')}</MessageBarTitle>
              <div className={styles.warningBody}>
                <span>
                  {warning.isSlice
                    ? t('warning.slice', { index: warning.sliceIndex ?? 1, name, date })
                    : t('warning.offer', { name, date })}{' '}
                  <strong data-testid="home-warning-countdown" data-unit={countdown.unit}>
                    {t(`warning.${countdown.unit}${form}`, { count: countdown.count })}
                  </strong>
                </span>
                <ProgressBar
                  className={styles.warningBar}
                  value={progress / 100}
                  color={restDays <= 2 ? 'error' : 'warning'}
                  thickness="large"
                  aria-label={t('warning.progress')}
                  aria-valuetext={t('progress.value', { value: progress })}
                />
              </div>
            </MessageBarBody>
            <MessageBarActions>
              <Button size="small" appearance="primary" onClick={() => void navigate('/offres')} data-testid="home-warning-renew">
                {t('warning.renew')}
              </Button>
            </MessageBarActions>
          </MessageBar>
        )
      })}
    </>
  )
})
