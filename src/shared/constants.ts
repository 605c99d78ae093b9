/** Business constants of the specification (section 9 of both documents). */

export const TUNIS_TIME_ZONE = 'Africa/Tunis'
export const TUNISIA_COUNTRY_ID = 1
export const CURRENCY = 'TND'

export const SNACKBAR_DURATION_MS = 3000
export const RATING_SNACKBAR_DURATION_MS = 6000
export const TOAST_DISMISS_MS = 2000
export const MAX_SNACKBARS = 12

export const SIDEBAR_WIDTH = 280
export const SIDEBAR_MINI_WIDTH = 80
export const MOBILE_BREAKPOINT = 599
export const AD_BREAKPOINTS = [600, 1199] as const

export const NOTIFICATION_PAGE_SIZE = 24
export const NOTIFICATION_PREVIEW_CHARS = 50
export const NOTIFICATION_PREVIEW_CHARS_NARROW = 25
export const NOTIFICATION_NARROW_WIDTH = 480
export const NOTIFICATION_DROPDOWN_MAX_WIDTH = 450

export const USER_REFRESH_INTERVAL_MS = 80_000
export const TABLE_PAGE_SIZES = [10, 25, 100] as const
export const ATTENDANCE_PAGE_SIZE = 10

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 16
export const NAME_MIN = 2
export const NAME_MAX = 25
export const CONFIRMATION_CODE_LENGTH = 6
export const COUPON_MIN_LENGTH = 3
export const MIN_AGE_YEARS = 5
/** Birth dates must be strictly before this day (ISO date). */
export const BIRTH_DATE_BEFORE = '2018-05-16'

export const PAYMENT_AMOUNT_MAX = 9999
export const TRANSFER_MIN = 10
export const TRANSFER_MAX = 5000

/** A lesson completes once 80 % of its seconds have been watched (part 2, §4 and §9). */
export const LESSON_COMPLETE_PERCENT = 80
/** The player sends a progress tick every 5 s, and its socket reconnects 5 s after a close (part 2, §9). */
export const PROGRESS_TICK_SECONDS = 5
export const PROGRESS_RECONNECT_SECONDS = 5
/** The subject page lists 5 other subjects until 'voir plus' (part 2, §9). */
export const OTHER_SUBJECTS_SHOWN = 5

export const SEARCH_MIN_CHARS = 3
export const SEARCH_DISABLED_GROUP_ID = 104
export const MOVED_CONTENT_DIVISIONS = [23, 24, 25, 26, 27, 28, 29, 30, 33, 34] as const
export const LOGIN_COOKIE_DAYS = 365

/** Contact and community links shown by the shell (opened in the system browser). */
export const CONTACT_PHONE = '+216 70 000 000'
export const FORUM_URL = 'https://forum.darsi.tn'
export const TERMS_URL = 'https://darsi.tn/conditions-generales'
export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/darsi.tn',
  instagram: 'https://www.instagram.com/darsi.tn',
  youtube: 'https://www.youtube.com/@darsi.tn'
} as const
