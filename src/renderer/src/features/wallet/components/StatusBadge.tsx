import { Badge, type BadgeProps } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { PaymentCode, Transfer } from '../api.ts'

type Status = PaymentCode['status'] | Transfer['status']

const COLORS: Record<Status, BadgeProps['color']> = {
  pending: 'warning',
  waiting_confirmation: 'warning',
  approved: 'success',
  paid: 'success',
  confirmed: 'success',
  rejected: 'danger',
  failed: 'danger',
  expired: 'subtle'
}

export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('wallet')
  return (
    <Badge appearance="tint" color={COLORS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  )
}
