import {
  Button,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type MenuProps
} from '@fluentui/react-components'
import { LocalLanguage24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../../shared/ipc.ts'
import { isLanguage, LANGUAGES } from '../../i18n/languages.ts'
import { useStores } from '../../stores/StoreContext.tsx'

const LANGUAGE_NAME_KEYS = {
  fr: 'language.fr',
  'en-US': 'language.en-US',
  ar: 'language.ar'
} as const satisfies Record<Language, string>

/** fr / English / العربية; saving the setting flips the language and direction at once. */
export const LanguageSwitcher = observer(function LanguageSwitcher({ compact }: { compact?: boolean }) {
  const { settings } = useStores()
  const { t } = useTranslation('shell')
  const current = t(LANGUAGE_NAME_KEYS[settings.language])

  const onChange: MenuProps['onCheckedValueChange'] = (_event, data) => {
    const [language] = data.checkedItems
    if (isLanguage(language) && language !== settings.language) void settings.setLanguage(language)
  }

  return (
    <Menu checkedValues={{ language: [settings.language] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<LocalLanguage24Regular />}
          aria-label={t('language.change', { language: current })}
          data-testid="language-switcher"
        >
          {compact ? null : current}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((language) => (
            <MenuItemRadio
              key={language}
              name="language"
              value={language}
              lang={language}
              dir={language === 'ar' ? 'rtl' : 'ltr'}
              data-testid={`language-option-${language}`}
            >
              {t(LANGUAGE_NAME_KEYS[language])}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
})
