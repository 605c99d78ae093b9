/**
 * What the command lines (index.ts, admin.ts, openapi.ts) print for the person who ran them: a
 * line on standard output or standard error, formatted as console.log formats its arguments.
 * Everything else the server says goes through its logger (Fastify's pino).
 */
import { formatWithOptions } from 'node:util'

function line(stream: NodeJS.WriteStream, values: unknown[]): void {
  stream.write(`${formatWithOptions({ colors: stream.isTTY === true && stream.hasColors?.() === true }, ...values)}\n`)
}

/** A line on standard output. */
export function print(...values: unknown[]): void {
  line(process.stdout, values)
}

/** A line on standard error. */
export function printError(...values: unknown[]): void {
  line(process.stderr, values)
}
