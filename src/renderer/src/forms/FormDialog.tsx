import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  type MessageBarIntent
} from '@fluentui/react-components'
import type { FormEvent, ReactNode } from 'react'
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
  const { open, onClose, onSubmit, cancel, submit } = props
  const text = useMessageText()(props.message)

  const send = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }

  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface data-testid={props.testId} data-step={props.step}>
        <form onSubmit={send} noValidate>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={props.className}>
              {props.children}
              {text ? (
                <MessageBar intent={props.messageIntent ?? 'error'} data-testid={props.messageTestId}>
                  <MessageBarBody>{text}</MessageBarBody>
                  {props.messageActions ? <MessageBarActions>{props.messageActions}</MessageBarActions> : null}
                </MessageBar>
              ) : null}
            </DialogContent>
            {/* Fluid: the buttons may use the whole row (not only its second half), so that two labels fit on one line each. */}
            <DialogActions fluid>
              {props.actions}
              {cancel ? (
                <Button appearance="secondary" onClick={onClose} disabled={cancel.disabled} data-testid={cancel.testId}>
                  {cancel.label}
                </Button>
              ) : null}
              <SubmitButton disabled={submit.disabled} submitting={submit.submitting} data-testid={submit.testId}>
                {submit.label}
              </SubmitButton>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
