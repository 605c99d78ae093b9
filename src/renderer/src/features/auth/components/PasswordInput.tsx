import { Button, Input, type InputProps } from '@fluentui/react-components'
import { Eye20Regular, EyeOff20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

/** A password box with the show/hide toggle of §2. */
export function PasswordInput(
  props: Omit<InputProps, 'type' | 'contentAfter'> & { shown: boolean; onToggle: () => void; toggleTestId?: string }
) {
  const { shown, onToggle, toggleTestId, ...input } = props
  const { t } = useTranslation('auth')
  const label = shown ? t('common.hidePassword') : t('common.showPassword')
  return (
    <Input
      {...input}
      type={shown ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={shown ? <EyeOff20Regular /> : <Eye20Regular />}
          aria-label={label}
          title={label}
          aria-pressed={shown}
          onClick={onToggle}
          data-testid={toggleTestId}
        />
      }
    />
  )
}
