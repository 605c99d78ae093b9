import { useTranslation } from 'react-i18next'
import { splitDuration } from '../stores/FreeHoursStore.ts'

/** A number of seconds as « 2 h 15 min », « 3 h » or « 40 min » in the interface language. */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation('shell')
  return (seconds) => {
    const { hours, minutes } = splitDuration(seconds)
    if (hours > 0 && minutes > 0) return t('walletWidget.hoursMinutes', { hours, minutes })
    return hours > 0 ? t('walletWidget.hours', { hours }) : t('walletWidget.minutes', { minutes })
  }
}
