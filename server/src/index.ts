/**
 * The platform API command line:
 *   npm run server -- [--port 4000] [--host 127.0.0.1] [--data-dir <dir>] [--database-url <url>]
 *                     [--seed demo|none] [--dev]
 * Prints `Darsi API listening on http://HOST:PORT` when ready; SIGINT/SIGTERM stop it cleanly.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs, stringFlag } from './cli.ts'
import type { ServerConfig } from './config.ts'
import { speedUpModuleLoading } from './moduleLoading.ts'
import { print, printError } from './print.ts'
import { SERVER_INFO_FILE } from './serverInfo.ts'

// Everything else is imported once module loading is sped up (see moduleLoading.ts).
speedUpModuleLoading()
const { defaultConfig } = await import('./config.ts')

const KNOWN = new Set(['port', 'host', 'data-dir', 'database-url', 'seed', 'dev', 'help'])
const USAGE =
  'Usage: npm run server -- [--port 4000] [--host 127.0.0.1] [--data-dir <dir>] [--database-url <url>] [--seed demo|none] [--dev]'

function configFromArgs(argv: readonly string[]): ServerConfig {
  const args = parseArgs(argv, new Set(['dev', 'help']))
  if (args.flags.has('help')) {
    print(USAGE)
    process.exit(0)
  }
  for (const name of args.flags.keys()) if (!KNOWN.has(name)) throw new Error(`Unknown option --${name}\n${USAGE}`)
  if (args.positional.length > 0) throw new Error(`Unexpected argument ${args.positional[0]}\n${USAGE}`)
  const config = defaultConfig()
  const port = stringFlag(args, 'port')
  if (port !== undefined) {
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new Error(`Invalid --port ${port}`)
    config.port = Number(port)
  }
  config.host = stringFlag(args, 'host') ?? config.host
  const dataDir = stringFlag(args, 'data-dir')
  if (dataDir) config.dataDir = resolve(dataDir)
  config.databaseUrl = stringFlag(args, 'database-url') ?? config.databaseUrl
  const seed = stringFlag(args, 'seed')
  if (seed !== undefined) {
    if (seed !== 'demo' && seed !== 'none') throw new Error(`Invalid --seed ${seed} (demo or none)`)
    config.seed = seed
  }
  config.dev = args.flags.get('dev') === true
  if (config.dev && config.production) throw new Error('--dev is refused when NODE_ENV=production')
  if (config.dev) config.sandbox = true
  if (config.sandbox && config.production) throw new Error('DARSI_SANDBOX is refused when NODE_ENV=production')
  return config
}

async function main(): Promise<void> {
  let config: ServerConfig
  try {
    config = configFromArgs(process.argv.slice(2))
  } catch (error) {
    printError((error as Error).message)
    process.exit(2)
  }
  const { buildServer, loggerOptions } = await import('./app.ts')
  const app = await buildServer({ config, logger: loggerOptions(config.logLevel === 'info' ? 'warn' : config.logLevel) })
  const address = await app.listen({ port: config.port, host: config.host })
  const port = new URL(address).port
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
  const infoPath = join(config.dataDir, SERVER_INFO_FILE)
  writeFileSync(infoPath, `${JSON.stringify({ url, pid: process.pid }, null, 2)}\n`)
  print(`Darsi API listening on ${url}`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    try {
      await app.close()
      rmSync(infoPath, { force: true })
      process.exit(0)
    } catch (error) {
      printError(`Stopping after ${signal} failed:`, error)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  printError(error instanceof Error ? error.message : error)
  process.exit(1)
})
