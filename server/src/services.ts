/** The composition root of the server's services; `buildServer` builds it once. */
import type { Clock } from './clock.ts'
import type { ServerConfig } from './config.ts'
import type { Database } from './db/client.ts'
import { createAnswerCache, noAnswerCache, type AnswerCache } from './services/answerCache.ts'
import { OFFER_CATALOGUE_TABLES } from './services/offerList.ts'
import { POINTS_CODES_TABLES } from './services/paymentCodes.ts'
import { SUBJECT_CATALOGUE_TABLES } from './services/catalogue.ts'
import { TRANSFER_HISTORY_TABLES } from './services/transfers.ts'
import { createAuthCache, noAuthCache, type AuthCache } from './services/authCache.ts'
import { createCaptchaService, type CaptchaService } from './services/captcha.ts'
import { createCodeService, type CodeService } from './services/codes.ts'
import { createOutbox, smsTransport, smtpTransport, type OutboxService, type Transports } from './services/outbox.ts'
import { dummyHash, hashPassword, verifyPassword } from './services/passwords.ts'
import type { Secrets } from './services/secrets.ts'
import { createSessionService, type SessionService } from './services/sessions.ts'
import { createNotificationService, type NotificationService } from './services/notifications.ts'
import { createRealtimeHub, type RealtimeHub } from './services/realtime.ts'
import { DEMO_MEDIA_DIR, DEMO_MEDIA_PREFIX } from './services/lessonMedia.ts'
import { createLocalStorage, type FileStorage } from './services/storage.ts'
import { createAccessTokenService, type AccessTokenService } from './services/tokens.ts'

/**
 * With PostgreSQL, how long a session read stays in memory at most: the changes of other
 * processes arrive as notifications within milliseconds; this bounds the staleness should one
 * ever go missing.
 */
export const AUTH_CACHE_MAX_AGE_MS = 10_000

/** Each list kept in memory (the transfer histories, the offers catalogues) holds this many characters at most, all keys together (about 64 MB). */
export const LIST_CACHE_MAX_CHARS = 32 * 1024 * 1024

export type PasswordService = {
  hash(password: string): Promise<string>
  verify(stored: string | null, password: string): Promise<boolean>
}

export type Services = {
  config: ServerConfig
  database: Database
  clock: Clock
  secrets: Secrets
  access: AccessTokenService
  /** Sessions, their users and the users' views in memory. */
  authCache: AuthCache
  /** Lists kept in memory, exact (services/answerCache.ts): the transfers a user sees, a class's offers catalogue, a user's points codes, a subject's chapters and lessons. */
  answers: { transfers: AnswerCache; offers: AnswerCache; codes: AnswerCache; catalogues: AnswerCache }
  sessions: SessionService
  codes: CodeService
  captcha: CaptchaService
  outbox: OutboxService
  passwords: PasswordService
  storage: FileStorage
  realtime: RealtimeHub
  notifications: NotificationService
}

/** The file store under the data directory, the bundled demo clips linked into it (read only). */
export function createFileStorage(config: ServerConfig, secrets: Secrets, clock: Clock): FileStorage {
  return createLocalStorage(`${config.dataDir}/files`, secrets.storageSecret, clock, { [DEMO_MEDIA_PREFIX]: DEMO_MEDIA_DIR })
}

export function createServices(
  config: ServerConfig,
  database: Database,
  clock: Clock,
  secrets: Secrets,
  transports?: Transports
): Services {
  const db = database.db
  const access = createAccessTokenService(secrets.jwtSecret, clock, config.accessTokenTtlSeconds)
  let dummy: Promise<string> | null = null
  const passwords: PasswordService = {
    hash: (password) => hashPassword(password, config.argon2),
    async verify(stored, password) {
      // Unknown account or no password: spend the same time on a throwaway hash.
      if (!stored) {
        dummy ??= dummyHash(config.argon2)
        await verifyPassword(await dummy, password)
        return false
      }
      return verifyPassword(stored, password)
    }
  }
  // Only where every write is seen: this process's statements, and on PostgreSQL the commits of
  // every process (see services/authCache.ts).
  const authCache =
    database.onStatement && config.authCacheEntries > 0 && (database.kind === 'pglite' || database.authChanges)
      ? createAuthCache({
          maxEntries: config.authCacheEntries,
          follow: database.onStatement,
          ...(database.authChanges ? { feed: database.authChanges, maxAgeMs: AUTH_CACHE_MAX_AGE_MS } : {})
        })
      : noAuthCache
  // The same condition: the lists' caches follow the same statements and the same feed.
  const listCache = (tables: readonly string[]): AnswerCache =>
    database.onStatement && config.listCacheEntries > 0 && (database.kind === 'pglite' || database.authChanges)
      ? createAnswerCache({
          tables,
          maxEntries: config.listCacheEntries,
          maxChars: LIST_CACHE_MAX_CHARS,
          follow: database.onStatement,
          ...(database.authChanges ? { feed: database.authChanges, maxAgeMs: AUTH_CACHE_MAX_AGE_MS } : {})
        })
      : noAnswerCache
  const chosen: Transports = transports ?? {
    ...(config.smtp ? { email: smtpTransport(config.smtp) } : {}),
    ...(config.sms ? { sms: smsTransport(config.sms) } : {})
  }
  const realtime = createRealtimeHub()
  return {
    config,
    database,
    clock,
    secrets,
    access,
    authCache,
    answers: {
      transfers: listCache(TRANSFER_HISTORY_TABLES),
      offers: listCache(OFFER_CATALOGUE_TABLES),
      codes: listCache(POINTS_CODES_TABLES),
      catalogues: listCache(SUBJECT_CATALOGUE_TABLES)
    },
    sessions: createSessionService(db, clock, access, {
      refreshTtlDays: config.refreshTokenTtlDays,
      impersonationTtlHours: config.impersonationTtlHours,
      switchTokenTtlSeconds: config.switchTokenTtlSeconds
    }),
    codes: createCodeService(db, secrets.codeSecret, clock, {
      ttlMinutes: config.codeTtlMinutes,
      maxAttempts: config.codeMaxAttempts,
      maxPerHour: config.codeMaxPerHour
    }),
    captcha: createCaptchaService(db, secrets.captchaSecret, clock, config.captcha),
    outbox: createOutbox(db, clock, chosen, { redactAfterSend: config.production }),
    passwords,
    storage: createFileStorage(config, secrets, clock),
    realtime,
    notifications: createNotificationService(realtime, clock)
  }
}
