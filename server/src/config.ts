/**
 * Server settings: defaults, then environment, then command-line flags. `buildServer` takes the
 * resolved object, so tests set exactly what they need.
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BankAccount } from '../../src/shared/api/wallet.ts'
import { bankAccountsFromEnv } from './services/bankAccounts.ts'

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url))

export type SmtpSettings = { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string }
export type SmsSettings = { url: string; token?: string; sender: string }

export type RateLimitSettings = {
  /** Failed sign-ins per account (known or not) per hour before 429. */
  loginFailuresPerAccountPerHour: number
  /** Requests per address per minute on login, reset, registration and code endpoints. */
  sensitivePerAddressPerMinute: number
  /** Lesson searches per signed-in user per minute (the search box asks as the pupil types). */
  searchesPerUserPerMinute: number
  /**
   * Registrations, corrections of the credential awaiting its code, and reset requests with the
   * bot check, per address per hour (one budget for all three): each answers whether a phone or
   * e-mail has an account (S3, decision 0016), so past it they answer 429.
   */
  accountLookupsPerAddressPerHour: number
}

export type ServerConfig = {
  host: string
  port: number
  dataDir: string
  databaseUrl: string | null
  seed: 'demo' | 'none'
  dev: boolean
  production: boolean
  /**
   * The stand-ins for the outside providers under `/sandbox` (card gateway, D17, Google and
   * Facebook sign-in): on with `--dev` or DARSI_SANDBOX=1, refused with NODE_ENV=production. Off,
   * those pages do not exist and card or D17 payments are refused with a clear message.
   */
  sandbox: boolean
  /** Origins allowed by CORS besides `app://darsi` (and loopback http origins in development). */
  corsOrigins: string[]
  /** Operator endpoints answer only loopback callers unless this is true. */
  operatorRemote: boolean
  /** Access-token lifetime: 15 minutes, or shorter through DARSI_ACCESS_TOKEN_TTL_SECONDS (5–900). */
  accessTokenTtlSeconds: number
  /**
   * Signed-in sessions kept in memory (services/authCache.ts); 0 turns the cache off. With
   * PostgreSQL every process follows the others' changes through LISTEN/NOTIFY.
   * DARSI_AUTH_CACHE_ENTRIES.
   */
  authCacheEntries: number
  /**
   * Entries of each list kept in memory (services/answerCache.ts: transfer histories and points
   * codes per user, offers catalogues per class, chapters and lessons per subject); 0 turns them
   * off. DARSI_LIST_CACHE_ENTRIES.
   */
  listCacheEntries: number
  refreshTokenTtlDays: number
  /** An administrator's impersonation session ends after this, refreshes included. */
  impersonationTtlHours: number
  /** A switch link's token must be exchanged within this. */
  switchTokenTtlSeconds: number
  passwordMaxAgeDays: number
  codeTtlMinutes: number
  codeMaxAttempts: number
  /** Codes issued per account and purpose per hour; beyond, none is sent (reset) or 429. */
  codeMaxPerHour: number
  captcha: { enabled: boolean; maxNumber: number; ttlSeconds: number }
  rateLimits: RateLimitSettings
  argon2: { memory: number; passes: number }
  smtp: SmtpSettings | null
  sms: SmsSettings | null
  /** Public base URL (used in sandbox pages and signed file URLs). */
  publicUrl: string | null
  /** Where pupils send bank transfers and postal deposits (DARSI_BANK_ACCOUNTS, JSON). */
  bankAccounts: BankAccount[]
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
}

export const JWT_ISSUER = 'darsi-api'
export const JWT_AUDIENCE = 'darsi-app'

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DARSI_DATA_DIR ? resolve(env.DARSI_DATA_DIR) : resolve(REPOSITORY_ROOT, '.data/api')
}

const ACCESS_TOKEN_TTL_MAX = 15 * 60

/** The env value when it is a whole number of seconds from 5 to 900; never longer than 15 minutes (S5). */
function accessTokenTtl(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,4}$/.test(raw.trim())) return ACCESS_TOKEN_TTL_MAX
  const seconds = Number(raw.trim())
  return seconds >= 5 && seconds <= ACCESS_TOKEN_TTL_MAX ? seconds : ACCESS_TOKEN_TTL_MAX
}

export function defaultConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production'
  return {
    host: '127.0.0.1',
    port: 4000,
    dataDir: defaultDataDir(env),
    databaseUrl: env.DATABASE_URL || null,
    seed: 'none',
    dev: false,
    production,
    sandbox: env.DARSI_SANDBOX === '1',
    corsOrigins: (env.DARSI_CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    operatorRemote: env.DARSI_OPERATOR_REMOTE === '1',
    accessTokenTtlSeconds: accessTokenTtl(env.DARSI_ACCESS_TOKEN_TTL_SECONDS),
    authCacheEntries: Number(env.DARSI_AUTH_CACHE_ENTRIES || 10_000),
    listCacheEntries: Number(env.DARSI_LIST_CACHE_ENTRIES || 10_000),
    refreshTokenTtlDays: 30,
    impersonationTtlHours: 8,
    switchTokenTtlSeconds: 5 * 60,
    passwordMaxAgeDays: 365,
    codeTtlMinutes: 15,
    codeMaxAttempts: 5,
    codeMaxPerHour: 6,
    captcha: {
      enabled: true,
      maxNumber: Number(env.DARSI_CAPTCHA_MAX_NUMBER ?? 50_000),
      ttlSeconds: 600
    },
    rateLimits: {
      loginFailuresPerAccountPerHour: 100,
      sensitivePerAddressPerMinute: 30,
      searchesPerUserPerMinute: 120,
      accountLookupsPerAddressPerHour: 30
    },
    argon2: { memory: 19_456, passes: 2 },
    smtp: env.DARSI_SMTP_HOST
      ? {
          host: env.DARSI_SMTP_HOST,
          port: Number(env.DARSI_SMTP_PORT ?? 587),
          secure: env.DARSI_SMTP_SECURE === '1',
          user: env.DARSI_SMTP_USER,
          pass: env.DARSI_SMTP_PASS,
          from: env.DARSI_SMTP_FROM ?? 'Darsi <no-reply@darsi.tn>'
        }
      : null,
    sms: env.DARSI_SMS_URL ? { url: env.DARSI_SMS_URL, token: env.DARSI_SMS_TOKEN, sender: env.DARSI_SMS_SENDER ?? 'Darsi' } : null,
    publicUrl: env.DARSI_PUBLIC_URL ?? null,
    bankAccounts: bankAccountsFromEnv(env),
    logLevel: (env.DARSI_LOG_LEVEL as ServerConfig['logLevel'] | undefined) ?? 'info'
  }
}
