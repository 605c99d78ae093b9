import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, type MenuProps } from '@fluentui/react-components'
import { LocalLanguage24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../../shared/ipc.ts'
import { isLanguage, LANGUAGES } from '../../i18n/languages.ts'
import { nextFrame } from '../../lib/afterPaint.ts'
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
  const [open, setOpen] = useState(false)

  const onChange: MenuProps['onCheckedValueChange'] = (_event, data) => {
    const [language] = data.checkedItems
    if (!isLanguage(language) || language === settings.language) return
    // The menu closes and gives the focus back first; the window turns to the new language just
    // before the next frame (or soon, in a window that paints none), in one render. Switched while the menu was still there, every focus
    // move and position the menu computes on its way out re-laid out the whole turned page.
    setOpen(false)
    void nextFrame().then(() => flushSync(() => void settings.setLanguage(language)))
  }

  return (
    <Menu
      open={open}
      onOpenChange={(_event, data) => setOpen(data.open)}
      checkedValues={{ language: [settings.language] }}
      onCheckedValueChange={onChange}
    >
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
