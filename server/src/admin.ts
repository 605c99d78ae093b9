/**
 * The operator command line; it talks to the RUNNING server through its operator endpoints:
 *   npm run admin -- [--api <url>] [--data-dir <dir>] <command> …
 * Commands:
 *   create-user <phone-or-email> <password> <first name> <last name> [--role student|parent|teacher|influencer|admin] [--division <id>] [--unverified] [--test]
 *   impersonation-link <userId> [--admin <adminId>] [--register-redirect]
 *   outbox [to]
 *   payment approve|reject <id>      decide a pending bank transfer (approval credits the wallet once)
 *   payments [pending|approved|rejected|paid|failed]
 *   ledger-audit                     reconcile the ledger (balances, zero-sum transactions, no overdraft)
 *   division-request approve|reject <id>   decide a class change (approval changes the pupil's class)
 *   division-requests [pending|approved|rejected]
 *   marksheet approve|reject <id>    decide a report card
 *   marksheets [pending|approved|rejected]
 *   video-report start|reject|resolve <id> [reject reason]   move a video report on (the pupil is notified)
 *   video-reports ["Pending"|"In progress"|"Rejected"|"Resolved"]
 *   video-link add <title> --file <store key>|--url <https address> [--description <text>] [--position <n>]   an assistance video
 *   video-link remove <id>
 *   video-links                      the assistance videos, by position
 *   notify <user> <title> <body> [link]     a notification, pushed at once to the user's open app
 *   message <user> <name> <body>            a message in the user's inbox
 *   popup <user|all> <name> <body>          a popup shown at the app's start until hidden
 *   (<user>: an id of up to 7 digits, or the phone or e-mail the user signs in with)
 *   catalogue <division>             a class's subjects, chapters and lessons, with their ids
 *   subject add <division> <name> [--slug <slug>] [--color <#RRGGBB>] [--position <n>] [--hidden]
 *   chapter add <subjectId> <name> --section <name> [--type course|recording|exam|divers] [--slug <slug>] [--instructor <name>] [--position <n>]
 *   lesson add <chapterId> <name> [--type 1|2|3|6|7] [--free] [--slug <slug>] [--instructor "<first> <last>"] [--position <n>] [--rtl]
 *   lesson upload <lessonId> <file>  a WebM or MP4 video (its type read from the bytes, its duration from the file)
 *   lesson attach <lessonId> <file> [--name <name>]   a file the lesson's info panel offers (pdf, image or office document)
 *   lesson magazine <lessonId> <file.pdf>   a magazine lesson's PDF (type 3), rendered once to page images
 *   lesson rtl <lessonId> on|off      whether the lesson reads right to left (an Arabic magazine's page order)
 *   lesson quiz <lessonId> <file.json>   a QCM lesson's quiz: { title, questions: [{ text, multiple?, explanation?, options: [{ text, correct }] }] }
 *   offer add <offerId> <division> <name> [--group <id>] [--type primary|pack] [--color <#RRGGBB>] [--description <text>] [--position <n>] [--prices <period>=<dinars>[/<final dinars>],…]
 *                                    an offer for a class (a new offer id needs --group); periods day|week|month|rest_of_year|fixed
 *                                    a pack's subjects: --subjects <subjectId>=<dinars>,… (the class's subjects; the list given replaces it)
 *   offer edit <offerDivisionId> [--name <name>] [--color <#RRGGBB>] [--description <text>] [--position <n>] [--prices …] [--subjects …]
 *   offer disable|enable <offerDivisionId>
 *   coupon add <code> --percent <n>|--amount <dinars> [--max-uses <n>] [--expires <YYYY-MM-DD>] [--offers <id,…>] [--offer-divisions <id,…>] [--all-year] [--owner <userId>]
 *   coupon disable <code>
 *   order show <orderId>             an offer order: its figures, the points its slices took, its subscription, its refund
 *   order refund <orderId> [--reason "<text>"] [--lang fr|en|ar]   refund it once: points back, subscription ended, coupon released, referral earning reversed, the pupil notified
 * The server URL comes from --api or the data directory's server.json; the key from
 * DARSI_OPERATOR_KEY or the data directory's operator.key. One line of output; exit 1 on failure.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import type { z } from 'zod'
import {
  OperatorCouponBodySchema,
  OperatorOfferBodySchema,
  OperatorOfferEditSchema,
  type OperatorCoupon,
  type OperatorOffer
} from '../../src/shared/api/offers.ts'
import { OperatorRefundBodySchema, type OperatorOrder } from '../../src/shared/api/refunds.ts'
import { parseArgs, stringFlag } from './cli.ts'
import { defaultDataDir } from './config.ts'
import { print, printError } from './print.ts'
import { SERVER_INFO_FILE } from './serverInfo.ts'
import { readOperatorKey } from './services/secrets.ts'

const USAGE = `Usage: npm run admin -- [--api <url>] [--data-dir <dir>] <command>
  create-user <phone-or-email> <password> <first name> <last name> [--role <role>] [--division <id>] [--unverified] [--test]
  impersonation-link <userId> [--admin <adminId>] [--register-redirect]
  outbox [to]
  payment approve|reject <id>
  payments [status]
  ledger-audit
  division-request approve|reject <id>
  division-requests [status]
  marksheet approve|reject <id>
  marksheets [status]
  video-report start|reject|resolve <id> [reject reason]
  video-reports [status]
  video-link add <title> --file <store key>|--url <https address> [--description <text>] [--position <n>]
  video-link remove <id>
  video-links
  notify <user> <title> <body> [link]     (<user>: id, phone or e-mail)
  message <user> <name> <body>
  popup <user|all> <name> <body>
  catalogue <division>
  subject add <division> <name> [--slug <slug>] [--color <#RRGGBB>] [--position <n>] [--hidden]
  chapter add <subjectId> <name> --section <name> [--type course|recording|exam|divers] [--slug <slug>] [--instructor <name>] [--position <n>]
  lesson add <chapterId> <name> [--type 1|2|3|6|7] [--free] [--slug <slug>] [--instructor "<first> <last>"] [--position <n>] [--rtl]
  lesson upload <lessonId> <file>
  lesson attach <lessonId> <file> [--name <name>]
  lesson magazine <lessonId> <file.pdf>
  lesson rtl <lessonId> on|off
  lesson quiz <lessonId> <file.json>
  offer add <offerId> <division> <name> [--group <id>] [--type primary|pack] [--color <#RRGGBB>] [--description <text>] [--position <n>] [--prices month=45,rest_of_year=290/261] [--subjects 12=15,13=15,14=20]
  offer edit <offerDivisionId> [--name <name>] [--color <#RRGGBB>] [--description <text>] [--position <n>] [--prices …] [--subjects …]
  offer disable|enable <offerDivisionId>
  coupon add <code> --percent <n>|--amount <dinars> [--max-uses <n>] [--expires <YYYY-MM-DD>] [--offers <id,…>] [--offer-divisions <id,…>] [--all-year] [--owner <userId>]
  coupon disable <code>
  order show <orderId>
  order refund <orderId> [--reason "<text>"] [--lang fr|en|ar]`

class CliError extends Error {}

type Call = { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown; file?: string }

/** A lesson video may take a while to send. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000

async function call(api: string, key: string, request: Call): Promise<unknown> {
  let response: Response
  try {
    const file = request.file
    response = await fetch(new URL(request.path, api), {
      method: request.method,
      headers: {
        'x-operator-key': key,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
        ...(file ? { 'content-type': 'application/octet-stream', 'content-length': String(statSync(file).size) } : {})
      },
      body: file ? (createReadStream(file) as unknown as RequestInit['body']) : request.body ? JSON.stringify(request.body) : undefined,
      ...(file ? { duplex: 'half' } : {}),
      signal: AbortSignal.timeout(file ? UPLOAD_TIMEOUT_MS : 15_000)
    } as RequestInit)
  } catch (error) {
    throw new CliError(`Cannot reach the server at ${api}: ${(error as Error).message}`)
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const message = (payload as { message?: string } | null)?.message ?? response.statusText
    throw new CliError(`${response.status} ${message}`)
  }
  return payload
}

/** Sends a request the server answers with a message, and returns that message. */
async function callMessage(api: string, key: string, request: Call): Promise<string> {
  const result = (await call(api, key, request)) as { message: string }
  return result.message
}

