import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../../shared/rules/input.ts'
import type { ChangePasswordStore } from '../stores/ChangePasswordStore.ts'
import { FormField } from '../../../forms/FormField.tsx'
import { PasswordInput } from './PasswordInput.tsx'

/** Old, new and confirmation: the fields of the expired-password page and of the dialog. */
export const ChangePasswordFields = observer(function ChangePasswordFields({ store }: { store: ChangePasswordStore }) {
  const { t } = useTranslation('auth')
  const { form } = store
  const field = (name: 'oldPassword' | 'newPassword' | 'confirmation', autoComplete: string) => ({
    value: form.values[name],
    onChange: (_event: unknown, data: { value: string }) => store.set(name, data.value),
    onBlur: () => form.touch(name),
    autoComplete,
    maxLength: INPUT_MAX.password,
    shown: store.showPassword,
    onToggle: store.toggleShowPassword,
    'data-testid': `password-${name}`
  })
  return (
    <>
      <FormField label={t('password.oldPassword')} required error={store.error('oldPassword')}>
        <PasswordInput {...field('oldPassword', 'current-password')} />
      </FormField>
      <FormField label={t('password.newPassword')} hint={t('register.passwordHint')} required error={store.error('newPassword')}>
        <PasswordInput {...field('newPassword', 'new-password')} />
      </FormField>
      <FormField label={t('password.confirmation')} required error={store.error('confirmation')}>
        <PasswordInput {...field('confirmation', 'new-password')} />
      </FormField>
    </>
  )
})
