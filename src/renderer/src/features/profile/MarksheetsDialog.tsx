import { Button, Field, MessageBar, MessageBarActions, MessageBarBody, ProgressBar, Select } from '@fluentui/react-components'
import { AttachRegular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { MARKSHEET_EXTENSIONS } from '../../../../shared/api/profile.ts'
import { useOpenExternal } from '../../components/shell/useOpenExternal.ts'
import type { Trimester } from './stores/MarksheetsStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { StatusBadge } from '../../components/StatusBadge.tsx'
import { FormDialog } from '../../forms/FormDialog.tsx'
import { useProfileStyles } from './styles.ts'
import { useProfileStores } from './useProfileStores.ts'
import { ChoiceOptions } from '../../forms/ChoiceOptions.tsx'

const ACCEPT = MARKSHEET_EXTENSIONS.map((extension) => `.${extension}`).join(',')
const TRIMESTERS: Trimester[] = [1, 2, 3]

/** Report cards (§2 marksheets list/upload): the list with statuses, then the upload form. */
export const MarksheetsDialog = observer(function MarksheetsDialog() {
  const { marksheets: store } = useProfileStores()
  const { session } = useStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')
  const openExternal = useOpenExternal()
  const input = useRef<HTMLInputElement>(null)
  const divisions = session.me?.user.division ? [session.me.user.division] : []

  const submit = () => {
    void store.upload().then((done) => {
      if (done && input.current) input.current.value = ''
    })
  }

  return (
    <FormDialog
      open={store.open}
      onClose={store.close}
      onSubmit={submit}
      title={t('marksheets.title')}
      testId="marksheets-dialog"
      className={styles.form}
      message={store.visibleProblem}
      messageTestId="marksheet-problem"
      messageActions={
        store.canRetry ? (
          <Button onClick={() => void store.retry()} data-testid="marksheet-retry">
            {t('marksheets.retry')}
          </Button>
        ) : null
      }
      cancel={{ label: t('marksheets.close'), disabled: store.busy }}
      // The merge and the upload show their progress in the dialog, not in the button.
      submit={{ label: t('marksheets.send'), disabled: store.busy, testId: 'marksheet-send' }}
    >
      <h3 className={styles.sectionTitle}>{t('marksheets.list')}</h3>
      {store.listStatus === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('marksheets.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.load()}>{t('divisionChange.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : store.items.length === 0 ? (
        <p className={styles.muted}>{t('marksheets.empty')}</p>
      ) : (
        <ul className={styles.list} data-testid="marksheets-list">
          {store.items.map((item) => (
            <li key={item.id} className={styles.listItem} data-testid="marksheet-row" data-status={item.status}>
              <span className={styles.ltr}>{item.name}</span>
              <span className={styles.listMeta}>
                <span>{t('marksheets.trimesterValue', { trimester: item.trimester })}</span>
                <span className={styles.muted}>{item.division.name}</span>
                <StatusBadge namespace="profile" status={item.status} />
                <Button size="small" appearance="subtle" onClick={openExternal(session.apiAddress(item.url) ?? item.url)}>
                  {t('marksheets.open')}
                </Button>
                {item.status === 'pending' ? (
                  <Button
                    size="small"
                    appearance="subtle"
                    disabled={store.deleting !== null}
                    onClick={() => void store.deleteSheet(item.id)}
                    data-testid="marksheet-delete"
                  >
                    {t('marksheets.delete')}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3 className={styles.sectionTitle}>{t('marksheets.upload')}</h3>
      <div className={styles.fields}>
        <Field label={t('marksheets.trimester')} required>
          <Select
            value={String(store.trimester)}
            onChange={(_event, data) => store.setTrimester(Number(data.value) as Trimester)}
            disabled={store.busy}
            data-testid="marksheet-trimester"
          >
            {TRIMESTERS.map((trimester) => (
              <option key={trimester} value={String(trimester)}>
                {t('marksheets.trimesterValue', { trimester })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('marksheets.division')} required>
          <Select
            value={store.division}
            onChange={(_event, data) => store.setDivision(data.value)}
            disabled={store.busy}
            data-testid="marksheet-division"
          >
            <ChoiceOptions empty={t('divisionChange.choose')} items={divisions} />
          </Select>
        </Field>
      </div>
      <Field label={t('marksheets.files')} hint={t('marksheets.filesHint')} required>
        {/* The native picker's own button speaks the browser's language: a translated one opens it. */}
        <div>
          <Button icon={<AttachRegular />} disabled={store.busy} onClick={() => input.current?.click()} data-testid="marksheet-choose">
            {t('marksheets.chooseFiles')}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={ACCEPT}
            disabled={store.busy}
            onChange={(event) => store.pick(Array.from(event.currentTarget.files ?? []))}
            data-testid="marksheet-files"
          />
        </div>
      </Field>
      {store.files.length > 0 ? (
        <ul className={styles.fileList} data-testid="marksheet-picked">
          {store.files.map((file, index) => (
            <li key={`${file.name}-${index}`} className={styles.fileItem}>
              <span className={styles.ltr}>{file.name}</span>
              <Button size="small" appearance="subtle" disabled={store.busy} onClick={() => store.remove(index)}>
                {t('marksheets.removeFile', { file: file.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {store.phase === 'merging' && store.progress ? (
        <Field
          validationMessage={t('marksheets.merging', { done: store.progress.done, total: store.progress.total })}
          validationState="none"
        >
          <ProgressBar value={store.progress.done / store.progress.total} data-testid="marksheet-progress" />
        </Field>
      ) : null}
      {store.phase === 'uploading' ? (
        <Field validationMessage={t('marksheets.uploading')} validationState="none">
          <ProgressBar />
        </Field>
      ) : null}
    </FormDialog>
  )
})
