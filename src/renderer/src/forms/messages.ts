/**
 * Server failures turned into what a form shows (specification §8), for every area: which field
 * gets the error, and what the toast says. Rule keys and codes map to catalogue keys so that every
 * language gets its own text: the server's own sentence (French, or the specification's English)
 * is never shown (decision 0021).
 */
import { frMessages, isMessageKey, type MessageKey } from '../../../shared/rules/messages.ts'
import type { ApiError } from '../api/errors.ts'
import type { TranslationKey } from '../i18n/keys.ts'

/** A catalogue key (with the values its text takes), a server text, or an error style with no text: the one message type of the app. */
export type Message = { key: TranslationKey; values?: Record<string, string | number> } | { text: string } | { blank: true }

export interface MappedError<F extends string> {
  fields: Partial<Record<F, Message>>
  toast: Message | null
}

/** The rule keys of the wallet forms: their texts live in the wallet catalogue. */
type WalletRuleKey = Extract<MessageKey, `payment.${string}` | `transfer.${string}`>

function isWalletRule(key: MessageKey): key is WalletRuleKey {
  return key.startsWith('payment.') || key.startsWith('transfer.')
}

/** The rule keys of the class-change, report-card and avatar forms: their texts live in the profile catalogue. */
type ProfileRuleKey = Extract<MessageKey, `divisionRequest.${string}` | `marksheet.${string}` | `avatar.${string}`>

function isProfileRule(key: MessageKey): key is ProfileRuleKey {
  return key.startsWith('divisionRequest.') || key.startsWith('marksheet.') || key.startsWith('avatar.')
}

export function ruleMessage(key: MessageKey): Message {
  if (isWalletRule(key)) return { key: `wallet:rules.${key}` }
  if (isProfileRule(key)) return { key: `profile:rules.${key}` }
  return { key: `auth:rules.${key}` }
}

