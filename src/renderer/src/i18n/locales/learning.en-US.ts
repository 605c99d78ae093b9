import type { Catalogue } from './fr.ts'

export const learningEnUS: Catalogue['learning'] = {
  section: {
    loading: 'Loading…',
    failed: 'This page could not be loaded.',
    retry: 'Try again'
  },
  subjects: {
    title: 'Subjects',
    coursesTitle: 'Courses',
    subtitle: 'Choose a subject to follow its chapters and lessons.',
    empty: 'No subject is available for your class.',
    progress: 'Progress',
    progressValue: '{{value}}%'
  },
  details: {
    back: 'Subjects',
    tabsLabel: 'Chapter types',
    tabs: {
      course: 'Lessons',
      exam: 'Exams',
      recording: 'Recordings',
      divers: 'Miscellaneous'
    },
    otherChapters: 'Other chapters',
    chapterProgress: 'Progress of chapter {{number}}',
    noLesson: 'Coming soon',
    videosOne: '{{count}} video',
    videosTwo: '{{count}} videos',
    videosFew: '{{count}} videos',
    videosOther: '{{count}} videos',
    magazinesOne: '{{count}} Magazine',
    magazinesTwo: '{{count}} Magazines',
    magazinesFew: '{{count}} Magazines',
    magazinesOther: '{{count}} Magazines',
    levelRefused: 'Access not authorised for this level',
    levelRefusedText: 'This subject does not belong to your class.',
    backToSubjects: 'Back to subjects'
  },
  widget: {
    label: 'About the subject',
    progress: 'Progress',
    chaptersOne: '{{count}} chapter',
    chaptersTwo: '{{count}} chapters',
    chaptersFew: '{{count}} chapters',
    chaptersOther: '{{count}} chapters',
    videosOne: '{{count}} video',
    videosTwo: '{{count}} videos',
    videosFew: '{{count}} videos',
    videosOther: '{{count}} videos',
    others: 'Other subjects',
    more: 'see more',
    less: 'see less'
  },
  ads: {
    label: 'Discover',
    open: 'Discover',
    video: 'Watch the video'
  },
  lesson: {
    breadcrumb: 'Breadcrumb',
    back: 'Back to {{subject}}',
    previous: 'Previous lesson',
    next: 'Next lesson',
    completed: 'Lesson completed',
    watched: '{{value}} % watched',
    instructor: 'Teacher',
    chapter: 'Chapter',
    attachments: 'Attachments',
    noAttachments: 'No attachments in this lesson',
    listLabel: 'Lessons of the subject',
    current: 'Current lesson',
    lockedLesson: 'Locked lesson',
    completedLesson: 'Lesson completed',
    lockedTitle: 'This course is locked',
    lockedText: 'You need to unlock this course: choose an offer to watch this lesson.',
    lockedAction: 'See the offers',
    noVideo: 'The video of this lesson will be available soon.',
    freeEndedTitle: 'Your free hours are over',
    freeEndedText: 'Subscribe to an offer to keep watching the lessons.',
    freeEndedAction: 'See the offers',
    freeHours: 'This lesson counts against your free hours.'
  },
  player: {
    label: 'Video player: {{name}}',
    play: 'Play',
    pause: 'Pause',
    seek: 'Position in the video',
    time: '{{position}} of {{duration}}',
    speed: 'Speed',
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    offline: 'Connection lost: your progress is kept and will be sent as soon as it is back.',
    failed: 'The video could not be played.',
    retry: 'Try again',
    keys: 'Space: play or pause · ← →: 5 seconds · F: full screen'
  },
  actions: {
    label: 'Lesson actions',
    bookmark: 'Add to favourites',
    unbookmark: 'Remove from favourites',
    love: 'Love',
    report: 'Report',
    sad: 'Sad',
    interactionsOne: '{{count}} interaction',
    interactionsTwo: '{{count}} interactions',
    interactionsFew: '{{count}} interactions',
    interactionsOther: '{{count}} interactions',
    unlockFirst: 'You need to unlock this course',
    failed: 'Your action could not be saved. Try again.',
    bookmarkAdded: 'Lesson added to your favourites',
    bookmarkRemoved: 'Lesson removed from your favourites'
  },
  favourites: {
    title: 'Favourites',
    subtitle: 'The lessons you added to your favourites, newest first.',
    empty: 'No lessons in your favourites yet.',
    since: 'added on {{date}}',
    remove: 'Remove “{{name}}” from favourites'
  },
  attachments: {
    download: 'Download {{name}}',
    downloadShort: 'Download',
    retry: 'Retry downloading {{name}}',
    retryShort: 'Retry',
    downloading: 'Downloading {{name}}',
    failed: 'The download failed: no file was saved.',
    notIncluded: 'Not included in your offer'
  }
}
