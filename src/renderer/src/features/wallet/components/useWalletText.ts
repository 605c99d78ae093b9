import { useTranslation } from 'react-i18next'
import type { WalletMessage } from '../../../stores/walletSupport.ts'

/** The text of a store message in the current language (server texts as sent). */
export function useWalletText(): (message: WalletMessage | null | undefined) => string | undefined {
  const { t } = useTranslation(['wallet', 'auth'])
  return (message) => {
    if (!message) return undefined
    if ('text' in message) return message.text
    return t(message.key, message.values ?? {})
  }
}
