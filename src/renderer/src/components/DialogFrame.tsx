import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import type { CSSProperties, FormEvent, ReactNode } from 'react'

export interface DialogFrameProps {
  open: boolean
  /** Escape and a click outside the dialog; without it, only the dialog's own buttons close it. */
  onClose?: () => void
  /** 'alert': a click outside does not close it (a message to acknowledge). */
  modalType?: 'modal' | 'alert'
  /** The dialog's test id, the step it shows when it has several, or its state. */
  testId: string
  step?: string
  state?: string
  title: ReactNode
  titleTestId?: string
  /** The body's id, which then describes the dialog to assistive technology. */
  contentId?: string
  /** The body's layout. */
  className?: string
  style?: CSSProperties
  /** The buttons, at the foot; `fluidActions` lets them use the whole row. */
  actions: ReactNode
  fluidActions?: boolean
  /** Makes the frame a form: Enter in a field and a submit button send it. */
  onSubmit?: () => void
  children: ReactNode
}

/** The frame every dialog shares: its surface, title, body and buttons, closed by Escape or a click outside. */
export function DialogFrame(props: DialogFrameProps) {
  const { onClose, onSubmit } = props
  const body = (
    <DialogBody>
      <DialogTitle data-testid={props.titleTestId}>{props.title}</DialogTitle>
      <DialogContent id={props.contentId} className={props.className} style={props.style}>
        {props.children}
      </DialogContent>
      <DialogActions fluid={props.fluidActions}>{props.actions}</DialogActions>
    </DialogBody>
  )
  const send = (event: FormEvent) => {
    event.preventDefault()
    onSubmit?.()
  }

  return (
    <Dialog open={props.open} modalType={props.modalType} onOpenChange={onClose && ((_event, data) => (data.open ? undefined : onClose()))}>
      <DialogSurface
        data-testid={props.testId}
        data-step={props.step}
        data-state={props.state}
        {...(props.contentId ? { 'aria-describedby': props.contentId } : {})}
      >
        {onSubmit ? (
          <form onSubmit={send} noValidate>
            {body}
          </form>
        ) : (
          body
        )}
      </DialogSurface>
    </Dialog>
  )
}
