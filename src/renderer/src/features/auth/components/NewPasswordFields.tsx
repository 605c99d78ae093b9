import type { InputProps } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../../shared/rules/input.ts'
import { FormField } from '../../../forms/FormField.tsx'
import type { Message } from '../../../forms/messages.ts'
import { PasswordInput } from './PasswordInput.tsx'

type PasswordField = { label: string; error: Message | null; input: Omit<InputProps, 'type' | 'contentAfter'> }

/** A new password (with the rule as its hint) and its confirmation, shown or hidden together (§2 register, §4 reset). */
export function NewPasswordFields(props: {
  password: PasswordField
  confirmation: PasswordField
  shown: boolean
  onToggle: () => void
  toggleTestId?: string
}) {
  const { password, confirmation, shown, onToggle } = props
  const { t } = useTranslation('auth')
  const fields = [
    { field: password, hint: t('register.passwordHint'), toggleTestId: props.toggleTestId },
    { field: confirmation, hint: undefined, toggleTestId: undefined }
  ]
  return (
    <>
      {fields.map(({ field, hint, toggleTestId }, index) => (
        <FormField key={index} label={field.label} hint={hint} required error={field.error}>
          <PasswordInput
            {...field.input}
            autoComplete="new-password"
            maxLength={INPUT_MAX.password}
            shown={shown}
            onToggle={onToggle}
            toggleTestId={toggleTestId}
          />
        </FormField>
      ))}
    </>
  )
}
