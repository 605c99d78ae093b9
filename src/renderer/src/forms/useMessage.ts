import { useTranslation } from 'react-i18next'
import type { Message } from './messages.ts'
import { ALL_NAMESPACES } from '../i18n/resources.ts'

/** Text of a mapped message in the current language; '' for an error style with no text. */
export function useMessageText(): (message: Message | null | undefined) => string | undefined {
  const { t } = useTranslation(ALL_NAMESPACES)
  return (message) => {
    if (!message) return undefined
    if ('blank' in message) return ''
    if ('key' in message) return t(message.key, message.values ?? {})
    return message.text
  }
}