/** `path`, with `?name=value` when the list's filter is given. */
function filtered(path: string, name: string, value: string | undefined): string {
  return value ? `${path}?${new URLSearchParams({ [name]: value })}` : path
}

/** The file a command names, which must exist. */
function existingFile(file: string | undefined): string {
  if (!file || !existsSync(file)) throw new CliError(`No such file: ${file ?? '(none)'}`)
  return file
}

/** An id (up to 7 digits) or the phone or e-mail a user signs in with. */
function userRef(value: string | undefined): { userId: number } | { to: string } {
  if (!value) throw new CliError(USAGE)
  return /^\d{1,7}$/.test(value) ? { userId: positiveInt(value, 'userId') } : { to: value }
}

function positiveInt(value: string | undefined, what: string): number {
  if (!value || !/^\d{1,10}$/.test(value) || Number(value) <= 0) throw new CliError(`${what} must be a positive integer`)
  return Number(value)
}

export async function runAdmin(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = parseArgs(argv, new Set(['unverified', 'test', 'help', 'register-redirect', 'hidden', 'free', 'rtl', 'all-year']))
  if (args.flags.has('help') || args.positional.length === 0) throw new CliError(USAGE)
  const dataDir = resolve(stringFlag(args, 'data-dir') ?? defaultDataDir(env))
  let api = stringFlag(args, 'api')
  if (!api) {
    const infoPath = join(dataDir, SERVER_INFO_FILE)
    if (!existsSync(infoPath)) throw new CliError(`No running server found for ${dataDir} (start it, or pass --api <url>)`)
    api = (JSON.parse(readFileSync(infoPath, 'utf8')) as { url: string }).url
  }
  const key = readOperatorKey(dataDir, env)
  if (!key) throw new CliError(`No operator key: set DARSI_OPERATOR_KEY or pass the server's --data-dir`)
  const [command, ...rest] = args.positional
  switch (command) {
    case 'create-user': {
      const [credential, password, name, lastName] = rest
      if (!credential || !password || !name || !lastName) throw new CliError(USAGE)
      const division = stringFlag(args, 'division')
      return callMessage(api, key, {
        method: 'POST',
        path: '/operator/users',
        body: {
          credential,
          password,
          name,
          lastName,
          role: stringFlag(args, 'role') ?? 'student',
          ...(division ? { division: positiveInt(division, 'division') } : {}),
          verified: !args.flags.has('unverified'),
          isTest: args.flags.has('test')
        }
      })
    }
    case 'impersonation-link': {
      const userId = positiveInt(rest[0], 'userId')
      const admin = stringFlag(args, 'admin')
      const result = (await call(api, key, {
        method: 'POST',
        path: '/operator/impersonation-link',
        body: {
          userId,
          ...(admin ? { adminId: positiveInt(admin, 'adminId') } : {}),
          ...(args.flags.has('register-redirect') ? { redirectTo: 'RegisterPage' } : {})
        }
      })) as { link: string }
      return result.link
    }
    case 'outbox': {
      const to = rest[0]
      const rows = (await call(api, key, {
        method: 'GET',
        path: filtered('/operator/outbox', 'to', to)
      })) as Array<{
        channel: string
        to: string
        code: string | null
        created_at: string
        subject: string
      }>
      return JSON.stringify(
        rows.slice(0, 20).map((row) => ({ at: row.created_at, channel: row.channel, to: row.to, code: row.code, subject: row.subject }))
      )
    }
    case 'payments': {
      const status = rest[0]
      const rows = (await call(api, key, {
        method: 'GET',
        path: filtered('/operator/payments', 'status', status)
      })) as Array<{
        id: number
        method: string
        amount: number
        reference: string | null
        status: string
        created_at: string
        user: { id: number; name: string }
      }>
      return JSON.stringify(
        rows.slice(0, 50).map((row) => ({
          id: row.id,
          user: row.user,
          method: row.method,
          amount: row.amount,
          reference: row.reference,
          status: row.status,
          at: row.created_at
        }))
      )
    }
    case 'ledger-audit':
      return JSON.stringify(await call(api, key, { method: 'GET', path: '/operator/ledger/audit' }))
    case 'payment':
    case 'division-request':
    case 'marksheet': {
      const [decision, id] = rest
      if (decision !== 'approve' && decision !== 'reject') throw new CliError(USAGE)
      const path = `${command}s`
      return callMessage(api, key, { method: 'POST', path: `/operator/${path}/${positiveInt(id, 'id')}/${decision}` })
    }
    case 'division-requests':
    case 'marksheets':
    case 'video-reports': {
      const status = rest[0]
      const rows = (await call(api, key, {
        method: 'GET',
        path: filtered(`/operator/${command}`, 'status', status)
      })) as Array<Record<string, unknown>>
      return JSON.stringify(rows.slice(0, 50))
    }
    case 'video-report': {
      const [decision, id, rejectReason] = rest
      if (decision !== 'start' && decision !== 'reject' && decision !== 'resolve') throw new CliError(USAGE)
      if (rejectReason && decision !== 'reject') throw new CliError('Only reject takes a reason')
      return callMessage(api, key, {
        method: 'POST',
        path: `/operator/video-reports/${positiveInt(id, 'id')}/${decision}`,
        body: rejectReason ? { reject_reason: rejectReason } : {}
      })
    }
    case 'video-link': {
      const [action, target] = rest
      if (action === 'remove') {
        return callMessage(api, key, { method: 'DELETE', path: `/operator/video-links/${positiveInt(target, 'id')}` })
      }
      if (action !== 'add' || !target) throw new CliError(USAGE)
      const [file, url, description] = [stringFlag(args, 'file'), stringFlag(args, 'url'), stringFlag(args, 'description')]
      if ((file === undefined) === (url === undefined)) throw new CliError('Give --file <store key> or --url <https address>')
      const position = intFlag(args, 'position')
      return callMessage(api, key, {
        method: 'POST',
        path: '/operator/video-links',
        body: {
          title: target,
          ...(file ? { file } : {}),
          ...(url ? { url } : {}),
          ...(description ? { description } : {}),
          ...(position !== undefined ? { position } : {})
        }
      })
    }
    case 'video-links':
      return JSON.stringify(await call(api, key, { method: 'GET', path: '/operator/video-links' }))
    case 'notify': {
      const [userId, title, body, link] = rest
      if (!title || !body) throw new CliError(USAGE)
      return callMessage(api, key, {
        method: 'POST',
        path: '/operator/notifications',
        body: { ...userRef(userId), title, body, ...(link ? { link } : {}) }
      })
    }
    case 'message': {
      const [userId, name, body] = rest
      if (!name || !body) throw new CliError(USAGE)
      return callMessage(api, key, { method: 'POST', path: '/operator/messages', body: { ...userRef(userId), name, body } })
    }
    case 'popup': {
      const [who, name, body] = rest
      if (!name || !body) throw new CliError(USAGE)
      return callMessage(api, key, {
        method: 'POST',
        path: '/operator/popups',
        body: { ...(who === 'all' ? {} : userRef(who)), name, body }
      })
    }
    case 'catalogue':
      return JSON.stringify(
        await call(api, key, {
          method: 'GET',
          path: `/operator/catalogue?${new URLSearchParams({ division: String(positiveInt(rest[0], 'division')) })}`
        })
      )
    case 'subject':
    case 'chapter':
    case 'lesson':
      return contentCommand(api, key, command, rest, args)
    case 'offer':
      return offerCommand(api, key, rest, args)
    case 'coupon':
      return couponCommand(api, key, rest, args)
    case 'order':
      return orderCommand(api, key, rest, args)
    default:
      throw new CliError(`Unknown command ${command}\n${USAGE}`)
  }
}

