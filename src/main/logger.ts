/**
 * The main process's one logger: levelled, scoped by module, secrets redacted.
 *
 *   const logger = new Logger('main', { sink: stderrSink() })   // the composition root
 *   const links = logger.scope('deepLinks')                     // main.deepLinks
 *   links.warn('dropped an unparseable deep link', { length: 42 })
 *
 * Messages and fields go through src/shared/redaction.ts (tokens, passwords, Authorization
 * headers, codes in links) before any sink sees them. A failing sink is ignored: logging never
 * breaks its caller. Services are given a scope of the root logger; one given none logs nothing.
 */
import { redactText, redactValue } from '../shared/redaction.ts'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export type LogRecord = {
  time: Date
  level: LogLevel
  /** `main.deepLinks`: the logger's name and its scopes, dot-separated. */
  scope: string
  message: string
  fields?: Record<string, unknown>
}

export type LogSink = (record: LogRecord) => void

export type LoggerOptions = {
  /** Where records go; standard error by default. */
  sink?: LogSink
  /** Records below this level are dropped; `silent` drops all. Default `info`. */
  level?: LogLevel | 'silent'
  now?: () => Date
}

const RANK: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: Number.POSITIVE_INFINITY }

/** One line: time, level, scope, message, then the fields as JSON. */
export function formatRecord(record: LogRecord): string {
  const fields = record.fields && Object.keys(record.fields).length > 0 ? ` ${JSON.stringify(record.fields)}` : ''
  return `${record.time.toISOString()} ${record.level.toUpperCase().padEnd(5)} [${record.scope}] ${record.message}${fields}`
}

/** Writes each record as one line on a stream (standard error by default). */
export function stderrSink(stream: { write(text: string): unknown } = process.stderr): LogSink {
  return (record) => {
    stream.write(`${formatRecord(record)}\n`)
  }
}

export class Logger {
  /** A logger that writes nothing: the default of a service given none. */
  static readonly silent = new Logger('silent', { level: 'silent', sink: () => undefined })

  readonly name: string
  private readonly options: Required<LoggerOptions>

  constructor(name: string, options: LoggerOptions = {}) {
    this.name = name
    this.options = { sink: options.sink ?? stderrSink(), level: options.level ?? 'info', now: options.now ?? (() => new Date()) }
  }

  /** A logger for a part of this one's module: same sink and level, name `<name>.<scope>`. */
  scope(scope: string): Logger {
    return new Logger(`${this.name}.${scope}`, this.options)
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.write('debug', message, fields)
  }

  info(message: string, fields?: Record<string, unknown>): void {
    this.write('info', message, fields)
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.write('warn', message, fields)
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.write('error', message, fields)
  }

  private write(level: LogLevel, message: string, fields: Record<string, unknown> | undefined): void {
    if (RANK[level] < RANK[this.options.level]) return
    try {
      this.options.sink({
        time: this.options.now(),
        level,
        scope: this.name,
        message: redactText(message),
        ...(fields ? { fields: redactValue(fields) as Record<string, unknown> } : {})
      })
    } catch {
      // A broken sink must not break what was being logged.
    }
  }
}
