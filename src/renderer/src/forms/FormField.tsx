import { Field, type FieldProps } from '@fluentui/react-components'
import type { Message } from './messages.ts'
import { useMessageText } from './useMessage.ts'

/** A Fluent field whose error comes from a mapped message (blank: error style, no text). */
export function FormField(props: Omit<FieldProps, 'validationState' | 'validationMessage'> & { error: Message | null }) {
  const { error, ...field } = props
  const text = useMessageText()(error)
  return <Field {...field} validationState={error ? 'error' : 'none'} validationMessage={text ? text : undefined} />
}