/** Flags given as numbers. */
function intFlag(args: ReturnType<typeof parseArgs>, name: string): number | undefined {
  const value = stringFlag(args, name)
  if (value === undefined) return undefined
  if (!/^\d{1,6}$/.test(value)) throw new CliError(`--${name} must be a whole number`)
  return Number(value)
}

/** `subject add`, `chapter add`, `lesson add` and `lesson upload`. */
async function contentCommand(
  api: string,
  key: string,
  what: 'subject' | 'chapter' | 'lesson',
  rest: string[],
  args: ReturnType<typeof parseArgs>
): Promise<string> {
  const [action, parent, name] = rest
  const slug = stringFlag(args, 'slug')
  const position = intFlag(args, 'position')
  const common = { ...(slug ? { slug } : {}), ...(position !== undefined ? { position } : {}) }
  if (what === 'lesson' && (action === 'upload' || action === 'magazine')) {
    const lessonId = positiveInt(parent, 'lessonId')
    const file = existingFile(rest[2])
    const target = action === 'upload' ? 'video' : 'magazine'
    return callMessage(api, key, { method: 'POST', path: `/operator/lessons/${lessonId}/${target}`, file: resolve(file) })
  }
  if (what === 'lesson' && action === 'attach') {
    const lessonId = positiveInt(parent, 'lessonId')
    const file = existingFile(rest[2])
    const shown = stringFlag(args, 'name') ?? basename(file)
    return callMessage(api, key, {
      method: 'POST',
      path: `/operator/lessons/${lessonId}/attachments?${new URLSearchParams({ name: shown })}`,
      file: resolve(file)
    })
  }
  if (what === 'lesson' && action === 'rtl') {
    const lessonId = positiveInt(parent, 'lessonId')
    const value = rest[2]
    if (value !== 'on' && value !== 'off') throw new CliError('lesson rtl <lessonId> on|off')
    return callMessage(api, key, { method: 'POST', path: `/operator/lessons/${lessonId}/rtl`, body: { rtl: value === 'on' } })
  }
  if (what === 'lesson' && action === 'quiz') {
    const lessonId = positiveInt(parent, 'lessonId')
    const file = existingFile(rest[2])
    let quiz: unknown
    try {
      quiz = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new CliError(`${file} is not JSON: ${(error as Error).message}`)
    }
    return callMessage(api, key, { method: 'POST', path: `/operator/lessons/${lessonId}/quiz`, body: quiz })
  }
  if (action !== 'add' || !name) throw new CliError(USAGE)
  let body: Record<string, unknown>
  if (what === 'subject') {
    const color = stringFlag(args, 'color')
    body = { division: positiveInt(parent, 'division'), name, ...common, ...(color ? { color } : {}), visible: !args.flags.has('hidden') }
  } else if (what === 'chapter') {
    const section = stringFlag(args, 'section')
    if (!section) throw new CliError('--section <name> is required')
    const instructor = stringFlag(args, 'instructor')
    body = {
      subject: positiveInt(parent, 'subjectId'),
      name,
      section,
      type: stringFlag(args, 'type') ?? 'course',
      ...common,
      ...(instructor ? { instructor } : {})
    }
  } else {
    const instructor = stringFlag(args, 'instructor')?.trim()
    const [first, ...last] = instructor ? instructor.split(/\s+/) : []
    body = {
      chapter: positiveInt(parent, 'chapterId'),
      name,
      type: Number(stringFlag(args, 'type') ?? 2),
      free: args.flags.has('free'),
      rtl: args.flags.has('rtl'),
      ...common,
      ...(first ? { instructor: { name: first, last_name: last.join(' ') || first } } : {})
    }
  }
  return callMessage(api, key, {
    method: 'POST',
    path: `/operator/${what === 'subject' ? 'subjects' : what === 'chapter' ? 'chapters' : 'lessons'}`,
    body
  })
}

