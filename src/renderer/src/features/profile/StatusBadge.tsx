import { Badge } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { DivisionRequest } from './api.ts'

const COLOURS = { pending: 'warning', approved: 'success', rejected: 'danger' } as const

/** Pending, approved or rejected (class change requests and report cards). */
export function StatusBadge({ status }: { status: DivisionRequest['status'] }) {
  const { t } = useTranslation('profile')
  return (
    <Badge appearance="tint" color={COLOURS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  )
}
