import { Input } from '@fluentui/react-components'
import { FormField } from '../../../forms/FormField.tsx'
import type { Message } from '../../../forms/messages.ts'

/** The number the operator charges (the purchase dialog's operator step and the landing's modal). */
export function OperatorPhoneField(props: {
  label: string
  hint: string
  value: string
  error: Message | null
  onChange: (value: string) => void
  testId: string
}) {
  return (
    <FormField label={props.label} required error={props.error} hint={props.hint}>
      <Input
        value={props.value}
        onChange={(_, data) => props.onChange(data.value)}
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        maxLength={20}
        data-testid={props.testId}
      />
    </FormField>
  )
}