/** "Invalid credentials." → "Invalid credentials" */
export function stripPunctuation(text: string): string {
  return text
    .replace(/[.,;:!?…]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Every code in the user's language. A general failure never shows the server's own sentence: it
 * is written in one language (French, English for a few), and a code said in Arabic or English
 * must read in Arabic or English. The record is exhaustive, so a new code needs its text here.
 */
const CODE_MESSAGES: Record<ApiError['code'], TranslationKey> = {
  network: 'auth:errors.network',
  server_error: 'auth:errors.server',
  invalid_response: 'auth:errors.server',
  method_not_allowed: 'auth:errors.server',
  idempotency_key_reused: 'auth:errors.server',
  operator_key_invalid: 'auth:errors.forbidden',
  rate_limited: 'auth:errors.rateLimited',
  captcha_failed: 'auth:errors.captcha',
  validation_failed: 'auth:errors.invalidInput',
  unknown_field: 'auth:errors.invalidInput',
  invalid_credentials: 'auth:errors.invalidCredentials',
  account_information_already_used: 'auth:errors.accountUsed',
  credential_not_found: 'auth:rules.credential.unknown',
  invalid_verification_code: 'auth:errors.invalidCode',
  bad_reset_token: 'auth:errors.invalidCode',
  already_verified: 'auth:errors.alreadyVerified',
  same_password: 'auth:errors.samePassword',
  invalid_old_password: 'auth:errors.oldPasswordInvalid',
  test_account: 'auth:errors.testAccount',
  oauth_code_invalid: 'auth:errors.socialCode',
  switch_token_invalid: 'auth:switch.expired',
  unauthenticated: 'auth:errors.sessionExpired',
  token_expired: 'auth:errors.sessionExpired',
  token_invalid: 'auth:errors.sessionExpired',
  refresh_token_invalid: 'auth:errors.sessionExpired',
  refresh_token_reused: 'auth:errors.sessionExpired',
  forbidden: 'auth:errors.forbidden',
  not_verified: 'auth:errors.notVerified',
  password_expired: 'auth:errors.passwordExpired',
  not_found: 'auth:errors.notFound',
  phone_locked: 'auth:rules.phone.locked',
  profile_incomplete: 'auth:rules.profile.readOnlyUntilCompleted',
  insufficient_points: 'auth:errors.insufficientPoints',
  payload_too_large: 'auth:errors.tooLarge',
  unsupported_media_type: 'auth:errors.unsupportedType',
  request_in_progress: 'auth:errors.inProgress',
  operation_impossible: 'auth:errors.operationImpossible',
  // Refusals of the profile screens, which load the profile catalogue before they can be met.
  division_request_pending: 'profile:divisionChange.pendingNotice',
  marksheet_not_pending: 'profile:marksheets.notPending',
  // Video reports (part 2, §4): only a pending report is edited or deleted.
  video_report_not_pending: 'auth:errors.videoReportNotPending',
  // Learning: another class's subject (part 2, §8), a lesson to unlock first; progress and video failures are never shown.
  level_not_allowed: 'auth:errors.levelNotAllowed',
  content_locked: 'auth:errors.contentLocked',
  // Quizzes (decision 0043): an answer outside the quiz, an attempt sent again with other answers.
  quiz_answer_invalid: 'auth:errors.quizAnswerInvalid',
  quiz_attempt_submitted: 'auth:errors.quizAttemptSubmitted',
  progress_rejected: 'auth:errors.invalidInput',
  range_not_satisfiable: 'auth:errors.server',
  // Purchases: the pricing engine's refusals, each worded (decision 0034).
  invalid_input: 'auth:errors.invalidInput',
  unknown_period: 'auth:errors.purchase.unknownPeriod',
  period_not_offered: 'auth:errors.purchase.periodNotOffered',
  invalid_quantity: 'auth:errors.purchase.invalidQuantity',
  division_disabled: 'auth:errors.purchase.divisionDisabled',
  price_missing: 'auth:errors.purchase.priceMissing',
  subjects_required: 'auth:errors.purchase.subjectsRequired',
  unknown_subject: 'auth:errors.purchase.unknownSubject',
  duplicate_subject: 'auth:errors.purchase.duplicateSubject',
  subjects_not_sold_separately: 'auth:errors.purchase.subjectsNotSoldSeparately',
  slice_out_of_range: 'auth:errors.purchase.sliceOutOfRange',
  two_codes: 'auth:errors.purchase.twoCodes',
  code_already_added: 'auth:errors.purchase.codeAlreadyAdded',
  code_required: 'auth:errors.purchase.codeRequired',
  code_too_short: 'auth:errors.purchase.codeTooShort',
  own_code: 'auth:errors.purchase.ownCode',
  unknown_code: 'auth:errors.purchase.unknownCode',
  code_inactive: 'auth:errors.purchase.codeInactive',
  code_expired: 'auth:errors.purchase.codeExpired',
  code_not_applicable: 'auth:errors.purchase.codeNotApplicable',
  code_first_slice_only: 'auth:errors.purchase.codeFirstSliceOnly',
  invalid_coupon: 'auth:errors.purchase.invalidCoupon',
  code_max_uses_reached: 'auth:errors.purchase.codeMaxUsesReached',
  code_already_used: 'auth:errors.purchase.codeAlreadyUsed',
  earlier_slice_unpaid: 'auth:errors.purchase.earlierSliceUnpaid',
  slice_already_paid: 'auth:errors.purchase.sliceAlreadyPaid',
  chapter_already_purchased: 'auth:errors.purchase.chapterAlreadyPurchased',
  subscription_ended: 'auth:errors.purchase.subscriptionEnded',
  subscription_cancelled: 'auth:errors.purchase.subscriptionCancelled',
  // Operator plans (decision 0046): a number with an active plan, no plan to stop, the operator's own refusals.
  phone_taken: 'auth:rules.phone.operatorTaken',
  operator_no_account: 'auth:rules.phone.operatorNoAccount',
  operator_plan_not_active: 'auth:errors.purchase.operatorPlanNotActive',
  operator_signature_invalid: 'auth:errors.purchase.operatorRefused',
  operator_notification_replayed: 'auth:errors.purchase.operatorRefused',
  operator_notification_out_of_order: 'auth:errors.purchase.operatorRefused',
  operator_period_already_charged: 'auth:errors.purchase.operatorRefused',
  // An operator's refunds (decision 0048): refused to the operator's command line, never met in the app.
  order_not_found: 'auth:errors.notFound',
  order_already_refunded: 'auth:errors.operationImpossible',
  order_operator_billed: 'auth:errors.operationImpossible'
}

/** The catalogue key of a code, for the stores that word failures themselves. */
export function codeMessage(code: ApiError['code']): TranslationKey {
  return CODE_MESSAGES[code] ?? 'auth:errors.server'
}

/** The first rule key the server named, on any field. */
export function firstRuleKey(error: ApiError): MessageKey | null {
  for (const list of Object.values(error.keys)) {
    const key = list.find(isMessageKey)
    if (key) return key
  }
  return null
}

/**
 * The general message of a failure, in the user's language: 'Server' texts become the generic
 * one (§8), a rule the server named is worded from the catalogue, otherwise the code's text.
 */
export function generalMessage(error: ApiError): Message {
  if (/server/i.test(error.message) && error.code !== 'network') return { key: 'auth:errors.server' }
  const rule = firstRuleKey(error)
  if (rule) return ruleMessage(rule)
  return { key: codeMessage(error.code) }
}

let rulesByText: Map<string, MessageKey> | null = null

/**
 * The rule a server text is the text of (`Age must be 5 years or older.` → `birthDate.minAge`),
 * also after a field prefix (`Birthdate: …`); null for any other text.
 */
export function ruleKeyOfText(text: string): MessageKey | null {
  rulesByText ??= new Map(Object.entries(frMessages).map(([key, french]) => [stripPunctuation(french), key as MessageKey]))
  const whole = stripPunctuation(text)
  const afterPrefix = stripPunctuation(text.replace(/^[^:]{1,40}:/, ''))
  return rulesByText.get(whole) ?? rulesByText.get(afterPrefix) ?? null
}

/**
 * A server text that came without its rule key, in the user's language: the rule it is the text
 * of, else the text of the failure's code. The sentence itself is never shown.
 */
export function serverTextMessage(error: ApiError, text: string): Message {
  const key = ruleKeyOfText(text)
  return key ? ruleMessage(key) : { key: codeMessage(error.code) }
}

/** The first message the server gave for a field, in the user's language (by its rule key, else as serverTextMessage). */
export function serverFieldMessage(error: ApiError, field: string): Message | null {
  const key = error.keys[field]?.[0]
  if (key && isMessageKey(key)) return ruleMessage(key)
  const text = error.fields[field]?.[0]
  if (text === undefined && key === undefined) return null
  return serverTextMessage(error, text ?? '')
}

/** Field errors the server named, renamed to the form's fields; the rest go to the toast. */
export function placeFields<F extends string>(error: ApiError, names: Record<string, F>): MappedError<F> {
  const fields: Partial<Record<F, Message>> = {}
  let unplaced = false
  for (const serverField of Object.keys({ ...error.fields, ...error.keys })) {
    const field = names[serverField]
    const message = serverFieldMessage(error, serverField)
    if (field && message) fields[field] ??= message
    else unplaced = true
  }
  const placed = Object.keys(fields).length > 0
  return { fields, toast: placed && !unplaced ? null : generalMessage(error) }
}