/** A body checked by its endpoint's schema before it is sent: each problem named by its flag. */
function validated<S extends z.ZodType>(schema: S, body: unknown, flags: Record<string, string> = {}): z.infer<S> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => {
    const [first, ...more] = issue.path.map(String)
    const name = first === undefined ? 'the command' : `${flags[first] ?? `--${first}`}${more.length > 0 ? ` (${more.join('.')})` : ''}`
    return `${name} ${issueText(issue)}`
  })
  throw new CliError(problems.join('; '))
}

function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be a ${issue.expected}`
    case 'too_small':
      return issue.origin === 'string' ? `needs at least ${String(issue.minimum)} characters` : `must be at least ${String(issue.minimum)}`
    case 'too_big':
      return issue.origin === 'string' ? `takes at most ${String(issue.maximum)} characters` : `must be at most ${String(issue.maximum)}`
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`
    case 'invalid_format':
      return 'has the wrong format'
    case 'unrecognized_keys':
      return `does not take ${issue.keys.join(', ')}`
    default:
      return 'is invalid'
  }
}

/** `month=45,rest_of_year=290/261`: a pricing list in dinars (the price, then the price after the offer's discount). */
function pricesFlag(value: string | undefined): Array<{ period: string; price: number; finalPrice?: number }> | undefined {
  if (value === undefined) return undefined
  return value.split(',').map((part) => {
    const match = /^\s*([a-z_]+)=(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?\s*$/.exec(part)
    if (!match) throw new CliError(`--prices: "${part}" is not <period>=<dinars>[/<final dinars>]`)
    return { period: match[1]!, price: Number(match[2]), ...(match[3] !== undefined ? { finalPrice: Number(match[3]) } : {}) }
  })
}

/** `12=15,13=15,14=20`: a pack's subjects, each the class's subject id and its price in dinars. */
function subjectsFlag(value: string | undefined): Array<{ subject: number; price: number }> | undefined {
  if (value === undefined) return undefined
  return value.split(',').map((part) => {
    const match = /^\s*(\d+)=(\d+(?:\.\d+)?)\s*$/.exec(part)
    if (!match) throw new CliError(`--subjects: "${part}" is not <subjectId>=<dinars>`)
    return { subject: Number(match[1]), price: Number(match[2]) }
  })
}

/** `112,115`: ids, each a positive integer. */
function idsFlag(args: ReturnType<typeof parseArgs>, name: string): number[] | undefined {
  const value = stringFlag(args, name)
  if (value === undefined) return undefined
  return value.split(',').map((part) => positiveInt(part.trim(), `--${name}`))
}

/** A number given on the command line (dinars, a percentage). */
function numberFlag(args: ReturnType<typeof parseArgs>, name: string): number | undefined {
  const value = stringFlag(args, name)
  if (value === undefined) return undefined
  if (!/^\d+(\.\d+)?$/.test(value)) throw new CliError(`--${name} must be a number (a dot for decimals)`)
  return Number(value)
}

const OFFER_FLAGS = { offerId: '<offerId>', division: '<division>', name: '<name>', prices: '--prices', subjects: '--subjects' }

function offerLine(offer: OperatorOffer): string {
  const prices = offer.pricing.map((entry) => `${entry.period} ${entry.final_price} DT`).join(', ')
  const subjects = offer.subjects.map((entry) => `${entry.subject_id} ${entry.price} DT`).join(', ')
  return `${offer.name} [${offer.id}] (offre ${offer.offer_id}, classe ${offer.division_id}${offer.disabled ? ', désactivée' : ''})${prices ? `: ${prices}` : ''}${subjects ? `; matières ${subjects}` : ''}`
}

/** `offer add|edit|disable|enable`. */
async function offerCommand(api: string, key: string, rest: string[], args: ReturnType<typeof parseArgs>): Promise<string> {
  const [action, first, second, name] = rest
  const common = {
    color: stringFlag(args, 'color'),
    description: stringFlag(args, 'description'),
    position: intFlag(args, 'position'),
    prices: pricesFlag(stringFlag(args, 'prices')),
    subjects: subjectsFlag(stringFlag(args, 'subjects'))
  }
  let request: Call
  if (action === 'add') {
    if (!first || !second || !name) throw new CliError(USAGE)
    const group = stringFlag(args, 'group')
    const body = validated(
      OperatorOfferBodySchema,
      {
        offerId: positiveInt(first, 'offerId'),
        division: positiveInt(second, 'division'),
        name,
        ...(group !== undefined ? { group: positiveInt(group, '--group') } : {}),
        type: stringFlag(args, 'type') ?? 'primary',
        ...common
      },
      OFFER_FLAGS
    )
    request = { method: 'POST', path: '/operator/offers', body }
  } else if (action === 'edit' || action === 'disable' || action === 'enable') {
    const id = positiveInt(first, 'offerDivisionId')
    const edit = action === 'edit' ? { name: stringFlag(args, 'name'), ...common } : { disabled: action === 'disable' }
    if (Object.values(edit).every((value) => value === undefined))
      throw new CliError('offer edit needs one of --name, --color, --description, --position, --prices, --subjects')
    request = { method: 'POST', path: `/operator/offers/${id}`, body: validated(OperatorOfferEditSchema, edit, OFFER_FLAGS) }
  } else {
    throw new CliError(USAGE)
  }
  const result = (await call(api, key, request)) as { message: string; offer: OperatorOffer }
  return `${result.message}: ${offerLine(result.offer)}`
}

/** `coupon add|disable`. */
async function couponCommand(api: string, key: string, rest: string[], args: ReturnType<typeof parseArgs>): Promise<string> {
  const [action, code] = rest
  if (!code || (action !== 'add' && action !== 'disable')) throw new CliError(USAGE)
  let request: Call
  if (action === 'disable') {
    request = { method: 'POST', path: '/operator/coupons/disable', body: { code } }
  } else {
    const [percent, amount] = [numberFlag(args, 'percent'), numberFlag(args, 'amount')]
    if ((percent === undefined) === (amount === undefined)) throw new CliError('Give --percent <n> or --amount <dinars>')
    const owner = stringFlag(args, 'owner')
    const maxUses = stringFlag(args, 'max-uses')
    const body = validated(
      OperatorCouponBodySchema,
      {
        code,
        discountType: percent !== undefined ? 'percentage_discount' : 'fixed',
        discountValue: percent ?? amount,
        ...(maxUses !== undefined ? { maxUses: positiveInt(maxUses, '--max-uses') } : {}),
        expires: stringFlag(args, 'expires'),
        offers: idsFlag(args, 'offers'),
        offerDivisions: idsFlag(args, 'offer-divisions'),
        allYear: args.flags.has('all-year'),
        ...(owner !== undefined ? { owner: positiveInt(owner, '--owner') } : {})
      },
      {
        code: '<code> (letters, digits, - or _, 3 to 64, not beginning with CP)',
        discountValue: percent !== undefined ? '--percent' : '--amount',
        expires: '--expires',
        offers: '--offers',
        offerDivisions: '--offer-divisions'
      }
    )
    request = { method: 'POST', path: '/operator/coupons', body }
  }
  const result = (await call(api, key, request)) as { message: string; coupon: OperatorCoupon }
  return `${result.message}: ${JSON.stringify(result.coupon)}`
}

function orderLine(order: OperatorOrder): string {
  const slices = order.slice_count > 0 ? `, tranches ${order.slices_paid}/${order.slice_count}` : ''
  const access =
    order.subscription_id != null ? `, abonnement ${order.subscription_id} du ${order.start_date ?? '?'} au ${order.end_date ?? '?'}` : ''
  const refund = order.refunded_at ? `, remboursée le ${order.refunded_at}${order.refund_reason ? ` (${order.refund_reason})` : ''}` : ''
  return `${order.offer} [commande ${order.id}] élève ${order.user_id}, ${order.period} × ${order.quantity}, total ${order.total} DT, payé ${order.paid} points${slices}${order.code ? `, code ${order.code}` : ''}, ${order.status}${access}${refund}`
}

/** `order show|refund`. */
async function orderCommand(api: string, key: string, rest: string[], args: ReturnType<typeof parseArgs>): Promise<string> {
  const [action, first] = rest
  if (action !== 'show' && action !== 'refund') throw new CliError(USAGE)
  const id = positiveInt(first, 'orderId')
  let request: Call
  if (action === 'show') {
    request = { method: 'GET', path: `/operator/orders/${id}` }
  } else {
    const reason = stringFlag(args, 'reason')
    const language = stringFlag(args, 'lang')
    const body = validated(
      OperatorRefundBodySchema,
      { ...(reason !== undefined ? { reason } : {}), ...(language !== undefined ? { language } : {}) },
      { reason: '--reason', language: '--lang' }
    )
    request = { method: 'POST', path: `/operator/orders/${id}/refund`, body }
  }
  const result = (await call(api, key, request)) as { message: string; order: OperatorOrder }
  return `${result.message}: ${orderLine(result.order)}`
}

if (import.meta.main) {
  runAdmin(process.argv.slice(2)).then(
    (line) => {
      print(line)
    },
    (error: unknown) => {
      printError(error instanceof CliError ? error.message : `Failed: ${(error as Error).message}`)
      process.exit(1)
    }
  )
}
