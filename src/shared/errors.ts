/**
 * Stable error codes carried from the server to the client beside the human message. The
 * renderer maps a code to its own catalogue entry; messages may change, codes do not.
 */
import { z } from 'zod'
import { PricingErrorCodeSchema, type PricingErrorCode } from './pricing/errors.ts'

/** The codes of the server's own refusals; the pricing engine's refusals follow (ErrorCodeSchema). */
const SERVER_ERROR_CODES = [
  'validation_failed',
  'unknown_field',
  'captcha_failed',
  'unauthenticated',
  'token_invalid',
  'token_expired',
  'refresh_token_invalid',
  'refresh_token_reused',
  'switch_token_invalid',
  'forbidden',
  'not_verified',
  'already_verified',
  'password_expired',
  'test_account',
  'not_found',
  'invalid_credentials',
  'account_information_already_used',
  'credential_not_found',
  'invalid_verification_code',
  'bad_reset_token',
  'same_password',
  'invalid_old_password',
  'phone_locked',
  'profile_incomplete',
  'insufficient_points',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'operator_key_invalid',
  'oauth_code_invalid',
  'idempotency_key_reused',
  'request_in_progress',
  'operation_impossible',
  'division_request_pending',
  'marksheet_not_pending',
  'video_report_not_pending',
  'level_not_allowed',
  'content_locked',
  /** A quiz answer naming a question of another quiz, an option of another question, or two options of a one-answer question. */
  'quiz_answer_invalid',
  /** A quiz attempt id sent again with other answers. */
  'quiz_attempt_submitted',
  'progress_rejected',
  'range_not_satisfiable',
  /** A coupon whose uses are all taken. */
  'code_max_uses_reached',
  /** A coupon the pupil already used in a purchase. */
  'code_already_used',
  /** A slice of a plan in instalments paid before the slices that come first. */
  'earlier_slice_unpaid',
  'slice_already_paid',
  /** A chapter bought on its own that the pupil holds already. */
  'chapter_already_purchased',
  /** A subscription cancelled past its end date (decision 0045). */
  'subscription_ended',
  /** A later instalment of a cancelled subscription (decision 0045). */
  'subscription_cancelled',
  /** An operator plan asked for a number that already has an active plan ('Le numéro existe déjà'). */
  'phone_taken',
  /** The landing's operator checkout (signed out) for a number no pupil's account has proven. */
  'operator_no_account',
  /** An operator notification whose signature does not match. */
  'operator_signature_invalid',
  /** An operator notification whose transaction id was received already. */
  'operator_notification_replayed',
  /** An operator notification the plan's state does not allow now (a period other than the next, a plan not running). */
  'operator_notification_out_of_order',
  /** A second charge of a plan's period (a renewal run twice). */
  'operator_period_already_charged',
  /** An unsubscription without an active operator plan. */
  'operator_plan_not_active',
  /** An operator's refund of an order that does not exist (decision 0048). */
  'order_not_found',
  /** A second refund of one order (decision 0048). */
  'order_already_refunded',
  /** A refund of a mobile-operator plan's order: the operator refunds what it billed (decision 0048). */
  'order_operator_billed',
  'server_error'
] as const

/** Every code, the pricing engine's refusals of a purchase included (each its own code, 422). */
export const ErrorCodeSchema = z.enum([...SERVER_ERROR_CODES, ...PricingErrorCodeSchema.options])
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

const pricingStatus = Object.fromEntries(PricingErrorCodeSchema.options.map((code) => [code, 422])) as Record<PricingErrorCode, 422>

/** The HTTP status each code is answered with. */
export const errorStatus: Record<ErrorCode, number> = {
  ...pricingStatus,
  validation_failed: 422,
  unknown_field: 422,
  captcha_failed: 422,
  unauthenticated: 401,
  token_invalid: 401,
  token_expired: 401,
  refresh_token_invalid: 401,
  refresh_token_reused: 401,
  switch_token_invalid: 401,
  forbidden: 403,
  not_verified: 403,
  already_verified: 409,
  password_expired: 403,
  test_account: 403,
  not_found: 404,
  invalid_credentials: 401,
  account_information_already_used: 422,
  credential_not_found: 422,
  invalid_verification_code: 422,
  bad_reset_token: 422,
  same_password: 422,
  invalid_old_password: 422,
  phone_locked: 422,
  profile_incomplete: 422,
  insufficient_points: 402,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  operator_key_invalid: 401,
  oauth_code_invalid: 422,
  idempotency_key_reused: 422,
  request_in_progress: 409,
  operation_impossible: 409,
  division_request_pending: 409,
  marksheet_not_pending: 409,
  video_report_not_pending: 409,
  level_not_allowed: 403,
  content_locked: 403,
  quiz_answer_invalid: 422,
  quiz_attempt_submitted: 409,
  progress_rejected: 422,
  range_not_satisfiable: 416,
  code_max_uses_reached: 422,
  code_already_used: 422,
  earlier_slice_unpaid: 422,
  slice_already_paid: 409,
  chapter_already_purchased: 409,
  subscription_ended: 409,
  subscription_cancelled: 409,
  phone_taken: 422,
  operator_no_account: 422,
  operator_signature_invalid: 401,
  operator_notification_replayed: 409,
  operator_notification_out_of_order: 409,
  operator_period_already_charged: 409,
  operator_plan_not_active: 409,
  order_not_found: 404,
  order_already_refunded: 409,
  order_operator_billed: 409,
  server_error: 500
}
