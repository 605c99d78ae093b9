/**
 * The one Drizzle schema of the platform API, for PGlite and PostgreSQL alike. Migrations in
 * `server/drizzle/` are generated from it with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

/** An instant, stored with its time zone (`timestamptz`) and read as a Date. */
const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => instant('created_at').notNull().defaultNow()
const updatedAt = () => instant('updated_at').notNull().defaultNow()
/** When a row was written and last changed. */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })

/** A required reference to another table's row. */
const refersTo = <N extends string>(name: N, target: () => AnyPgColumn) => integer(name).notNull().references(target)
/** A required reference to the row this one belongs to: deleted with it. */
const belongsTo = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' })

/**
 * A set of whole-second ranges (PostgreSQL's int4multirange, `{[0,5),[12,20)}`): the database
 * merges them, `+` being the union, so a range added twice is counted once.
 */
const secondRanges = customType<{ data: string; driverData: string }>({ dataType: () => 'int4multirange' })

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  nameFr: text('name_fr').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  position: integer('position').notNull().default(1000)
})

export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    countryId: refersTo('country_id', () => countries.id),
    nameFr: text('name_fr').notNull(),
    nameAr: text('name_ar').notNull()
  },
  (t) => [index('states_country_idx').on(t.countryId)]
)

export const delegations = pgTable(
  'delegations',
  {
    id: integer('id').primaryKey(),
    stateId: refersTo('state_id', () => states.id),
    name: text('name').notNull(),
    /** The Arabic name where it is known (the French one stands for it otherwise); so for the class tables below. */
    nameAr: text('name_ar')
  },
  (t) => [index('delegations_state_idx').on(t.stateId)]
)

export const institutes = pgTable(
  'institutes',
  {
    id: integer('id').primaryKey(),
    stateId: refersTo('state_id', () => states.id),
    delegationId: integer('delegation_id').references(() => delegations.id),
    name: text('name').notNull(),
    nameAr: text('name_ar')
  },
  (t) => [index('institutes_state_idx').on(t.stateId)]
)

export const levels = pgTable('levels', {
  id: integer('id').primaryKey(),
  slug: varchar('slug', { length: 16 }).notNull().unique(),
  name: text('name').notNull(),
  nameAr: text('name_ar'),
  position: integer('position').notNull()
})

export const divisions = pgTable(
  'divisions',
  {
    id: integer('id').primaryKey(),
    levelId: refersTo('level_id', () => levels.id),
    name: text('name').notNull(),
    nameAr: text('name_ar'),
    position: integer('position').notNull()
  },
  (t) => [index('divisions_level_idx').on(t.levelId)]
)

export const optionalSubjects = pgTable(
  'optional_subjects',
  {
    id: integer('id').primaryKey(),
    divisionId: refersTo('division_id', () => divisions.id),
    name: text('name').notNull(),
    nameAr: text('name_ar')
  },
  (t) => [index('optional_subjects_division_idx').on(t.divisionId)]
)

export const offerGroups = pgTable('offer_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Its subscriptions open lessons (the free offer, 83, opens none: only the free lessons). */
  unlocksContent: boolean('unlocks_content').notNull().default(true)
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: varchar('role', { length: 16 }).notNull().default('student'),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    pendingEmail: text('pending_email'),
    phone: varchar('phone', { length: 32 }),
    /** The phone was proven by a code sent to it (registration or a change of number). */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    phone2: varchar('phone2', { length: 32 }),
    gender: varchar('gender', { length: 8 }),
    birthDate: date('birth_date', { mode: 'string' }),
    avatar: text('avatar'),
    countryId: integer('country_id').references(() => countries.id),
    stateId: integer('state_id').references(() => states.id),
    delegationId: integer('delegation_id').references(() => delegations.id),
    instituteId: integer('institute_id').references(() => institutes.id),
    divisionId: integer('division_id').references(() => divisions.id),
    optionalSubjectId: integer('optional_subject_id').references(() => optionalSubjects.id),
    passwordHash: text('password_hash'),
    passwordChangedAt: instant('password_changed_at'),
    verified: boolean('verified').notNull().default(false),
    /** When the account was first confirmed (a code, a social sign-in, an operator): it stays set when a new credential waits for its code. */
    confirmedAt: instant('confirmed_at'),
    completed: boolean('completed').notNull().default(false),
    isTest: boolean('is_test').notNull().default(false),
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    freeHours: integer('free_hours').notNull().default(0),
    hasEditDivision: boolean('has_edit_division').notNull().default(true),
    businessId: integer('business_id'),
    takeTrialAdvantage: boolean('take_trial_advantage').notNull().default(false),
    giftCode: text('gift_code'),
    giftPoint: integer('gift_point').notNull().default(0),
    /** Feature flags of the permissions object that later features will compute. */
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    notificationPreferences: jsonb('notification_preferences').$type<Record<string, boolean>>().notNull().default({}),
    notificationToken: text('notification_token'),
    parentId: integer('parent_id'),
    ...timestamps()
  },
  (t) => [
    // Only a proven phone or e-mail is claimed: an unconfirmed registration, or an address typed in
    // beside the account's own credential, holds nothing another account could not prove later.
    uniqueIndex('users_proven_email_uq')
      .on(t.email)
      .where(sql`email_verified and email is not null`),
    uniqueIndex('users_proven_phone_uq')
      .on(t.phone)
      .where(sql`phone_verified and phone is not null`),
    index('users_email_idx').on(t.email),
    index('users_phone_idx').on(t.phone),
    uniqueIndex('users_google_uq').on(t.googleId),
    uniqueIndex('users_facebook_uq').on(t.facebookId),
    // A parent's pupils (the transfers a parent may confirm and sees in their history).
    index('users_parent_idx').on(t.parentId)
  ]
)

