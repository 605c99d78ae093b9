import { Button, MessageBar, MessageBarActions, MessageBarBody, Select, Textarea } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { isolate } from '../../lib/bidi.ts'
import { formatReportDate } from '../../lib/time.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { FormDialog } from '../../forms/FormDialog.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { StatusBadge } from '../../components/StatusBadge.tsx'
import { useProfileStyles } from './styles.ts'
import { useProfileStores } from './useProfileStores.ts'
import { ChoiceOptions } from '../../forms/ChoiceOptions.tsx'

/** The class-change dialog (§3, §5): reason, new class, free text for reason 4; the pupil's requests. */
export const DivisionChangeDialog = observer(function DivisionChangeDialog() {
  const { divisionChange: store } = useProfileStores()
  const { settings } = useStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')
  const current = store.divisions.find((division) => division.id === store.currentDivisionId)

  return (
    <FormDialog
      open={store.open}
      onClose={store.close}
      onSubmit={() => void store.submit()}
      title={t('divisionChange.title')}
      testId="division-change-dialog"
      className={styles.form}
      cancel={{ label: t('divisionChange.close') }}
      submit={{
        label: t('divisionChange.submit'),
        disabled: !store.allowed || store.pending || store.submitting,
        submitting: store.submitting,
        testId: 'division-change-submit'
      }}
    >
      {store.loadStatus === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('divisionChange.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.load()}>{t('divisionChange.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {!store.allowed ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('divisionChange.notAllowed')}</MessageBarBody>
        </MessageBar>
      ) : store.pending ? (
        <MessageBar intent="info" data-testid="division-change-pending">
          <MessageBarBody>{t('divisionChange.pendingNotice')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {current ? <p className={styles.muted}>{t('divisionChange.current', { division: current.name })}</p> : null}
      <FormField label={t('divisionChange.reason')} required error={store.error('reason')}>
        <Select
          value={store.values.reason}
          onChange={(_event, data) => store.set('reason', data.value)}
          disabled={!store.allowed}
          data-testid="division-change-reason"
        >
          {/* Each reason carries its three texts: a language switch needs no new call. */}
          <ChoiceOptions
            empty={t('divisionChange.choose')}
            items={store.reasons}
            label={(reason) =>
              settings.language === 'ar' ? reason.reason_ar : settings.language === 'en-US' ? reason.reason_en : reason.reason_fr
            }
          />
        </Select>
      </FormField>
      {store.needsText ? (
        <FormField label={t('divisionChange.reason2')} required error={store.error('reason2')}>
          <Textarea
            value={store.values.reason2}
            onChange={(_event, data) => store.set('reason2', data.value)}
            maxLength={500}
            data-testid="division-change-reason2"
          />
        </FormField>
      ) : null}
      <FormField label={t('divisionChange.newDivision')} required error={store.error('newDivision')}>
        <Select
          value={store.values.newDivision}
          onChange={(_event, data) => store.set('newDivision', data.value)}
          disabled={!store.allowed}
          data-testid="division-change-division"
        >
          <ChoiceOptions empty={t('divisionChange.choose')} items={store.divisions} />
        </Select>
      </FormField>
      <h3 className={styles.sectionTitle}>{t('divisionChange.requests')}</h3>
      {store.requests.length === 0 ? (
        <p className={styles.muted}>{t('divisionChange.noRequests')}</p>
      ) : (
        <ul className={styles.list} data-testid="division-requests">
          {store.requests.map((request) => (
            <li key={request.id} className={styles.listItem} data-testid="division-request">
              <span>
                {t('divisionChange.fromTo', { from: isolate(request.old_division?.name ?? '—'), to: isolate(request.new_division.name) })}
              </span>
              <span className={styles.muted}>
                {request.reason}
                {request.reason2 ? ` — ${request.reason2}` : ''}
              </span>
              <span className={styles.listMeta}>
                <span className={styles.ltr}>{formatReportDate(request.created_at)}</span>
                <StatusBadge namespace="profile" status={request.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  )
})
