import { Button, Spinner, type ButtonProps } from '@fluentui/react-components'
import type { ReactNode } from 'react'

export interface SubmitButtonProps {
  /** The form is being sent: a small spinner shows in the button (a form that shows its progress elsewhere leaves it out). */
  submitting?: boolean
  /** The form may not be sent (rules broken, already sending). */
  disabled?: boolean
  appearance?: ButtonProps['appearance']
  size?: ButtonProps['size']
  className?: string
  'data-testid'?: string
  children: ReactNode
}

/** A form's submit button: primary, a small spinner while the form is sent. */
export function SubmitButton({ submitting = false, appearance = 'primary', ...button }: SubmitButtonProps) {
  return <Button {...button} type="submit" appearance={appearance} icon={submitting ? <Spinner size="tiny" /> : undefined} />
}