export const userOffers = pgTable(
  'user_offers',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    groupId: refersTo('group_id', () => offerGroups.id),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    chapterId: integer('chapter_id'),
    /** What the subscription cost, in millimes (1 point = 1000). */
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    /** The offer bought, for subscriptions bought through the catalogue (decision 0034). */
    offerId: integer('offer_id').references(() => offers.id),
    /** When the pupil cancelled it: access stays to its end date, and it is never renewed (decision 0045). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' })
  },
  (t) => [index('user_offers_user_idx').on(t.userId)]
)

/**
 * The subjects a subscription opens when it opens only some (a pack of chosen subjects); a
 * subscription without rows here opens every subject of the pupil's class, one with a
 * `chapter_id` that chapter only (docs/decisions/0027-learning-access-and-progress.md).
 */
export const userOfferSubjects = pgTable(
  'user_offer_subjects',
  {
    userOfferId: belongsTo('user_offer_id', () => userOffers.id),
    subjectId: belongsTo('subject_id', () => subjects.id)
  },
  (t) => [primaryKey({ columns: [t.userOfferId, t.subjectId] })]
)

/** A sign-in: its refresh tokens form one rotation family. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    impersonatorId: integer('impersonator_id'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 32 })
  },
  (t) => [index('sessions_user_idx').on(t.userId)]
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: varchar('session_id', { length: 64 })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at')
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)]
)

/** One-time codes: registration, reset, e-mail confirmation, transfer confirmation. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    target: text('target').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at')
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)]
)

/** Messages to deliver by e-mail or SMS; in development this table is the delivery. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 8 }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    code: varchar('code', { length: 16 }),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error')
  },
  (t) => [index('outbox_to_idx').on(t.to)]
)

/** Spent bot-check solutions, kept until their challenge expires. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: varchar('signature', { length: 128 }).primaryKey(),
  expiresAt: instant('expires_at').notNull()
})

/** Failed sign-ins per normalised username (known or not), for the per-account limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    accountKey: varchar('account_key', { length: 64 }).notNull(),
    createdAt: createdAt()
  },
  (t) => [index('login_failures_key_idx').on(t.accountKey, t.createdAt)]
)

/** One-time codes of the sandbox OAuth provider. */
export const oauthSandboxCodes = pgTable('oauth_sandbox_codes', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  lastName: text('last_name').notNull(),
  /** PKCE: base64url SHA-256 of the app's secret verifier, which the exchange must present. */
  codeChallenge: varchar('code_challenge', { length: 64 }).notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at')
})

