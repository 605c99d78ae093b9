import type { Catalogue } from './fr.ts'

export const inboxEnUS: Catalogue['inbox'] = {
  notifications: {
    label: 'Notifications',
    labelWithOne: 'Notifications, 1 unread',
    labelWithCount: 'Notifications, {{count}} unread',
    title: 'Notifications',
    all: 'All',
    unread: 'Unread',
    empty: 'No notifications yet',
    emptyUnread: 'No unread notifications',
    loadFailed: 'The notifications could not be loaded',
    moreFailed: 'The next ones could not be loaded',
    retry: 'Try again',
    loadingMore: 'Loading more…',
    settings: 'Notification settings',
    back: 'Back to notifications',
    unseen: 'Unread',
    reconnecting: 'Connection lost, reconnecting…'
  },
  messages: {
    label: 'Messages',
    labelWithOne: 'Messages, 1 unread',
    labelWithCount: 'Messages, {{count}} unread',
    title: 'Messages',
    all: 'All',
    unread: 'Unread',
    empty: 'No messages yet',
    emptyUnread: 'No unread messages',
    loadFailed: 'The messages could not be loaded',
    retry: 'Try again',
    unseen: 'Unread',
    notFound: 'This message cannot be found',
    received: 'Received on {{date}}',
    backHome: 'Back to home'
  },
  popup: {
    close: 'Close',
    never: 'Don’t show again',
    failed: 'Your choice could not be saved, please try again'
  },
  search: {
    noOptions: 'No options',
    minChars: 'Type at least 3 characters',
    searching: 'Searching…',
    disabled: 'Search is not available with your offer',
    results: 'Search results'
  }
}
