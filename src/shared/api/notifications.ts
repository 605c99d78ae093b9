/**
 * The notification contract (specification part 1, §3 Notification, Message, Popup; §4
 * notification transitions; §7 `/student/notifications*` and the notification service; part 2,
 * §7 `/getPopups`, `/popup/hide`): the pupil's notifications in pages of 24, the messages of the
 * inbox, the popups shown at start, the realtime stream that pushes them, and the operator calls
 * that create them.
 *
 * The notification service takes `user_id` in its queries, as the specification's client sends
 * it; the server answers only for the signed-in user's own id (403 otherwise).
 */
import { z } from 'zod'
import { NOTIFICATION_PAGE_SIZE } from '../constants.ts'
import { isPlatformWebLink } from '../externalLinks.ts'
import { credentialSchema } from '../rules/credential.ts'
import { MessageResponseSchema, idParam, pagedSchema, type Endpoint, IdPathSchema } from './common.ts'

/** The preference flags of §3, by family; a notification of a family the user turned off is not shown natively. */
export const NOTIFICATION_FAMILIES = {
  general: ['completeInformation', 'giftCodeUsed', 'parentRequest', 'changePassword'],
  contents: ['uploadNewSessionRecord', 'uploadNewContent'],
  sessions: ['updateSession', 'updateVideoReport'],
  payment: ['paySlice', 'transferPoint']
} as const
export type NotificationFamily = keyof typeof NOTIFICATION_FAMILIES
export type NotificationType = (typeof NOTIFICATION_FAMILIES)[NotificationFamily][number]
export const NOTIFICATION_TYPES = Object.values(NOTIFICATION_FAMILIES).flat() as NotificationType[]
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES as [NotificationType, ...NotificationType[]])

/** Longest title and body the service stores; longer ones are refused, not cut. */
export const NOTIFICATION_TITLE_MAX = 200
export const NOTIFICATION_BODY_MAX = 2000

export const NotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** A route of the app (`/porte-monnaie`) or an https URL; null when it leads nowhere. */
  link: z.string().nullable(),
  /** The same as `link` (the specification names both). */
  url: z.string().nullable(),
  /** The preference flag that governs it; null for general announcements. */
  type: NotificationTypeSchema.nullable(),
  seen: z.boolean(),
  created_at: z.string()
})
export type Notification = z.infer<typeof NotificationSchema>

const pageNumber = z.coerce
  .number({ error: 'common.invalid' })
  .int({ error: 'common.invalid' })
  .min(1, { error: 'common.invalid' })
  .max(100_000, { error: 'common.invalid' })

export const NotificationsQuerySchema = z.strictObject({
  page: pageNumber.default(1),
  perPage: z.coerce
    .number({ error: 'common.invalid' })
    .int({ error: 'common.invalid' })
    .min(1, { error: 'common.invalid' })
    .max(100, { error: 'common.invalid' })
    .default(NOTIFICATION_PAGE_SIZE),
  orderBy: z.enum(['id'], { error: 'common.invalid' }).default('id'),
  sortedBy: z.enum(['asc', 'desc'], { error: 'common.invalid' }).default('desc'),
  /** `seen:false` lists the unread ones only (the unread count reads their `meta.total`). */
  search: z.enum(['seen:false', 'seen:true'], { error: 'common.invalid' }).optional()
})
export type NotificationsQuery = z.input<typeof NotificationsQuerySchema>
export const NotificationPageSchema = pagedSchema(NotificationSchema)
export type NotificationPage = z.infer<typeof NotificationPageSchema>

export const MarkSeenResponseSchema = MessageResponseSchema.extend({ notification: NotificationSchema })

/** A message of the inbox (the notification service's shape: `_id`, `message.name`, `message.body`). */
export const InboxMessageSchema = z.object({
  _id: z.string(),
  seen: z.boolean(),
  message: z.object({ name: z.string(), body: z.string() }),
  created_at: z.string()
})
export type InboxMessage = z.infer<typeof InboxMessageSchema>
export const MessagesResponseSchema = z.object({
  /** Newest first, the latest 100. */
  data: z.array(InboxMessageSchema),
  /** Unseen messages in all. */
  unread: z.number().int().nonnegative()
})
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>

export const PopupSchema = z.object({ _id: z.string(), popup: z.object({ name: z.string(), body: z.string() }) })
export type Popup = z.infer<typeof PopupSchema>

/** An id the notification service made (a UUID). */
const serviceId = z
  .string({ error: 'common.invalid' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'common.invalid' })
const userIdQuery = idParam

export const UserQuerySchema = z.strictObject({ user_id: userIdQuery })
export const MessageQuerySchema = z.strictObject({ user_id: userIdQuery, message_id: serviceId })
export const PopupHideQuerySchema = z.strictObject({ popup_id: serviceId, user_id: userIdQuery })

/**
 * The realtime stream (Server-Sent Events). Events: `notification` (a Notification), `message`
 * (an InboxMessage), `popup` (a Popup), each with the notification's id (or 0) as `id:` for
 * `notification`; a comment line every 25 s keeps proxies from closing it. On connect the server
 * first replays the notifications newer than `after` (or the `Last-Event-ID` header), so a client
 * that reconnects misses none.
 */
