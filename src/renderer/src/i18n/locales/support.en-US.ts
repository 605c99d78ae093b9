import type { Catalogue } from './fr.ts'

export const supportEnUS: Catalogue['support'] = {
  common: {
    loading: 'Loading…',
    failed: 'This page could not be loaded.',
    retry: 'Try again'
  },
  status: {
    pending: 'Pending',
    inProgress: 'In progress',
    rejected: 'Rejected',
    resolved: 'Resolved'
  },
  reports: {
    title: 'My reports',
    subtitle: 'The problems you reported on lesson videos and how they are being handled.',
    empty: 'You have not reported any video.',
    caption: 'My video reports',
    date: 'Date',
    lesson: 'Lesson',
    reason: 'Reason',
    status: 'Status',
    rejectReason: 'Reason for rejection',
    actions: 'Actions',
    edit: 'Edit the report on “{{lesson}}”',
    delete: 'Delete the report on “{{lesson}}”',
    deleted: 'Report deleted',
    confirmTitle: 'Delete this report?',
    confirmBody: 'The report on “{{lesson}}” will be deleted for good.',
    confirmDelete: 'Delete',
    cancel: 'Cancel'
  },
  dialog: {
    createTitle: 'Report a problem',
    editTitle: 'Edit the report',
    lesson: 'Lesson: {{lesson}}',
    reason: 'Reason',
    choose: 'Choose a reason',
    description: 'Description',
    descriptionHint: 'Describe the problem (when it happens, what you see or hear).',
    reasonsFailed: 'The reasons could not be loaded.',
    retry: 'Try again',
    cancel: 'Cancel',
    send: 'Send',
    save: 'Save',
    created: 'Report sent',
    updated: 'Report updated'
  },
  assistance: {
    title: 'Help',
    subtitle: 'Videos to help you use Darsi.',
    empty: 'No help videos yet.',
    unplayable: 'This video cannot be played right now.'
  }
}
