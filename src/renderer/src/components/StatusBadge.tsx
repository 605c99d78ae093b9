import { Badge, type BadgeProps } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { TranslationKey } from '../i18n/keys.ts'
import { ALL_NAMESPACES } from '../i18n/resources.ts'

const COLOURS = {
  pending: 'warning',
  waiting_confirmation: 'warning',
  approved: 'success',
  paid: 'success',
  confirmed: 'success',
  rejected: 'danger',
  failed: 'danger',
  expired: 'subtle'
} as const satisfies Record<string, BadgeProps['color']>

/** A request's state: pending, approved or rejected (class changes, report cards). */
export type RequestStatus = 'pending' | 'approved' | 'rejected'

/**
 * A state as a coloured badge, worded by the screen's namespace: payment codes, transfers and the
 * history's lists (wallet), class change requests and report cards (profile).
 */
export function StatusBadge(props: { namespace: 'wallet'; status: keyof typeof COLOURS } | { namespace: 'profile'; status: RequestStatus }) {
  const { t } = useTranslation(ALL_NAMESPACES)
  const key: TranslationKey = props.namespace === 'wallet' ? `wallet:status.${props.status}` : `profile:status.${props.status}`
  return (
    <Badge appearance="tint" color={COLOURS[props.status]} data-status={props.status}>
      {t(key)}
    </Badge>
  )
}
