import type { Catalogue } from './fr.ts'

export const homeEnUS: Catalogue['home'] = {
  page: {
    greeting: 'Hello {{name}}!',
    subtitle: 'Your day on Darsi: live sessions, new lessons and progress.'
  },
  section: {
    loading: 'Loading…',
    failed: 'This part could not be loaded.',
    retry: 'Try again'
  },
  profile: {
    noDivision: 'Class not set',
    unitOne: 'point',
    unitTwo: 'points',
    unitOther: 'points',
    open: 'View my profile',
    pointsLabel: 'Wallet: {{amount}} {{unit}}'
  },
  warning: {
    title: 'Your subscription is ending soon',
    offer: 'Your {{name}} offer ends on {{date}}.',
    slice: 'Instalment {{index}} of your {{name}} offer is due by {{date}}.',
    daysOne: '{{count}} day left',
    daysTwo: '{{count}} days left',
    daysFew: '{{count}} days left',
    daysOther: '{{count}} days left',
    hoursOne: '{{count}} hour left',
    hoursTwo: '{{count}} hours left',
    hoursFew: '{{count}} hours left',
    hoursOther: '{{count}} hours left',
    progress: 'Warning period elapsed',
    renew: 'Renew my offer'
  },
  sessions: {
    title: 'Today’s live sessions',
    empty: 'No live session today.',
    all: 'All sessions',
    time: '{{start}} – {{end}}',
    teacher: 'With {{teacher}}',
    state: {
      inProgress: 'Live now',
      upcoming: 'Coming up',
      finished: 'Finished'
    }
  },
  latest: {
    title: 'Latest lessons',
    empty: 'No new lesson yet.'
  },
  free: {
    title: 'Free videos',
    empty: 'No free video yet.',
    badge: 'Free'
  },
  content: {
    added: 'Added on {{date}}',
    minutesOne: '{{count}} min',
    minutesTwo: '{{count}} min',
    minutesFew: '{{count}} min',
    minutesOther: '{{count}} min'
  },
  progress: {
    title: 'My progress',
    empty: 'No subject for your class.',
    all: 'All subjects',
    value: '{{value}}%'
  },
  forum: {
    title: 'The forum',
    empty: 'No recent topic.',
    open: 'Open the forum',
    meta: '{{author}} · {{date}}',
    replies: 'Replies: {{count}}',
    opensInBrowser: 'Opens in your browser'
  },
  ads: {
    label: 'Featured',
    open: 'Open',
    video: 'Watch the video'
  },
  welcome: {
    title: 'Welcome to Darsi, {{name}}!',
    body: 'Your home brings together today’s live sessions, the latest lessons, free videos and your progress in every subject.',
    start: 'Let’s go'
  }
}
