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
  expired: 'subtle',
  inProgress: 'informative',
  resolved: 'success'
} as const satisfies Record<string, BadgeProps['color']>

/** A request's state: pending, approved or rejected (class changes, report cards). */
export type RequestStatus = 'pending' | 'approved' | 'rejected'

/** A video report's state (part 2, §4): pending, in progress, rejected, resolved. */
export type VideoReportState = 'pending' | 'inProgress' | 'rejected' | 'resolved'

/**
 * A state as a coloured badge, worded by the screen's namespace: payment codes, transfers and the
 * history's lists (wallet), class change requests and report cards (profile), video reports (support).
 */
export function StatusBadge(
  props:
    | { namespace: 'wallet'; status: Exclude<keyof typeof COLOURS, 'inProgress' | 'resolved'> }
    | { namespace: 'profile'; status: RequestStatus }
    | { namespace: 'support'; status: VideoReportState }
) {
  const { t } = useTranslation(ALL_NAMESPACES)
  const key: TranslationKey =
    props.namespace === 'wallet'
      ? `wallet:status.${props.status}`
      : props.namespace === 'profile'
        ? `profile:status.${props.status}`
        : `support:status.${props.status}`
  return (
    <Badge appearance="tint" color={COLOURS[props.status]} data-status={props.status}>
      {t(key)}
    </Badge>
  )
}
