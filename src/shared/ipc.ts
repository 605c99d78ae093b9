/**
 * The IPC contract between the renderer (through the preload bridge) and the main process.
 * Each channel names its argument tuple and its response; main validates both sides with these
 * schemas and answers `{ ok: true, data } | { ok: false, code }` instead of throwing across the
 * bridge. Channel names are `domain:action` in kebab case.
 */
import { z } from 'zod'
import { DeepLinkSchema, SwitchRedirectSchema } from './deepLink.ts'

export const LanguageSchema = z.enum(['fr', 'en-US', 'ar'])
export type Language = z.infer<typeof LanguageSchema>

export const ThemeSchema = z.enum(['light', 'dark', 'system'])
export type Theme = z.infer<typeof ThemeSchema>

export const SidebarModeSchema = z.enum(['mini', 'full'])
export type SidebarMode = z.infer<typeof SidebarModeSchema>

export const UserTypeSchema = z.enum(['student', 'parent', 'teacher', 'influencer', 'admin'])

/** The tokens the main process keeps for the renderer; never written to renderer storage. */
export const SessionSchema = z.strictObject({
  token: z.string().min(1).max(8192),
  refreshToken: z.string().min(1).max(1024).nullable(),
  tokenType: z.literal('Bearer'),
  /** Access-token expiry, epoch milliseconds. */
  expiresAt: z.number().int().nonnegative().nullable(),
  userType: UserTypeSchema.nullable(),
  /** Set when an administrator signed in as this pupil through a switch link. */
  adminUserId: z.number().int().positive().nullable().optional(),
  isTest: z.boolean().optional(),
  /** The switch link asked for the external registration page once this session ends (§4). */
  redirectTo: SwitchRedirectSchema.optional()
})
export type Session = z.infer<typeof SessionSchema>

const httpOrigin = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
    } catch {
      return false
    }
  }, 'must be an http(s) URL without credentials')

/** Base URL of each service of the platform API; all on one origin by default. */
export const ApiBaseUrlsSchema = z.strictObject({
  api: httpOrigin,
  notify: httpOrigin,
  progress: httpOrigin,
  analytics: httpOrigin,
  sandbox: httpOrigin
})
export type ApiBaseUrls = z.infer<typeof ApiBaseUrlsSchema>

export const SettingsSchema = z.strictObject({
  language: LanguageSchema,
  theme: ThemeSchema,
  sidebarMode: SidebarModeSchema,
  apiBaseUrls: ApiBaseUrlsSchema
})
export type Settings = z.infer<typeof SettingsSchema>
/**
 * What the renderer may change. The API origins are not in it: they come from the settings file
 * or DARSI_API_URL, and they also open the CSP and the external-link list at the next start, so a
 * script in the page must not be able to point the app at another server.
 */
export const SettingsPatchSchema = SettingsSchema.omit({ apiBaseUrls: true }).partial().strict()
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>

/** What the secure storage could do on this machine, told to the renderer once. */
export const SecureStorageStatusSchema = z.strictObject({
  available: z.boolean(),
  backend: z.string().max(64),
  /** True when the backend differs from the one recorded at the previous start. */
  backendChanged: z.boolean(),
  /** True until the user has been told that the session is kept in memory only. */
  shouldWarn: z.boolean()
})
export type SecureStorageStatus = z.infer<typeof SecureStorageStatusSchema>

export const AppInfoSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  platform: z.enum(['win32', 'darwin', 'linux', 'other']),
  locale: z.string()
})
export type AppInfo = z.infer<typeof AppInfoSchema>

/** What a click on a native notification gives back to the page: which one, and where it leads. */
export const NativeNotificationClickSchema = z
  .strictObject({
    /** The platform notification it shows: the page marks it seen when it is clicked. */
    id: z.number().int().positive().max(2_147_483_647).optional(),
    /** A route inside the app opened when the notification is clicked. */
    route: z.string().max(2048).startsWith('/').optional(),
    /** Or a web page, which the page asks main to open (main's allowlist decides). */
    url: z.string().max(2048).startsWith('https://').optional()
  })
  .refine((value) => value.route === undefined || value.url === undefined, { message: 'a route or a url, not both' })
export type NativeNotificationClick = z.infer<typeof NativeNotificationClickSchema>

export const NativeNotificationSchema = z
  .strictObject({
    title: z.string().min(1).max(256),
    body: z.string().max(2000),
    ...NativeNotificationClickSchema.shape
  })
  .refine((value) => value.route === undefined || value.url === undefined, { message: 'a route or a url, not both' })
