import { authEnUS } from './auth.en-US.ts'
import type { BundledCatalogue } from './fr.ts'

export const enUS: BundledCatalogue = {
  auth: authEnUS,
  shell: {
    appName: 'Darsi',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    header: {
      homeLink: 'Darsi, back to home',
      openNavigation: 'Open the menu',
      closeNavigation: 'Close the menu',
      expandSidebar: 'Expand the side menu',
      collapseSidebar: 'Collapse the side menu',
      searchLabel: 'Search',
      searchPlaceholder: 'Search for a lesson…'
    },
    sidebar: {
      label: 'Main navigation',
      home: 'Home',
      profile: 'My profile',
      offers: 'Offers',
      subjects: 'Subjects',
      exams: 'Exams',
      sessions: 'Live',
      forum: 'Forum',
      wallet: 'Wallet',
      assistance: 'Help',
      revenue: 'Revenue',
      parrain: 'Referral',
      opensInBrowser: 'Opens in your browser'
    },
    language: {
      label: 'Language',
      change: '{{language}}, change language',
      fr: 'Français',
      'en-US': 'English',
      ar: 'العربية'
    },
    theme: {
      toLight: 'Switch to light theme',
      toDark: 'Switch to dark theme'
    },
    userMenu: {
      label: 'User menu',
      profile: 'My profile',
      favourites: 'Favourites',
      parentRequests: 'Parent requests',
      reports: 'My reports',
      history: 'History',
      terms: 'Terms of use',
      changePassword: 'Change password',
      logout: 'Log out'
    },
    walletWidget: {
      label: 'Wallet: {{amount}} {{unit}}',
      unitOne: 'point',
      unitTwo: 'points',
      unitOther: 'points',
      freeHours: 'Free hours: {{used}} used of {{total}}',
      freeHoursExpired: 'Free hours used up',
      hours: '{{hours}} h',
      minutes: '{{minutes}} min',
      hoursMinutes: '{{hours}} h {{minutes}} min'
    },
    footer: {
      label: 'Contact and social media',
      contact: 'Contact us',
      phone: 'Phone:',
      follow: 'Follow us',
      facebook: 'Facebook',
      instagram: 'Instagram',
      youtube: 'YouTube',
      copyright: '© {{year}} Darsi'
    },
    externalLink: {
      failed: 'The link could not be opened'
    },
    snackbar: {
      region: 'Notifications',
      dismiss: 'Dismiss notification'
    },
    settings: {
      saveFailed: 'The setting could not be saved'
    },
    notFound: {
      title: 'Oops 404 Error',
      text: 'The page you are looking for cannot be found',
      backHome: 'Back to home'
    },
    placeholder: {
      badge: 'Coming soon',
      text: 'The “{{screen}}” screen is coming soon.',
      backHome: 'Back to home'
    },
    error: {
      title: 'Something went wrong',
      text: 'This page could not be displayed.',
      reload: 'Reload'
    }
  },
  routes: {
    home: 'Home',
    profile: 'My profile',
    profileEdit: 'Edit my profile',
    profileEditIncomplete: 'Complete your details',
    offers: 'Offers',
    subjects: 'Subjects',
    courses: 'Courses',
    subjectDetails: 'Subject details',
    lesson: 'Lesson',
    recording: 'Recording',
    courseLesson: 'Lesson',
    courseRecording: 'Recording',
    exams: 'Exams',
    examDetails: 'Exam details',
    examsCalendar: 'Exam calendar',
    sessions: 'Live',
    wallet: 'Wallet',
    favourites: 'Favourites',
    history: 'History',
    parentRequests: 'Parent requests',
    reports: 'My reports',
    assistance: 'Help',
    revenue: 'Revenue',
    generateGiftCode: 'Generate my referral code',
    giftCode: 'Referral',
    convertCoins: 'Convert my tokens',
    parrainProducts: 'Gifts',
    parrainProduct: 'Gift details',
    parrainConfirmOrder: 'Confirm the order',
    parrainPurchaseHistory: 'Order details',
    parrainNoCoins: 'Not enough tokens',
    parrainEmptyCart: 'Empty cart',
    inboxMessage: 'Message',
    confirm: 'Last step',
    updatePassword: 'Change password',
    switch: 'Switching account',
    login: 'Sign in',
    register: 'Create an account',
    requestPasswordReset: 'Forgot password',
    resetPassword: 'Reset password',
    operatorOffers: 'Operator offers',
    socialCallback: 'Signing in',
    notFound: 'Oops 404 Error'
  }
}
