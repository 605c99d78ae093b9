import { mergeClasses, Tab, TabList } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { formatSessionTime } from '../../lib/time.ts'
import { truncate } from '../../lib/text.ts'
import { usePanelStyles } from './panelStyles.ts'

/** The dropdown whose texts ('inbox:{family}.…') a part shows. */
type PanelFamily = 'messages' | 'notifications'

/** The All / Unread tabs of a dropdown; `testId` starts their test ids ('{testId}-tab-all'). */
export function PanelTabs<T extends string>(props: { family: PanelFamily; testId: string; tab: T; onTab(tab: T): void }) {
  const styles = usePanelStyles()
  const { t } = useTranslation('inbox')
  return (
    <TabList className={styles.tabs} size="small" selectedValue={props.tab} onTabSelect={(_event, data) => props.onTab(data.value as T)}>
      <Tab value="all" data-testid={`${props.testId}-tab-all`}>
        {t(`${props.family}.all`)}
      </Tab>
      <Tab value="unread" data-testid={`${props.testId}-tab-unread`}>
        {t(`${props.family}.unread`)}
      </Tab>
    </TabList>
  )
}

/**
 * One row of a dropdown: the unseen dot, the title, the body cut to `max` characters, the date and,
 * for screen readers, that it is unseen. The platform writes in one language: its text keeps its
 * own direction in the others.
 */
export function PanelItem(props: {
  family: PanelFamily
  testId: string
  seen: boolean
  title: string
  body: string
  createdAt: string
  max: number
  onOpen(): void
}) {
  const styles = usePanelStyles()
  const { t } = useTranslation('inbox')
  return (
    <button
      type="button"
      className={mergeClasses(styles.item, !props.seen && styles.unseenItem)}
      onClick={props.onOpen}
      data-testid={props.testId}
      data-seen={props.seen}
    >
      <span className={props.seen ? styles.noDot : styles.dot} aria-hidden />
      <span className={styles.text}>
        <span className={props.seen ? styles.itemTitle : styles.itemTitleUnseen}>
          <bdi>{props.title}</bdi>
        </span>
        <span className={styles.preview}>
          <bdi>{truncate(props.body, props.max)}</bdi>
        </span>
        <span className={styles.date}>{formatSessionTime(props.createdAt)}</span>
        {props.seen ? null : <span className={styles.visuallyHidden}>{t(`${props.family}.unseen`)}</span>}
      </span>
    </button>
  )
}