/*
 * The points wallet: an append-only double-entry ledger. Amounts are integer millimes (1 point =
 * 1 dinar = 1000 millimes) so prices such as 17.25 stay exact. The migration adds what Drizzle
 * cannot express: triggers refusing UPDATE/DELETE/TRUNCATE of transactions and entries, a
 * deferred check that every transaction sums to zero, and the trigger keeping `balance` equal to
 * the sum of the account's entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** A user's wallet, or a system account (clearing, held transfers, opening balances …). */
    userId: integer('user_id').references(() => users.id),
    code: varchar('code', { length: 48 }).notNull(),
    /** System accounts may go below zero (a clearing account is where money comes from). */
    allowNegative: boolean('allow_negative').notNull().default(false),
    /** Sum of the account's entries, maintained by a trigger on ledger_entries. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_uq').on(t.code),
    uniqueIndex('ledger_accounts_user_uq').on(t.userId),
    check('ledger_accounts_no_overdraft', sql`${t.allowNegative} or ${t.balance} >= 0`)
  ]
)

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** What the transaction settles (`payment:12`, `transfer:4:hold` …); unique per kind: posted once. */
    reference: varchar('reference', { length: 96 }).notNull(),
    memo: text('memo'),
    createdAt: createdAt()
  },
  (t) => [uniqueIndex('ledger_transactions_reference_uq').on(t.kind, t.reference)]
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: refersTo('transaction_id', () => ledgerTransactions.id),
    accountId: refersTo('account_id', () => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt()
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`)
  ]
)

/** Answers of money-moving POSTs by Idempotency-Key: replayed for the same key and body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: belongsTo('user_id', () => users.id),
    scope: varchar('scope', { length: 96 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** A request still running past this instant is presumed dead (process killed): its key is free again. */
    lockedUntil: instant('locked_until').notNull(),
    createdAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })]
)

/** A top-up request ("points code"): bank transfer, D17 QR or online card. */
export const paymentCodes = pgTable(
  'payment_codes',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    method: varchar('method', { length: 16 }).notNull(),
    reference: text('reference'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    comment: text('comment'),
    /** pending → approved | rejected (bank), pending → paid | failed (card, D17). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** Unguessable order id shown to the payment gateway and carried by the darsi:// return. */
    orderId: varchar('order_id', { length: 64 }).notNull(),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    decidedAt: instant('decided_at')
  },
  (t) => [
    uniqueIndex('payment_codes_order_uq').on(t.orderId),
    // A user's codes newest first (the history reads them in this order).
    index('payment_codes_user_idx').on(t.userId, t.id),
    check('payment_codes_amount_positive', sql`${t.amount} > 0`)
  ]
)

/** A points transfer: held on creation, moved on confirmation, released on rejection or expiry. */
export const pointTransfers = pgTable(
  'point_transfers',
  {
    id: serial('id').primaryKey(),
    fromUserId: refersTo('from_user_id', () => users.id),
    toUserId: refersTo('to_user_id', () => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** waiting_confirmation → confirmed | rejected | expired */
    status: varchar('status', { length: 24 }).notNull().default('waiting_confirmation'),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeExpiresAt: instant('code_expires_at').notNull(),
    /** The hold is released after this instant if the transfer is still unconfirmed. */
    expiresAt: instant('expires_at').notNull(),
    /** The administrator impersonating the sender when it was created. */
    adminId: integer('admin_id').references(() => users.id),
    /** The parent who confirmed for the pupil, if any. */
    confirmedByParentId: integer('confirmed_by_parent_id').references(() => users.id),
    ...timestamps()
  },
  (t) => [
    index('point_transfers_from_idx').on(t.fromUserId),
    index('point_transfers_to_idx').on(t.toUserId),
    check('point_transfers_amount_positive', sql`${t.amount} > 0`),
    check('point_transfers_not_self', sql`${t.fromUserId} <> ${t.toUserId}`)
  ]
)

/** Reasons a pupil may give for a class change; id 4 ("other") needs a free text. */
export const divisionChangeReasons = pgTable('division_change_reasons', {
  id: integer('id').primaryKey(),
  textFr: text('text_fr').notNull(),
  textEn: text('text_en').notNull(),
  textAr: text('text_ar').notNull(),
  position: integer('position').notNull()
})

/** A class change request: pending → approved (the pupil's class changes) | rejected. */
export const divisionRequests = pgTable(
  'division_requests',
  {
    id: serial('id').primaryKey(),
    userId: refersTo('user_id', () => users.id),
    oldDivisionId: integer('old_division_id').references(() => divisions.id),
    newDivisionId: refersTo('new_division_id', () => divisions.id),
    reasonId: refersTo('reason_id', () => divisionChangeReasons.id),
    reason2: text('reason2'),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt()
  },
  (t) => [
    index('division_requests_user_idx').on(t.userId),
    // One pending request per pupil, also against two concurrent submissions.
    uniqueIndex('division_requests_one_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    check('division_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`)
  ]
)

/** An uploaded report card; the file lives in the storage service under `storageKey`. */
export const marksheets = pgTable(
  'marksheets',
  {
    id: serial('id').primaryKey(),
    userId: refersTo('user_id', () => users.id),
    divisionId: refersTo('division_id', () => divisions.id),
    trimester: integer('trimester').notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt()
  },
  (t) => [
    index('marksheets_user_idx').on(t.userId),
    check('marksheets_trimester', sql`${t.trimester} between 1 and 3`),
    check('marksheets_status', sql`${t.status} in ('pending', 'approved', 'rejected')`)
  ]
)

/** The ad cards of the home, profile and subjects side columns. */
export const adCards = pgTable('ad_cards', {
  id: integer('id').primaryKey(),
  type: varchar('type', { length: 16 }).notNull(),
  position: integer('position').notNull(),
  iconUrl: text('icon_url'),
  text: text('text'),
  textImageUrl: text('text_image_url'),
  videoLink: text('video_link'),
  urlLink: text('url_link'),
  backgroundUrl: text('background_url'),
  visible: boolean('visible').notNull().default(true),
  iconPosition: varchar('icon_position', { length: 8 }),
  color: varchar('color', { length: 16 })
})

// ── Learning content (home, search; the learning screens extend these) ─────────────────────

/** A subject of one class (division): "Mathématiques" of the Bac Mathématiques is its own row. */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    /** The id of the subject across classes (the same "Mathématiques" in every class). */
    oId: integer('o_id'),
    divisionId: refersTo('division_id', () => divisions.id),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 128 }).notNull(),
    thumbnail: text('thumbnail'),
    color: varchar('color', { length: 16 }),
    position: integer('position').notNull().default(0),
    visible: boolean('visible').notNull().default(true)
  },
  (t) => [uniqueIndex('subjects_division_slug_uq').on(t.divisionId, t.slug)]
)

