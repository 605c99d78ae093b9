import {
  Avatar,
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  tokens
} from '@fluentui/react-components'
import { CameraRegular, DeleteRegular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useStores } from '../../stores/StoreContext.tsx'
import { useProfileStores } from './useProfileStores.ts'
import { useMessageText } from '../../forms/useMessage.ts'

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flexGrow: 1, minWidth: 'min(100%, 240px)' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  hint: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 }
})

/**
 * The profile photo on the edit screen (§2): shown to everyone, changed or removed once the
 * profile is complete and never on a test account; the upload shows its progress, and a failed
 * one can be sent again without picking the file again.
 */
export const AvatarEditor = observer(function AvatarEditor() {
  const { avatar: store } = useProfileStores()
  const { session } = useStores()
  const styles = useStyles()
  const { t } = useTranslation('profile')
  const input = useRef<HTMLInputElement>(null)
  const text = useMessageText()
  const user = session.me?.user
  if (!user) return null
  const fullName = `${user.name} ${user.last_name}`
  const editable = store.locked === null

  return (
    <div className={styles.root} data-testid="avatar-editor" data-phase={store.phase}>
      <Avatar
        size={96}
        name={fullName}
        color="colorful"
        image={session.avatarUrl ? { src: session.avatarUrl, alt: t('avatar.alt', { name: fullName }) } : undefined}
        data-testid="avatar-editor-image"
        data-src={session.avatarUrl ?? ''}
      />
      <div className={styles.side}>
        {editable ? (
          <>
            <div className={styles.buttons}>
              {/* The native picker's own button speaks the browser's language: a translated one opens it. */}
              <Button icon={<CameraRegular />} disabled={store.busy} onClick={() => input.current?.click()} data-testid="avatar-choose">
                {session.avatarUrl ? t('avatar.change') : t('avatar.add')}
              </Button>
              {session.avatarUrl ? (
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  disabled={store.busy}
                  onClick={() => void store.remove()}
                  data-testid="avatar-remove"
                >
                  {t('avatar.remove')}
                </Button>
              ) : null}
              <input
                ref={input}
                type="file"
                hidden
                accept={ACCEPT}
                disabled={store.busy}
                aria-label={t('avatar.label')}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0]
                  // The same file may be picked again after a failure.
                  event.currentTarget.value = ''
                  if (file) void store.choose(file)
                }}
                data-testid="avatar-file"
              />
            </div>
            <p className={styles.hint}>{t('avatar.hint')}</p>
          </>
        ) : (
          <p className={styles.hint} data-testid="avatar-locked">
            {store.locked === 'test-account' ? t('edit.testAccount') : t('avatar.locked')}
          </p>
        )}
        {store.phase === 'uploading' ? (
          <Field
            validationMessage={
              store.progress >= 1
                ? t('avatar.processing')
                : store.progress > 0
                  ? t('avatar.uploading', { percent: store.percent })
                  : t('avatar.sending')
            }
            validationState="none"
          >
            {/* Indeterminate until the first bytes are counted, and while the server prepares the photo. */}
            <ProgressBar value={store.progress > 0 && store.progress < 1 ? store.progress : undefined} data-testid="avatar-progress" />
          </Field>
        ) : null}
        {store.phase === 'failed' && store.problem ? (
          <MessageBar intent="error" data-testid="avatar-problem">
            <MessageBarBody>{text(store.problem)}</MessageBarBody>
            {store.canRetry ? (
              <MessageBarActions>
                <Button onClick={() => void store.retry()} data-testid="avatar-retry">
                  {t('avatar.retry')}
                </Button>
              </MessageBarActions>
            ) : null}
          </MessageBar>
        ) : null}
      </div>
    </div>
  )
})
