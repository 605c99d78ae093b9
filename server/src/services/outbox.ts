/**
 * Every code and message the platform sends goes through the outbox table. In production a
 * delivery loop sends pending rows by SMTP (nodemailer) or through the SMS HTTP gateway; in
 * development nothing leaves the machine and the table is read at `GET /dev/outbox`.
 */
import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'
import type { SmsSettings, SmtpSettings } from '../config.ts'
import type { Clock } from '../clock.ts'
import type { Executor, Db } from '../db/client.ts'
import { outbox } from '../db/schema.ts'

export type Channel = 'email' | 'sms'
export type OutgoingMessage = { channel: Channel; to: string; subject: string; body: string; code?: string | null }
export type OutboxRow = typeof outbox.$inferSelect

export type Transport = (message: OutgoingMessage) => Promise<void>

export function smtpTransport(settings: SmtpSettings): Transport {
  // nodemailer is loaded with the first e-mail, not at every start (development sends none).
  let transporter: Promise<Transporter> | null = null
  const connect = async () =>
    (await import('nodemailer')).default.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined
    })
  return async (message) => {
    transporter ??= connect()
    await (await transporter).sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.body })
  }
}

/** POSTs `{from, to, text}` as JSON to the gateway with a bearer token. */
export function smsTransport(settings: SmsSettings, fetchImpl: typeof fetch = fetch): Transport {
  return async (message) => {
    const response = await fetchImpl(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}) },
      body: JSON.stringify({ from: settings.sender, to: message.to, text: message.body }),
      signal: AbortSignal.timeout(10_000)
    })
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`)
  }
}

export type OutboxService = {
  enqueue(message: OutgoingMessage, executor?: Executor): Promise<void>
  /** Newest first; `to` filters on the recipient. */
  list(to: string | null, limit?: number): Promise<OutboxRow[]>
  /** Sends what is pending (no-op without transports). */
  deliverPending(): Promise<number>
  stop(): void
}

export type Transports = Partial<Record<Channel, Transport>>

export function createOutbox(db: Db, clock: Clock, transports: Transports, options: { redactAfterSend: boolean }): OutboxService {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null
  const hasTransport = Object.keys(transports).length > 0

  async function deliver(): Promise<number> {
    const pending = await db
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lt(outbox.attempts, 5)))
      .orderBy(asc(outbox.id))
      .limit(50)
    let sent = 0
    for (const row of pending) {
      const transport = transports[row.channel as Channel]
      if (!transport) continue
      try {
        await transport({ channel: row.channel as Channel, to: row.to, subject: row.subject, body: row.body, code: row.code })
        await db
          .update(outbox)
          .set({
            sentAt: clock.now(),
            attempts: row.attempts + 1,
            lastError: null,
            ...(options.redactAfterSend ? { body: '[sent]', code: null } : {})
          })
          .where(eq(outbox.id, row.id))
        sent++
      } catch (error) {
        await db
          .update(outbox)
          .set({ attempts: row.attempts + 1, lastError: String((error as Error).message).slice(0, 500) })
          .where(eq(outbox.id, row.id))
      }
    }
    return sent
  }

  function kick(): void {
    if (!hasTransport || running) return
    running = deliver()
      .catch(() => 0)
      .finally(() => {
        running = null
      })
  }

  if (hasTransport) {
    timer = setInterval(kick, 30_000)
    timer.unref()
  }

  return {
    async enqueue(message, executor = db) {
      await executor.insert(outbox).values({
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        body: message.body,
        code: message.code ?? null,
        createdAt: clock.now()
      })
      kick()
    },
    async list(to, limit = 50) {
      const query = db.select().from(outbox)
      const rows = to ? query.where(eq(outbox.to, to)) : query
      return rows.orderBy(desc(outbox.id)).limit(limit)
    },
    deliverPending: deliver,
    stop() {
      if (timer) clearInterval(timer)
    }
  }
}