export const chapterSections = pgTable(
  'chapter_sections',
  {
    id: serial('id').primaryKey(),
    subjectId: belongsTo('subject_id', () => subjects.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** The tab of the subject's page it shows under: the type of its chapters. */
    type: varchar('type', { length: 16 }).notNull().default('course')
  },
  (t) => [
    index('chapter_sections_subject_idx').on(t.subjectId),
    check('chapter_sections_type', sql`${t.type} in ('course', 'recording', 'exam', 'divers')`)
  ]
)

export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    subjectId: belongsTo('subject_id', () => subjects.id),
    sectionId: integer('section_id').references(() => chapterSections.id, { onDelete: 'set null' }),
    slug: varchar('slug', { length: 128 }).notNull(),
    name: text('name').notNull(),
    type: varchar('type', { length: 16 }).notNull().default('course'),
    instructor: text('instructor'),
    position: integer('position').notNull().default(0)
  },
  (t) => [
    uniqueIndex('chapters_subject_slug_uq').on(t.subjectId, t.slug),
    check('chapters_type', sql`${t.type} in ('course', 'recording', 'exam', 'divers')`)
  ]
)

/** A lesson: a video, a recording, a magazine or a quiz. */
export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    chapterId: belongsTo('chapter_id', () => chapters.id),
    slug: varchar('slug', { length: 160 }).notNull(),
    name: text('name').notNull(),
    /** 1 YouTube video, 2 encrypted video, 3 magazine, 6 recording, 7 quiz. */
    typeId: integer('type_id').notNull().default(1),
    instructorName: text('instructor_name'),
    instructorLastName: text('instructor_last_name'),
    instructorDescription: text('instructor_description'),
    isFree: boolean('is_free').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Length of its video, seconds: the one its progress is measured against (null without a video). */
    durationSeconds: integer('duration_seconds'),
    /** Written right to left (Arabic). */
    rtl: boolean('rtl').notNull().default(false),
    /** The quiz of a QCM lesson (the quizzes come with their own work). */
    qcmId: integer('qcm_id'),
    createdAt: createdAt()
  },
  (t) => [uniqueIndex('contents_chapter_slug_uq').on(t.chapterId, t.slug), index('contents_created_idx').on(t.createdAt)]
)

/**
 * The video file of a lesson, in the file store under `storage_key` (`demo/…` keys are the
 * bundled demo clips). A recording links to the live session it recorded.
 */
export const contentVideos = pgTable(
  'content_videos',
  {
    id: serial('id').primaryKey(),
    contentId: belongsTo('content_id', () => contents.id),
    storageKey: text('storage_key').notNull(),
    mimeType: varchar('mime_type', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    position: integer('position').notNull().default(0),
    liveEventId: integer('live_event_id').references(() => liveEvents.id, { onDelete: 'set null' }),
    createdAt: createdAt()
  },
  (t) => [index('content_videos_content_idx').on(t.contentId), check('content_videos_duration', sql`${t.durationSeconds} > 0`)]
)

/** How far a pupil went in a lesson (the progress service). */
export const contentProgress = pgTable(
  'content_progress',
  {
    userId: belongsTo('user_id', () => users.id),
    contentId: belongsTo('content_id', () => contents.id),
    percentage: integer('percentage').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    lastWatchedSecond: integer('last_watched_second').notNull().default(0),
    /** Seconds watched on free hours. */
    freeSeconds: integer('free_seconds').notNull().default(0),
    /** The seconds of the video watched at least once, merged; completion counts them, not the playhead. */
    watched: secondRanges('watched')
      .notNull()
      .default(sql`'{}'::int4multirange`),
    /** How many seconds `watched` covers. */
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    /** When the tick that set `last_watched_second` was played (the client's clock, ms): a later one wins. */
    lastTickAt: bigint('last_tick_at', { mode: 'number' }),
    updatedAt: updatedAt()
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] }), check('content_progress_percentage', sql`${t.percentage} between 0 and 100`)]
)

/**
 * One viewing of a lesson by a pupil (a player session), named by the client's `viewToken`: its
 * ticks are applied in order, once each (a sequence at or below the last is a replay).
 */
export const progressViews = pgTable(
  'progress_views',
  {
    viewToken: varchar('view_token', { length: 64 }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    contentId: belongsTo('content_id', () => contents.id),
    lastSequence: integer('last_sequence').notNull(),
    /** The client's clock at the last tick, ms. */
    lastAt: bigint('last_at', { mode: 'number' }).notNull(),
    ...timestamps()
  },
  (t) => [index('progress_views_updated_idx').on(t.updatedAt)]
)

/** A live session. */
export const liveEvents = pgTable(
  'live_events',
  {
    id: serial('id').primaryKey(),
    subjectId: belongsTo('subject_id', () => subjects.id),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    teacher: text('teacher'),
    description: text('description'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    versPilote: boolean('vers_pilote').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false)
  },
  (t) => [
    index('live_events_starts_idx').on(t.startsAt),
    // A class's sessions of a day or a week: per subject, by start.
    index('live_events_subject_starts_idx').on(t.subjectId, t.startsAt),
    check('live_events_span', sql`${t.endsAt} > ${t.startsAt}`)
  ]
)

/**
 * The pupils taking part in a live session: joined by buying the chapter it belongs to (issue 28),
 * the live sessions' join to come (`source`). Once per pupil and session.
 */
export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: belongsTo('event_id', () => liveEvents.id),
    userId: belongsTo('user_id', () => users.id),
    source: varchar('source', { length: 32 }).notNull(),
    joinedAt: instant('joined_at').notNull()
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_participants_user_idx').on(t.userId)]
)

