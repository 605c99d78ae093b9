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
  }
}
