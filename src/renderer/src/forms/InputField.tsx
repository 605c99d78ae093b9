import { Input, type InputProps } from '@fluentui/react-components'
import type { Message } from './messages.ts'
import { FormField } from './FormField.tsx'

export type InputFieldProps = Omit<InputProps, 'value' | 'onChange'> & {
  label: string
  /** Under the input until an error takes its place. */
  hint?: string
  error: Message | null | undefined
  value: string
  onChange: (value: string) => void
}

/** A required one-line field of a form: its label, its hint or its error, the input. */
export function InputField({ label, hint, error, value, onChange, ...input }: InputFieldProps) {
  return (
    <FormField label={label} required hint={error ? undefined : hint} error={error ?? null}>
      <Input value={value} onChange={(_event, data) => onChange(data.value)} {...input} />
    </FormField>
  )
}