/** Latest forum topics shown on the home (the forum itself is an external site). */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    /** Path on the forum site (joined to the forum's base URL). */
    path: text('path').notNull(),
    replies: integer('replies').notNull().default(0),
    levelId: integer('level_id').references(() => levels.id),
    createdAt: createdAt()
  },
  (t) => [index('forum_posts_created_idx').on(t.createdAt)]
)

// ── Notifications, messages and popups (the notification service) ───────────────────────────

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A route of the app (`/porte-monnaie`) or an https URL. */
    link: text('link'),
    /** The preference flag that governs it (`transferPoint` …); null for general ones. */
    type: varchar('type', { length: 48 }),
    seen: boolean('seen').notNull().default(false),
    seenAt: instant('seen_at'),
    createdAt: createdAt()
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The unread ones newest first: the bell's tab and its count.
    index('notifications_unread_idx')
      .on(t.userId, t.id)
      .where(sql`not seen`)
  ]
)

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    name: text('name').notNull(),
    body: text('body').notNull(),
    seen: boolean('seen').notNull().default(false),
    createdAt: createdAt()
  },
  (t) => [
    index('inbox_messages_user_idx').on(t.userId, t.createdAt),
    // The unread count of the inbox.
    index('inbox_messages_unread_idx')
      .on(t.userId)
      .where(sql`not seen`)
  ]
)

/** A popup for one user, or for everybody when `user_id` is null. */
export const popups = pgTable(
  'popups',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    body: text('body').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt()
  },
  (t) => [index('popups_user_idx').on(t.userId)]
)

/** "Never show again", per user. */
export const popupHides = pgTable(
  'popup_hides',
  {
    popupId: varchar('popup_id', { length: 36 })
      .notNull()
      .references(() => popups.id, { onDelete: 'cascade' }),
    userId: belongsTo('user_id', () => users.id),
    hiddenAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.popupId, t.userId] })]
)

// ── Offers and purchases (issue 28, decision 0034) ───────────────────────────────────────────

/**
 * An offer of the catalogue (part 1, §2 Offers, §9): what a purchase of it opens is its group's
 * (`user_offers.group_id`); the offers page shows them by position.
 */
export const offers = pgTable('offers', {
  id: integer('id').primaryKey(),
  groupId: refersTo('group_id', () => offerGroups.id),
  name: text('name').notNull(),
  nameAr: text('name_ar'),
  isFree: boolean('is_free').notNull().default(false),
  position: integer('position').notNull().default(0),
  /** Holders of a mobile-operator client record see an unsubscribe menu on it (offer 33). */
  unsubscribable: boolean('unsubscribable').notNull().default(false)
})

/**
 * An offer as one class buys it (the specification's Offer division): a whole-class offer
 * ('primary') or a pack of subjects chosen among its subject details ('pack'). Amounts in millimes.
 */
export const offerDivisions = pgTable(
  'offer_divisions',
  {
    id: serial('id').primaryKey(),
    offerId: belongsTo('offer_id', () => offers.id),
    divisionId: refersTo('division_id', () => divisions.id),
    name: text('name').notNull(),
    nameAr: text('name_ar'),
    type: varchar('type', { length: 8 }).notNull().default('primary'),
    color: varchar('color', { length: 16 }),
    description: text('description'),
    descriptionAr: text('description_ar'),
    buttonLabel: text('button_label'),
    buttonLabelAr: text('button_label_ar'),
    disabled: boolean('disabled').notNull().default(false),
    /** The crossed-out price and the price of an offer without a period selector (offer 102), or pack 115's per-subject price. */
    basePrice: bigint('base_price', { mode: 'number' }),
    finalPrice: bigint('final_price', { mode: 'number' }),
    /** The catalogue's own reduction as the card shows it: { discountType, discountValue }. */
    infoDiscount: jsonb('info_discount').$type<{ discountType: 'percentage_discount' | 'fixed'; discountValue: number }>(),
    /** The instalment plan: the slices' amounts in millimes (empty: paid at once). */
    slices: jsonb('slices').$type<number[]>().notNull().default([])
  },
  (t) => [
    uniqueIndex('offer_divisions_offer_division_uq').on(t.offerId, t.divisionId),
    index('offer_divisions_division_idx').on(t.divisionId),
    check('offer_divisions_type', sql`${t.type} in ('primary', 'pack')`)
  ]
)

