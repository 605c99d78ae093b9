import { Button, CounterBadge, makeStyles, Popover, PopoverSurface, PopoverTrigger, tokens } from '@fluentui/react-components'
import { Alert24Regular, Mail24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useState, type ComponentType, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { NOTIFICATION_DROPDOWN_MAX_WIDTH } from '../../../../shared/constants.ts'
import { useInboxCatalogue } from '../../i18n/inboxCatalogue.ts'
import { lazyComponent } from '../../lib/lazyComponent.ts'
import { loadMessagesPanel, loadNotificationPanel } from '../../features/inbox/index.ts'
import { useInbox } from '../../stores/StoreContext.tsx'

const useStyles = makeStyles({
  // A button clips what leaves its box: the count, over the icon's corner, would be cut off.
  button: { overflow: 'visible' },
  anchor: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-8px', insetInlineEnd: '-10px', pointerEvents: 'none' },
  surface: {
    width: `min(${NOTIFICATION_DROPDOWN_MAX_WIDTH}px, calc(100vw - 16px))`,
    maxWidth: `${NOTIFICATION_DROPDOWN_MAX_WIDTH}px`,
    padding: 0,
    boxSizing: 'border-box',
    overflow: 'hidden'
  },
  fallback: { padding: tokens.spacingHorizontalL }
})

/** The room a list takes in its open dropdown while its code loads. */
function PanelPlaceholder() {
  const styles = useStyles()
  return <div className={styles.fallback} />
}

// The lists' code is not part of the shell: it loads in idle time after the first screen
// (`preloadDropdowns`), or when a dropdown opens before that.
const NotificationPanel = lazyComponent(async () => (await loadNotificationPanel()).NotificationPanel, PanelPlaceholder)
const MessagesPanel = lazyComponent(async () => (await loadMessagesPanel()).MessagesPanel, PanelPlaceholder)

export async function preloadDropdowns(): Promise<void> {
  await NotificationPanel.preload()
  await MessagesPanel.preload()
  await (await loadNotificationPanel()).preloadNotificationSettings()
}

function HeaderDropdown(props: {
  icon: ReactElement
  count: number
  label: string
  testId: string
  open: boolean
  onOpenChange(open: boolean): void
  children: ReactElement
}) {
  const styles = useStyles()
  // Below the header, at the button's end, always: there is never room to open upwards, so the
  // position is not searched for (one overflow measurement fewer on every opening).
  return (
    <Popover
      open={props.open}
      onOpenChange={(_event, data) => props.onOpenChange(data.open)}
      positioning={{ position: 'below', align: 'end', pinned: true }}
      trapFocus
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.button}
          icon={
            <span className={styles.anchor}>
              {props.icon}
              {props.count > 0 ? (
                <CounterBadge
                  className={styles.badge}
                  count={props.count}
                  overflowCount={99}
                  size="small"
                  color="danger"
                  aria-hidden
                  data-testid={`${props.testId}-count`}
                />
              ) : null}
            </span>
          }
          aria-label={props.label}
          title={props.label}
          data-testid={props.testId}
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={props.label}>
        {props.open ? props.children : <span />}
      </PopoverSurface>
    </Popover>
  )
}

type Inbox = ReturnType<typeof useInbox>

/** The inbox's two header dropdowns: the notifications (All / Unread, 24 a page) and the messages (all / unread). */
const DROPDOWNS = {
  notifications: {
    Icon: Alert24Regular,
    testId: 'notification-bell',
    unread: (inbox: Inbox) => inbox.notifications.unreadCount,
    Panel: NotificationPanel
  },
  messages: { Icon: Mail24Regular, testId: 'messages-button', unread: (inbox: Inbox) => inbox.messages.unread, Panel: MessagesPanel }
} satisfies Record<
  string,
  { Icon: ComponentType; testId: string; unread: (inbox: Inbox) => number; Panel: ComponentType<{ onClose: () => void }> }
>

/** A header dropdown of the inbox: its unread count in the badge and the label, its list inside once opened. */
const InboxDropdown = observer(function InboxDropdown({ family }: { family: keyof typeof DROPDOWNS }) {
  useInboxCatalogue()
  const inbox = useInbox()
  const { t } = useTranslation(['inbox', 'shell'])
  const [open, setOpen] = useState(false)
  const { Icon, testId, unread, Panel } = DROPDOWNS[family]
  const count = unread(inbox)
  if (inbox.userId === null) return null
  return (
    <HeaderDropdown
      icon={<Icon />}
      count={count}
      label={
        count === 1
          ? t(`inbox:${family}.labelWithOne`)
          : count > 0
            ? t(`inbox:${family}.labelWithCount`, { count })
            : t(`inbox:${family}.label`)
      }
      testId={testId}
      open={open}
      onOpenChange={setOpen}
    >
      <Panel onClose={() => setOpen(false)} />
    </HeaderDropdown>
  )
})

/** The bell: unread count, and the notification dropdown. */
export const NotificationBell = () => <InboxDropdown family="notifications" />

/** The messages button: unread badge, and the inbox dropdown. */
export const MessagesButton = () => <InboxDropdown family="messages" />
