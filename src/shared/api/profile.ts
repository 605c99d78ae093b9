/**
 * The profile contract (specification part 1, sections 3, 5 and 7; part 2, sections 4 and 5):
 * class (division) change requests, report cards (marksheets) and the ad cards of the side
 * columns. The profile fields themselves (`/user/update`, `/auth/my-profile`, add e-mail, parent
 * phone) are in accounts.ts; the address and class pickers in pickers.ts.
 *
 * Languages: the reasons list answers `reason` in the language of the `Accept-Language` header
 * (fr, en or ar; French otherwise) and always carries the three texts, so a client that switches
 * language does not need to ask again (docs/decisions/0005-profile-language-and-files.md).
 */
import { z } from 'zod'
import { IdNameSchema, MessageResponseSchema, idParam, type Endpoint, IdPathSchema } from './common.ts'

export const LanguageSchema = z.enum(['fr', 'en', 'ar'])
export type Language = z.infer<typeof LanguageSchema>

/** Reason id whose choice reveals (and requires) the free-text `reason2`. */
export const OTHER_REASON_ID = 4

export const DivisionChangeReasonSchema = z.object({
  id: z.number().int(),
  /** The text in the language asked for. */
  reason: z.string(),
  reason_fr: z.string(),
  reason_en: z.string(),
  reason_ar: z.string(),
  /** True for the reason that needs the free-text field (id 4). */
  needs_text: z.boolean()
})
export type DivisionChangeReason = z.infer<typeof DivisionChangeReasonSchema>

export const RequestStatusSchema = z.enum(['pending', 'approved', 'rejected'])
export type RequestStatus = z.infer<typeof RequestStatusSchema>

export const DivisionRequestSchema = z.object({
  id: z.number().int(),
  /** The class when the request was made (null if the pupil had none). */
  old_division: IdNameSchema.nullable(),
  new_division: IdNameSchema,
  /** Reason text in the language asked for. */
  reason: z.string(),
  reason_id: z.number().int(),
  /** Free text (required with reason 4, optional otherwise). */
  reason2: z.string().nullable(),
  status: RequestStatusSchema,
  created_at: z.string(),
  decided_at: z.string().nullable()
})
export type DivisionRequest = z.infer<typeof DivisionRequestSchema>

/** A select sends a number or a numeric string; an empty choice is "missing". */
function requiredId(key: 'divisionRequest.divisionRequired' | 'divisionRequest.reasonRequired') {
  return z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value,
    z.number({ error: key }).int({ error: key }).positive({ error: key }).max(2_147_483_647, { error: key })
  )
}

export const CreateDivisionRequestBodySchema = z
  .strictObject({
    newDivision: requiredId('divisionRequest.divisionRequired'),
    reason: requiredId('divisionRequest.reasonRequired'),
    reason2: z.string({ error: 'common.invalid' }).max(500, { error: 'common.tooLong' }).nullish()
  })
  .superRefine((form, ctx) => {
    if (form.reason === OTHER_REASON_ID && !form.reason2?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['reason2'], message: 'divisionRequest.reason2Required' })
    }
  })
export type CreateDivisionRequestBody = z.input<typeof CreateDivisionRequestBodySchema>
export const CreateDivisionRequestResponseSchema = MessageResponseSchema.extend({ request: DivisionRequestSchema })

export const TrimesterSchema = z.union([z.literal(1), z.literal(2), z.literal(3)])

export const MarksheetSchema = z.object({
  id: z.number().int(),
  /** The uploaded file name. */
  name: z.string(),
  division: IdNameSchema,
  trimester: TrimesterSchema,
  status: RequestStatusSchema,
  /**
   * A signed download link, valid MARKSHEET_URL_TTL_SECONDS, path relative to the API origin
   * (`/api/files?...`). SVG and office files always download (attachment), never render inline.
   */
  url: z.string(),
  /** The type found in the file's content (not its name). */
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.string()
})
export type Marksheet = z.infer<typeof MarksheetSchema>