/** A pricing entry of an offer division: one period it sells, at its price before and after its own discount (millimes). */
export const offerPrices = pgTable(
  'offer_prices',
  {
    offerDivisionId: belongsTo('offer_division_id', () => offerDivisions.id),
    period: varchar('period', { length: 16 }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    finalPrice: bigint('final_price', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }),
    /** Hundredths of a percent (1250 is 12.5 %). */
    discountBasisPoints: integer('discount_basis_points'),
    position: integer('position').notNull().default(0)
  },
  (t) => [
    primaryKey({ columns: [t.offerDivisionId, t.period] }),
    check('offer_prices_period', sql`${t.period} in ('day', 'week', 'month', 'rest_of_year', 'fixed')`),
    check('offer_prices_amounts', sql`${t.price} >= 0 and ${t.finalPrice} >= 0`)
  ]
)

/** A subject a pack sells, at its own price (millimes). */
export const offerSubjectDetails = pgTable(
  'offer_subject_details',
  {
    id: serial('id').primaryKey(),
    offerDivisionId: belongsTo('offer_division_id', () => offerDivisions.id),
    subjectId: belongsTo('subject_id', () => subjects.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0)
  },
  (t) => [uniqueIndex('offer_subject_details_uq').on(t.offerDivisionId, t.subjectId)]
)

/**
 * A purchase with points: the quote the server computed (its snapshot), the ledger transaction
 * that paid it and the subscription it opened. One per Idempotency-Key.
 */
export const offerOrders = pgTable(
  'offer_orders',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    offerDivisionId: refersTo('offer_division_id', () => offerDivisions.id),
    offerId: refersTo('offer_id', () => offers.id),
    period: varchar('period', { length: 16 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** The order's total after every rule, and what was paid now (the first slice or the whole), millimes. */
    total: bigint('total', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    sliceIndex: integer('slice_index').notNull().default(-1),
    /** A plan in instalments: its slices, and how many are paid (slice n is paid only after slices < n). 0 and 0 when paid at once. */
    sliceCount: integer('slice_count').notNull().default(0),
    slicesPaid: integer('slices_paid').notNull().default(0),
    code: varchar('code', { length: 64 }),
    status: varchar('status', { length: 16 }).notNull().default('paid'),
    userOfferId: integer('user_offer_id').references(() => userOffers.id),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** The engine's quote: every figure and the rules it used. */
    quote: jsonb('quote').notNull(),
    createdAt: createdAt(),
    /** An operator's refund (docs/decisions/0048-order-refunds.md): when, and why; `status` is then 'refunded'. */
    refundedAt: instant('refunded_at'),
    refundReason: varchar('refund_reason', { length: 500 })
  },
  (t) => [
    index('offer_orders_user_idx').on(t.userId, t.id),
    check('offer_orders_amounts', sql`${t.total} >= 0 and ${t.paid} >= 0`),
    check('offer_orders_slices', sql`${t.slicesPaid} >= 0 and ${t.slicesPaid} <= ${t.sliceCount}`)
  ]
)

/**
 * A coupon (the specification's Discount code): a percentage (basis points) or a fixed amount
 * (millimes), limited to offers, offer divisions and the rest of the year when these are given,
 * with an optional number of uses, an expiry, an active flag and an owner (who may not use it).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored as compared: without surrounding spaces, in capitals. */
    code: varchar('code', { length: 64 }).notNull(),
    discountType: varchar('discount_type', { length: 24 }).notNull(),
    /** Basis points for a percentage (1000 is 10 %), millimes for a fixed amount. */
    discountValue: bigint('discount_value', { mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: instant('expires_at'),
    /** Uses allowed in all (null: no limit), and made so far. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** For the rest of the school year only (the specification's allYear). */
    allYear: boolean('all_year').notNull().default(false),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(t.code),
    check('discount_codes_type', sql`${t.discountType} in ('percentage_discount', 'fixed')`),
    check('discount_codes_value', sql`${t.discountValue} >= 0 and (${t.discountType} = 'fixed' or ${t.discountValue} <= 10000)`),
    check('discount_codes_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`)
  ]
)

/** The offers a coupon is limited to (discount_code_offers). */
export const discountCodeOffers = pgTable(
  'discount_code_offers',
  {
    discountCodeId: belongsTo('discount_code_id', () => discountCodes.id),
    offerId: belongsTo('offer_id', () => offers.id)
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.offerId] })]
)

/** The offer divisions a coupon is limited to (discount_code_offer_division). */
export const discountCodeOfferDivisions = pgTable(
  'discount_code_offer_divisions',
  {
    discountCodeId: belongsTo('discount_code_id', () => discountCodes.id),
    offerDivisionId: belongsTo('offer_division_id', () => offerDivisions.id)
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.offerDivisionId] })]
)

/**
 * The code a pupil applied in the purchase dialog, waiting for the purchase: one at a time. A
 * coupon names its row; a referral code (CP…) only its text.
 */
export const appliedDiscountCodes = pgTable(
  'applied_discount_codes',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    code: varchar('code', { length: 64 }).notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'cascade' }),
    offerDivisionId: belongsTo('offer_division_id', () => offerDivisions.id),
    quantity: integer('quantity'),
    allYear: boolean('all_year').notNull().default(false),
    createdAt: createdAt()
  },
  (t) => [uniqueIndex('applied_discount_codes_user_uq').on(t.userId)]
)

