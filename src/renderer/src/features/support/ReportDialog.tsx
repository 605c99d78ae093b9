import { Button, MessageBar, MessageBarActions, MessageBarBody, Select, Textarea } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { VIDEO_REPORT_DESCRIPTION_MAX } from '../../../../shared/rules/videoReport.ts'
import { FormDialog } from '../../forms/FormDialog.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { useSupportCatalogue } from '../../i18n/supportCatalogue.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import type { ReportFormStore } from './stores/ReportFormStore.ts'
import { supportStoresOf } from './stores/supportStores.ts'
import { useSupportStyles } from './styles.ts'

export interface ReportDialogProps {
  /** The lesson reported (its content id). */
  contentId: number
  /** The lesson's name, shown in the dialog. */
  lessonName: string
  open: boolean
  /** Cancel, Escape, a click outside, or the report sent. */
  onClose: () => void
}

/** The video-report dialog in create mode (part 2, §4), opened from a lesson's control bar. */
export const ReportDialog = observer(function ReportDialog(props: ReportDialogProps) {
  useSupportCatalogue()
  const store = supportStoresOf(useStores()).creator
  const { contentId, open, onClose } = props

  useEffect(() => {
    if (open) store.show({ mode: 'create', contentId })
    else store.close()
  }, [open, contentId, store])

  // Sent: the dialog closes and its owner hears it.
  useEffect(() => {
    if (open && !store.open && store.form.status === 'succeeded') onClose()
  })

  return <ReportFormDialog store={store} lessonName={props.lessonName} open={open && store.open} onClose={onClose} />
})

/** The dialog's frame and fields, in either mode. */
export const ReportFormDialog = observer(function ReportFormDialog(props: {
  store: ReportFormStore
  lessonName: string
  open: boolean
  onClose: () => void
}) {
  const { store } = props
  const styles = useSupportStyles()
  const { t } = useTranslation('support')
  const editing = store.mode === 'edit'

  return (
    <FormDialog
      open={props.open}
      onClose={() => {
        store.close()
        props.onClose()
      }}
      onSubmit={() => void store.submit()}
      title={editing ? t('dialog.editTitle') : t('dialog.createTitle')}
      testId="report-dialog"
      step={store.mode}
      className={styles.form}
      message={store.message}
      messageTestId="report-dialog-message"
      cancel={{ label: t('dialog.cancel'), testId: 'report-cancel' }}
      submit={{
        label: editing ? t('dialog.save') : t('dialog.send'),
        disabled: store.submitting,
        submitting: store.submitting,
        testId: 'report-submit'
      }}
    >
      <p className={styles.muted} data-testid="report-lesson">
        {t('dialog.lesson', { lesson: props.lessonName })}
      </p>
      {store.reasons.failed ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('dialog.reasonsFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.reasons.reload()}>{t('dialog.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <FormField label={t('dialog.reason')} required error={store.error('reason')}>
        <Select value={store.form.values.reason} onChange={(_event, data) => store.set('reason', data.value)} data-testid="report-reason">
          <option value="">{t('dialog.choose')}</option>
          {(store.reasons.data ?? []).map((reason) => (
            <option key={reason.id} value={String(reason.id)}>
              {reason.name}
            </option>
          ))}
          {/* The report's own reason while the list is on its way (edit mode). */}
          {editing &&
          store.target?.mode === 'edit' &&
          !(store.reasons.data ?? []).some((reason) => String(reason.id) === store.form.values.reason) &&
          store.form.values.reason !== '' ? (
            <option value={store.form.values.reason}>{store.target.report.report_reason.reason}</option>
          ) : null}
        </Select>
      </FormField>
      <FormField label={t('dialog.description')} required hint={t('dialog.descriptionHint')} error={store.error('description')}>
        <Textarea
          value={store.form.values.description}
          onChange={(_event, data) => store.set('description', data.value)}
          maxLength={VIDEO_REPORT_DESCRIPTION_MAX}
          rows={4}
          resize="vertical"
          data-testid="report-description"
        />
      </FormField>
    </FormDialog>
  )
})
