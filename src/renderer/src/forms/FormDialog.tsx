import { Button, MessageBar, MessageBarActions, MessageBarBody, type MessageBarIntent } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { DialogFrame } from '../components/DialogFrame.tsx'
import type { Message } from './messages.ts'
import { SubmitButton } from './SubmitButton.tsx'
import { useMessageText } from './useMessage.ts'

export interface FormDialogProps {
  open: boolean
  /** Escape, a click outside the dialog and the cancel button. */
  onClose: () => void
  /** The form sent (Enter in a field, the submit button). */
  onSubmit: () => void
  title: ReactNode
  /** The dialog's test id, and the step it shows when it has several. */
  testId: string
  step?: string
  /** The body's layout (the area's form class). */
  className?: string
  /** The form's message, under the fields: an error unless said otherwise; nothing when null. */
  message?: Message | null
  messageIntent?: MessageBarIntent
  messageTestId?: string
  /** Buttons of the message (a retry). */
  messageActions?: ReactNode
  /** Buttons before cancel (back, send the code again). */
  actions?: ReactNode
  /** The cancel button; null leaves it out (a last step that only closes). */
  cancel: { label: string; disabled?: boolean; testId?: string } | null
  /** The submit button: `submitting` shows its spinner (a dialog that shows its progress in the body leaves it out). */
  submit: { label: string; disabled?: boolean; submitting?: boolean; testId?: string }
  children: ReactNode
}

/** The frame of a form in a dialog: its title, its body, the form's message, then cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  const { onClose, cancel, submit } = props
  const text = useMessageText()(props.message)

  return (
    <DialogFrame
      open={props.open}
      onClose={onClose}
      onSubmit={props.onSubmit}
      testId={props.testId}
      step={props.step}
      title={props.title}
      className={props.className}
      // Fluid: the buttons may use the whole row (not only its second half), so that two labels fit on one line each.
      fluidActions
      actions={
        <>
          {props.actions}
          {cancel ? (
            <Button appearance="secondary" onClick={onClose} disabled={cancel.disabled} data-testid={cancel.testId}>
              {cancel.label}
            </Button>
          ) : null}
          <SubmitButton disabled={submit.disabled} submitting={submit.submitting} data-testid={submit.testId}>
            {submit.label}
          </SubmitButton>
        </>
      }
    >
      {props.children}
      {text ? (
        <MessageBar intent={props.messageIntent ?? 'error'} data-testid={props.messageTestId}>
          <MessageBarBody>{text}</MessageBarBody>
          {props.messageActions ? <MessageBarActions>{props.messageActions}</MessageBarActions> : null}
        </MessageBar>
      ) : null}
    </DialogFrame>
  )
}