/** A coupon used by a pupil in a purchase: once per pupil and code, counted in the coupon's uses. */
export const discountCodeRedemptions = pgTable(
  'discount_code_redemptions',
  {
    discountCodeId: belongsTo('discount_code_id', () => discountCodes.id),
    userId: belongsTo('user_id', () => users.id),
    orderId: refersTo('order_id', () => offerOrders.id),
    createdAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.userId] })]
)

// ── Around the lesson: reactions and bookmarks (docs/decisions/0036-reactions-and-bookmarks.md) ──

/** A pupil's reaction to a lesson (part 2, §3 Reactions): one per pupil and lesson, replaced or removed. */
export const contentReactions = pgTable(
  'content_reactions',
  {
    userId: belongsTo('user_id', () => users.id),
    contentId: belongsTo('content_id', () => contents.id),
    reactionType: varchar('reaction_type', { length: 16 }).notNull(),
    ...timestamps()
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    index('content_reactions_content_idx').on(t.contentId, t.reactionType),
    check('content_reactions_type', sql`${t.reactionType} in ('angry', 'sad', 'thinking', 'happy', 'love')`)
  ]
)

/** A bookmarked lesson (part 2, §3 Bookmark): one per pupil and lesson; toggling removes it. */
export const contentBookmarks = pgTable(
  'content_bookmarks',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    contentId: belongsTo('content_id', () => contents.id),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex('content_bookmarks_user_content_uq').on(t.userId, t.contentId),
    index('content_bookmarks_user_idx').on(t.userId, t.createdAt)
  ]
)

// ── Video reports (docs/decisions/0039-video-reports.md) ─────────────────────────────────────

/** The reasons a video can be reported for (part 2, §3 Report reason), in the three languages. */
export const videoReportReasons = pgTable('video_report_reasons', {
  id: integer('id').primaryKey(),
  textFr: text('text_fr').notNull(),
  textEn: text('text_en').notNull(),
  textAr: text('text_ar').notNull(),
  position: integer('position').notNull()
})

/** A pupil's report of a faulty lesson video: pending → in_progress → rejected | resolved. */
export const videoReports = pgTable(
  'video_reports',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    contentId: belongsTo('content_id', () => contents.id),
    reasonId: refersTo('reason_id', () => videoReportReasons.id),
    description: text('description').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    ...timestamps()
  },
  (t) => [
    index('video_reports_user_idx').on(t.userId, t.createdAt),
    index('video_reports_status_idx').on(t.status, t.createdAt),
    check('video_reports_status', sql`${t.status} in ('pending', 'in_progress', 'rejected', 'resolved')`)
  ]
)

/** The assistance videos (part 2, /assistance), kept by the operator: a file of the store or an https address. */
export const assistanceVideos = pgTable(
  'assistance_videos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    storageKey: text('storage_key'),
    url: text('url'),
    mimeType: varchar('mime_type', { length: 64 }),
    durationSeconds: integer('duration_seconds'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt()
  },
  (t) => [check('assistance_videos_source', sql`(${t.storageKey} is null) <> (${t.url} is null)`)]
)

/** A file attached to a lesson (part 2, §3 Lesson attachments), in the file store under `storage_key`. */
export const contentAttachments = pgTable(
  'content_attachments',
  {
    id: serial('id').primaryKey(),
    contentId: belongsTo('content_id', () => contents.id),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt()
  },
  (t) => [index('content_attachments_content_idx').on(t.contentId)]
)

/**
 * A page of a magazine lesson (part 2, §3 Lesson pages; docs/decisions/0044-magazine-pages.md):
 * an image rendered once from the operator's PDF, in the file store under `storage_key`.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    contentId: belongsTo('content_id', () => contents.id),
    /** 1 for the first page. */
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt()
  },
  (t) => [uniqueIndex('content_pages_position_uq').on(t.contentId, t.position)]
)

// ── Quizzes (QCM) of a lesson (docs/decisions/0043-quizzes.md) ──

/** The quiz of a QCM lesson (content type 7): one per lesson, its id the lesson's `qcm_id`. */
export const quizzes = pgTable('quizzes', {
  id: serial('id').primaryKey(),
  contentId: belongsTo('content_id', () => contents.id).unique(),
  title: text('title').notNull(),
  createdAt: createdAt()
})

/** A question of a quiz: one answer (`multiple` false) or several, an explanation shown after the submit. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: belongsTo('quiz_id', () => quizzes.id),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    multiple: boolean('multiple').notNull().default(false),
    explanation: text('explanation')
  },
  (t) => [uniqueIndex('quiz_questions_quiz_position_uq').on(t.quizId, t.position)]
)

/** An option of a question; `correct` never leaves the server before the pupil submits. */
export const quizOptions = pgTable(
  'quiz_options',
  {
    id: serial('id').primaryKey(),
    questionId: belongsTo('question_id', () => quizQuestions.id),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    correct: boolean('correct').notNull()
  },
  (t) => [uniqueIndex('quiz_options_question_position_uq').on(t.questionId, t.position)]
)

