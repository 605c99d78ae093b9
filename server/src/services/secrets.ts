/**
 * Server secrets kept in the data directory (mode 0600), created at first start: the JWT key,
 * the bot-check key, the code key, the file-URL key, and the operator key the admin CLI reads.
 * Environment variables override the files (DARSI_JWT_SECRET, DARSI_OPERATOR_KEY).
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

export type Secrets = {
  jwtSecret: Uint8Array
  captchaSecret: string
  codeSecret: string
  storageSecret: string
  operatorKey: string
}

const SecretsFileSchema = z.object({
  jwtSecret: z.string().min(32),
  captchaSecret: z.string().min(32),
  codeSecret: z.string().min(32),
  storageSecret: z.string().min(32)
})

export const OPERATOR_KEY_FILE = 'operator.key'
const SECRETS_FILE = 'secrets.json'

function random(): string {
  return randomBytes(32).toString('base64url')
}

function writePrivate(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 })
  chmodSync(path, 0o600)
}

export function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Secrets {
  mkdirSync(dataDir, { recursive: true })
  const secretsPath = join(dataDir, SECRETS_FILE)
  let stored: z.infer<typeof SecretsFileSchema>
  if (existsSync(secretsPath)) {
    stored = SecretsFileSchema.parse(JSON.parse(readFileSync(secretsPath, 'utf8')))
  } else {
    stored = { jwtSecret: random(), captchaSecret: random(), codeSecret: random(), storageSecret: random() }
    writePrivate(secretsPath, `${JSON.stringify(stored, null, 2)}\n`)
  }
  const operatorPath = join(dataDir, OPERATOR_KEY_FILE)
  let operatorKey = env.DARSI_OPERATOR_KEY
  if (!operatorKey) {
    if (!existsSync(operatorPath)) writePrivate(operatorPath, `${random()}\n`)
    operatorKey = readFileSync(operatorPath, 'utf8').trim()
  }
  const jwt = env.DARSI_JWT_SECRET ?? stored.jwtSecret
  if (jwt.length < 32) throw new Error('DARSI_JWT_SECRET must be at least 32 characters long.')
  return {
    jwtSecret: new TextEncoder().encode(jwt),
    captchaSecret: stored.captchaSecret,
    codeSecret: stored.codeSecret,
    storageSecret: stored.storageSecret,
    operatorKey
  }
}

/** The operator key a CLI on the same machine uses to call the running server. */
export function readOperatorKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.DARSI_OPERATOR_KEY) return env.DARSI_OPERATOR_KEY
  const path = join(dataDir, OPERATOR_KEY_FILE)
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null
}
