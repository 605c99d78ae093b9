import { Button, Tooltip } from '@fluentui/react-components'
import { WeatherMoon24Regular, WeatherSunny24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useStores } from '../../stores/StoreContext.tsx'

export const ThemeToggle = observer(function ThemeToggle() {
  const { settings } = useStores()
  const { t } = useTranslation('shell')
  const dark = settings.resolvedTheme === 'dark'
  const label = dark ? t('theme.toLight') : t('theme.toDark')
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={dark ? <WeatherSunny24Regular /> : <WeatherMoon24Regular />}
        onClick={() => void settings.toggleTheme()}
        data-testid="theme-toggle"
        data-theme={settings.resolvedTheme}
      />
    </Tooltip>
  )
})