/** A pupil's submitted attempt, scored by the server; `attempt_key` (the client's attempt id) makes a resubmission count once. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    quizId: belongsTo('quiz_id', () => quizzes.id),
    attemptKey: varchar('attempt_key', { length: 64 }).notNull(),
    answers: jsonb('answers').$type<Array<{ question_id: number; option_ids: number[] }>>().notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    submittedAt: instant('submitted_at').notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('quiz_attempts_user_key_uq').on(t.userId, t.attemptKey),
    index('quiz_attempts_best_idx').on(t.userId, t.quizId, t.score),
    check('quiz_attempts_score', sql`${t.score} between 0 and ${t.total}`)
  ]
)

// ── Referral earnings (docs/decisions/0045-referral-earnings-and-cancellation.md) ──

/**
 * What a referrer earned from a friend's order paid with the referrer's CP code: 5 % of the amount
 * actually paid, in tokens (1 token = 1 millime of value), added to the referrer's `gift_point`. One
 * per friend (the friend's first paid order with a referral code); `reversed_at` when that order is
 * refunded (the tokens are taken back).
 */
export const referralEarnings = pgTable(
  'referral_earnings',
  {
    id: serial('id').primaryKey(),
    referrerId: belongsTo('referrer_id', () => users.id),
    friendId: belongsTo('friend_id', () => users.id),
    orderId: belongsTo('order_id', () => offerOrders.id),
    /** What the friend's order paid, in millimes, and the tokens earned on it (5 %, half up). */
    paid: bigint('paid', { mode: 'number' }).notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
    reversedAt: instant('reversed_at')
  },
  (t) => [
    uniqueIndex('referral_earnings_friend_uq').on(t.friendId),
    uniqueIndex('referral_earnings_order_uq').on(t.orderId),
    index('referral_earnings_referrer_idx').on(t.referrerId, t.id),
    check('referral_earnings_amounts', sql`${t.paid} >= 0 and ${t.amount} >= 0 and ${t.referrerId} <> ${t.friendId}`)
  ]
)

// ── Mobile-operator plans (issue 28, docs/decisions: operator billing) ───────────────────────

/**
 * A daily (1) or weekly (7) plan billed by the mobile operator on a phone number: `pending` until
 * the operator's server-to-server notification of its first charge, then `active` (renewed each
 * period), `cancelled` (no more renewals; access to the end of the paid period), `ended` (a
 * renewal failed) or `failed` (the first charge failed). One active plan per number. The sandbox
 * operator's PIN (hashed) and its attempts are kept on the row.
 */
export const operatorSubscriptions = pgTable(
  'operator_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    offerDivisionId: refersTo('offer_division_id', () => offerDivisions.id),
    /** The national 8 digits of the number billed. */
    phone: varchar('phone', { length: 16 }).notNull(),
    recurrence: integer('recurrence').notNull(),
    /** The price of one period, in millimes (the level rate table). */
    price: bigint('price', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** The operator's checkout session: the sandbox page's address carries it. */
    checkoutToken: varchar('checkout_token', { length: 64 }).notNull().unique(),
    pinHash: varchar('pin_hash', { length: 64 }),
    pinAttempts: integer('pin_attempts').notNull().default(0),
    /** Periods charged so far (a notification for another period than the next is out of order). */
    periodsPaid: integer('periods_paid').notNull().default(0),
    /** The subscription (access) the plan opened, extended at each renewal. */
    userOfferId: integer('user_offer_id').references(() => userOffers.id),
    /** The last day of access paid for (Tunis date). */
    paidUntil: date('paid_until', { mode: 'string' }),
    createdAt: createdAt(),
    activatedAt: instant('activated_at'),
    cancelledAt: instant('cancelled_at')
  },
  (t) => [
    uniqueIndex('operator_subscriptions_active_phone_uq')
      .on(t.phone)
      .where(sql`status = 'active'`),
    index('operator_subscriptions_user_idx').on(t.userId, t.id),
    check('operator_subscriptions_recurrence', sql`${t.recurrence} in (1, 7)`),
    check('operator_subscriptions_status', sql`${t.status} in ('pending', 'active', 'cancelled', 'ended', 'failed')`)
  ]
)

/**
 * A charge of one period by the operator: one per plan and period (`period_key`), whatever runs
 * the renewal how often; its transaction id is the one the operator's notification carries.
 */
export const operatorCharges = pgTable(
  'operator_charges',
  {
    id: serial('id').primaryKey(),
    subscriptionId: belongsTo('subscription_id', () => operatorSubscriptions.id),
    period: integer('period').notNull(),
    periodKey: varchar('period_key', { length: 64 }).notNull().unique(),
    transactionId: varchar('transaction_id', { length: 64 }).notNull().unique(),
    status: varchar('status', { length: 16 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt()
  },
  (t) => [check('operator_charges_status', sql`${t.status} in ('paid', 'failed')`)]
)

/** The operator's notifications as received: one per transaction id (a replay is refused). */
export const operatorNotifications = pgTable('operator_notifications', {
  transactionId: varchar('transaction_id', { length: 64 }).primaryKey(),
  subscriptionId: belongsTo('subscription_id', () => operatorSubscriptions.id),
  event: varchar('event', { length: 32 }).notNull(),
  period: integer('period'),
  receivedAt: createdAt()
})