export const StreamQuerySchema = z.strictObject({
  after: z.coerce
    .number({ error: 'common.invalid' })
    .int({ error: 'common.invalid' })
    .min(0, { error: 'common.invalid' })
    .max(2_147_483_647, { error: 'common.invalid' })
    .optional()
})
export const STREAM_EVENTS = ['notification', 'message', 'popup'] as const
export type StreamEvent = (typeof STREAM_EVENTS)[number]
export const STREAM_KEEPALIVE_MS = 25_000

export const notificationEndpoints = {
  notifications: {
    method: 'GET',
    service: 'api',
    path: '/student/notifications',
    access: 'user',
    summary: "The user's notifications, 24 a page by default (`search=seen:false` for the unread ones)",
    querystring: NotificationsQuerySchema,
    response: NotificationPageSchema,
    errors: [401, 403]
  },
  markSeen: {
    method: 'POST',
    service: 'api',
    path: '/student/notifications/:id/mark-as-seen',
    access: 'user',
    summary: 'Mark one of your notifications as seen',
    params: IdPathSchema,
    response: MarkSeenResponseSchema,
    errors: [401, 403, 404]
  },
  messages: {
    method: 'GET',
    service: 'notify',
    path: '/getMessages',
    access: 'user',
    summary: "The user's inbox messages, newest first, with the unread count",
    querystring: UserQuerySchema,
    response: MessagesResponseSchema,
    errors: [401, 403]
  },
  message: {
    method: 'GET',
    service: 'notify',
    path: '/message',
    access: 'user',
    summary: 'One message of your inbox; opening it marks it seen',
    querystring: MessageQuerySchema,
    response: InboxMessageSchema,
    errors: [401, 403, 404]
  },
  popups: {
    method: 'GET',
    service: 'notify',
    path: '/getPopups',
    access: 'user',
    summary: 'The popups to show at start (active, not hidden by this user)',
    querystring: UserQuerySchema,
    response: z.array(PopupSchema),
    errors: [401, 403]
  },
  hidePopup: {
    method: 'GET',
    service: 'notify',
    path: '/popup/hide',
    access: 'user',
    summary: '"Never show again" for one popup, for this user',
    querystring: PopupHideQuerySchema,
    response: MessageResponseSchema,
    errors: [401, 403, 404]
  },
  stream: {
    method: 'GET',
    service: 'notify',
    path: '/stream',
    access: 'user',
    summary: 'Server-Sent Events: new notifications, messages and popups of the user as they happen',
    querystring: StreamQuerySchema,
    response: z.string().describe('text/event-stream'),
    errors: [401, 403]
  }
} as const satisfies Record<string, Endpoint>

const title = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, { error: 'common.required' })
  .max(NOTIFICATION_TITLE_MAX, { error: 'common.tooLong' })
const text = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, { error: 'common.required' })
  .max(NOTIFICATION_BODY_MAX, { error: 'common.tooLong' })
const userId = z
  .number({ error: 'common.invalid' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })

/** A route of the app, or an https page of the platform's sites: a link the app will open. */
export const notificationLinkSchema = z
  .string()
  .max(2048, { error: 'common.tooLong' })
  .refine((value) => /^\/(?!\/)[^\s\\]*$/.test(value) || isPlatformWebLink(value), { error: 'common.invalid' })

/** The recipient: `userId`, or `to`, the phone or e-mail the user signs in with. */
function oneRecipient(value: { userId?: number | null; to?: string | null }, ctx: z.RefinementCtx): void {
  if ((value.userId == null) === (value.to == null)) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'common.required' })
}
export const OperatorNotifyBodySchema = z
  .strictObject({
    userId: userId.optional(),
    to: credentialSchema.optional(),
    title,
    body: text,
    link: notificationLinkSchema.nullish(),
    type: NotificationTypeSchema.nullish()
  })
  .superRefine(oneRecipient)
export const OperatorMessageBodySchema = z
  .strictObject({ userId: userId.optional(), to: credentialSchema.optional(), name: title, body: text })
  .superRefine(oneRecipient)
/** Without `userId` or `to`: a popup for everybody. */
export const OperatorPopupBodySchema = z
  .strictObject({ userId: userId.nullish(), to: credentialSchema.optional(), name: title, body: text })
  .superRefine((value, ctx) => {
    if (value.userId != null && value.to != null) ctx.addIssue({ code: 'custom', path: ['to'], message: 'common.invalid' })
  })
export const OperatorCreatedSchema = z.object({ id: z.union([z.number().int(), z.string()]), message: z.string() })

export const notificationOperatorEndpoints = {
  notify: {
    method: 'POST',
    service: 'operator',
    path: '/notifications',
    access: 'operator',
    status: 201,
    summary: 'Send a notification to a user (pushed at once to a connected app)',
    body: OperatorNotifyBodySchema,
    response: OperatorCreatedSchema,
    errors: [401, 403, 404]
  },
  message: {
    method: 'POST',
    service: 'operator',
    path: '/messages',
    access: 'operator',
    status: 201,
    summary: "Put a message in a user's inbox",
    body: OperatorMessageBodySchema,
    response: OperatorCreatedSchema,
    errors: [401, 403, 404]
  },
  popup: {
    method: 'POST',
    service: 'operator',
    path: '/popups',
    access: 'operator',
    status: 201,
    summary: 'Create a popup for one user, or for everybody without userId',
    body: OperatorPopupBodySchema,
    response: OperatorCreatedSchema,
    errors: [401, 403, 404]
  }
} as const satisfies Record<string, Endpoint>