/** Largest accepted report card, bytes (10 MB). */
export const MARKSHEET_MAX_BYTES = 10 * 1024 * 1024
export const MARKSHEET_URL_TTL_SECONDS = 15 * 60
export const MARKSHEET_EXTENSIONS = ['gif', 'jpg', 'png', 'pdf', 'jpeg', 'svg', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'] as const

/**
 * The multipart form of the upload (documentation and client-side checks; the server reads the
 * parts itself): one `file`, `trimester` 1–3, `division` (a class id).
 */
export const MarksheetUploadFormSchema = z.object({
  file: z.string().describe('binary'),
  trimester: z.enum(['1', '2', '3']),
  division: z.string()
})
export const UploadMarksheetResponseSchema = MessageResponseSchema.extend({ marksheet: MarksheetSchema })

export const AdCardTypeSchema = z.enum(['text', 'image', 'video', 'link'])
export const AdCardSchema = z.object({
  id: z.number().int(),
  type: AdCardTypeSchema,
  position: z.number().int(),
  icon_url: z.string().nullable(),
  text: z.string().nullable(),
  text_image_url: z.string().nullable(),
  video_link: z.string().nullable(),
  url_link: z.string().nullable(),
  background_url: z.string().nullable(),
  visible: z.boolean(),
  icon_position: z.enum(['left', 'right', 'top']).nullable(),
  /** CSS colour of the card (`#RRGGBB`). */
  color: z.string().nullable()
})
export type AdCard = z.infer<typeof AdCardSchema>

/** Signed file download (the query is the one a marksheet `url` carries). */
export const FileDownloadQuerySchema = z.strictObject({
  key: z.string().max(512),
  expires: z.string().max(16),
  signature: z.string().max(128)
})

export const profileEndpoints = {
  divisionChangeReasons: {
    method: 'GET',
    service: 'api',
    path: '/edit-division-reasons',
    access: 'user',
    summary: 'Reasons for a class change (text in the Accept-Language language; id 4 needs reason2)',
    response: z.array(DivisionChangeReasonSchema),
    errors: [401, 403]
  },
  divisionRequests: {
    method: 'GET',
    service: 'api',
    path: '/edit-division',
    access: 'user',
    summary: "The pupil's class change requests, newest first",
    response: z.array(DivisionRequestSchema),
    errors: [401, 403]
  },
  createDivisionRequest: {
    method: 'POST',
    service: 'api',
    path: '/edit-division',
    access: 'user',
    status: 201,
    summary: 'Ask for a class change (one pending request at a time; not for test accounts)',
    body: CreateDivisionRequestBodySchema,
    response: CreateDivisionRequestResponseSchema,
    errors: [401, 403, 409]
  },
  marksheets: {
    method: 'GET',
    service: 'api',
    path: '/student/mark-sheets',
    access: 'user',
    summary: "The pupil's report cards, newest first, each with a signed download link",
    response: z.array(MarksheetSchema),
    errors: [401, 403]
  },
  uploadMarksheet: {
    method: 'POST',
    service: 'api',
    path: '/student/mark-sheet',
    access: 'user',
    status: 201,
    multipart: true,
    summary: 'Upload a report card (multipart: file, trimester, division); the type is checked by content, 10 MB at most',
    body: MarksheetUploadFormSchema,
    response: UploadMarksheetResponseSchema,
    errors: [401, 403, 413, 415]
  },
  deleteMarksheet: {
    method: 'DELETE',
    service: 'api',
    path: '/student/mark-sheet/:id',
    access: 'user',
    summary: 'Delete a report card while it is pending',
    params: IdPathSchema,
    response: MessageResponseSchema,
    errors: [401, 403, 404, 409]
  },
  fileDownload: {
    method: 'GET',
    service: 'api',
    path: '/files',
    access: 'public',
    summary: 'Download a stored file through a signed, expiring link (raster images inline, everything else as an attachment)',
    querystring: FileDownloadQuerySchema,
    response: z.string().describe('binary'),
    errors: [403, 404]
  },
  adCards: {
    method: 'GET',
    service: 'api',
    path: '/student/pubs-cards',
    access: 'user',
    summary: 'Visible ad cards, by position',
    response: z.array(AdCardSchema),
    errors: [401, 403]
  }
} as const satisfies Record<string, Endpoint>

export const DecisionSchema = z.enum(['approve', 'reject'])
export const ProfileDecisionResponseSchema = z.object({ id: z.number().int(), status: RequestStatusSchema, message: z.string() })

export const OperatorStatusQuerySchema = z.strictObject({ status: RequestStatusSchema.optional() })
export const OperatorDivisionRequestSchema = DivisionRequestSchema.extend({ user: IdNameSchema })
export const OperatorMarksheetSchema = MarksheetSchema.omit({ url: true }).extend({ user: IdNameSchema })

export const profileOperatorEndpoints = {
  divisionRequests: {
    method: 'GET',
    service: 'operator',
    path: '/division-requests',
    access: 'operator',
    summary: 'Class change requests, newest first (filter by status)',
    querystring: OperatorStatusQuerySchema,
    response: z.array(OperatorDivisionRequestSchema),
    errors: [401, 403]
  },
  marksheets: {
    method: 'GET',
    service: 'operator',
    path: '/marksheets',
    access: 'operator',
    summary: 'Report cards, newest first (filter by status)',
    querystring: OperatorStatusQuerySchema,
    response: z.array(OperatorMarksheetSchema),
    errors: [401, 403]
  },
  decideDivisionRequest: {
    method: 'POST',
    service: 'operator',
    path: '/division-requests/:id/:decision',
    access: 'operator',
    summary: "Approve (the pupil's class changes) or reject a pending class change request",
    params: z.strictObject({ id: idParam, decision: DecisionSchema }),
    response: ProfileDecisionResponseSchema,
    errors: [401, 403, 404, 409]
  },
  decideMarksheet: {
    method: 'POST',
    service: 'operator',
    path: '/marksheets/:id/:decision',
    access: 'operator',
    summary: 'Approve or reject a pending report card',
    params: z.strictObject({ id: idParam, decision: DecisionSchema }),
    response: ProfileDecisionResponseSchema,
    errors: [401, 403, 404, 409]
  }
} as const satisfies Record<string, Endpoint>