export type NativeNotification = z.infer<typeof NativeNotificationSchema>

/** A photo the user picked, read by the page: a sandboxed page has no file paths, and main reads no path the page names. */
export const MarksheetImageSchema = z.strictObject({
  /** The file's name, shown in progress and in errors. */
  name: z.string().min(1).max(255),
  bytes: z.instanceof(Uint8Array)
})
export type MarksheetImage = z.infer<typeof MarksheetImageSchema>
export const MarksheetMergeRequestSchema = z.strictObject({
  files: z.array(MarksheetImageSchema).min(1).max(30)
})
export const MarksheetMergeResultSchema = z.strictObject({
  fileName: z.literal('merged-images.pdf'),
  /** The merged PDF, ready for a multipart upload. */
  bytes: z.instanceof(Uint8Array),
  pages: z.number().int().positive()
})
export const MarksheetProgressSchema = z.strictObject({
  done: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  file: z.string()
})
export type MarksheetProgress = z.infer<typeof MarksheetProgressSchema>

const noArgs = z.tuple([])

/** Request/response channels: renderer → main. */
export const invokeChannels = {
  'session:get': { args: noArgs, result: SessionSchema.nullable() },
  'session:set': { args: z.tuple([SessionSchema]), result: z.strictObject({ persisted: z.boolean() }) },
  'session:clear': { args: noArgs, result: z.null() },
  'secure-storage:status': { args: noArgs, result: SecureStorageStatusSchema },
  'secure-storage:acknowledge': { args: noArgs, result: z.null() },
  'settings:get': { args: noArgs, result: SettingsSchema },
  'settings:set': { args: z.tuple([SettingsPatchSchema]), result: SettingsSchema },
  'shell:open-external': { args: z.tuple([z.string().max(4096)]), result: z.null() },
  'notification:show': { args: z.tuple([NativeNotificationSchema]), result: z.strictObject({ shown: z.boolean() }) },
  'marksheet:merge': { args: z.tuple([MarksheetMergeRequestSchema]), result: MarksheetMergeResultSchema },
  'app:info': { args: noArgs, result: AppInfoSchema },
  /** The renderer is ready to receive events: queued deep links are flushed after this. */
  'app:ready': { args: noArgs, result: z.null() }
} as const

/** Event channels: main → renderer. */
export const eventChannels = {
  'deep-link:open': DeepLinkSchema,
  'notification:clicked': NativeNotificationClickSchema,
  'marksheet:progress': MarksheetProgressSchema,
  'window:focus': z.strictObject({ focused: z.boolean() })
} as const

export type InvokeChannel = keyof typeof invokeChannels
export type EventChannel = keyof typeof eventChannels
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['args']>
export type InvokeData<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['result']>
export type EventPayload<C extends EventChannel> = z.infer<(typeof eventChannels)[C]>

/** Why a call across the bridge failed; stable, never a stack trace. */
export const IpcErrorCodeSchema = z.enum([
  'unknown-channel',
  'invalid-arguments',
  'forbidden-sender',
  'not-allowed',
  'unavailable',
  'failed'
])
export type IpcErrorCode = z.infer<typeof IpcErrorCodeSchema>

export type IpcResult<T> = { ok: true; data: T } | { ok: false; code: IpcErrorCode; message?: string }

/** `session:get` → `sessionGet`: the name of the bridge function for a channel. */
export function bridgeName(channel: string): string {
  return channel
    .split(/[:-]/)
    .map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('')
}

/** `deep-link:open` → `onDeepLinkOpen`. */
export function eventBridgeName(channel: string): string {
  const name = bridgeName(channel)
  return `on${name.charAt(0).toUpperCase()}${name.slice(1)}`
}

export type DarsiBridge = {
  [C in InvokeChannel as BridgeNameOf<C>]: (...args: InvokeArgs<C>) => Promise<IpcResult<InvokeData<C>>>
} & {
  [C in EventChannel as `on${Capitalize<BridgeNameOf<C>>}`]: (listener: (payload: EventPayload<C>) => void) => () => void
}

type CamelParts<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelParts<Tail>>}` : S
type BridgeNameOf<C extends string> = C extends `${infer Domain}:${infer Action}`
  ? `${CamelParts<Domain>}${Capitalize<CamelParts<Action>>}`
  : never
