import { useTranslation } from 'react-i18next'

/** 2 h 15 min → { hours: 2, minutes: 15 }; minutes rounded down, as a clock shows them. */
export function splitDuration(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.floor(Math.max(0, seconds) / 60)
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/** A lesson's length in whole minutes, at least one: a clip shorter than a minute does not read « 0 min ». */
export function lessonMinutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60))
}

/** A number of seconds as « 2 h 15 min », « 3 h » or « 40 min » in the interface language. */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation('shell')
  return (seconds) => {
    const { hours, minutes } = splitDuration(seconds)
    if (hours > 0 && minutes > 0) return t('walletWidget.hoursMinutes', { hours, minutes })
    return hours > 0 ? t('walletWidget.hours', { hours }) : t('walletWidget.minutes', { minutes })
  }
}

/** A position in a video as a clock reads it: « 4:07 », « 1:02:09 » (Latin digits in every language, as players show). */
export function clockTime(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = String(whole % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}
