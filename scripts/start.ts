/**
 * `npm start`: builds the app, starts the local platform API on its embedded database with the
 * demo data (and the dev outbox, to read codes), then opens the desktop app pointed at it.
 * Closing the app stops the API.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const port = process.env.DARSI_API_PORT ?? '4000'
const dataDir = process.env.DARSI_DATA_DIR ?? join(root, '.data', 'api')

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

function startApi(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath,
    ['server/src/index.ts', '--port', port, '--host', '127.0.0.1', '--data-dir', dataDir, '--seed', 'demo', '--dev'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      buffer += chunk.toString()
      const match = /Darsi API listening on (http:\/\/\S+)/.exec(buffer)
      if (match) resolve({ child, url: match[1]! })
    })
    child.on('exit', (code) => reject(new Error(`the API stopped before listening (exit ${code})`)))
  })
}

await run(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'])
const api = await startApi()
api.child.removeAllListeners('exit')

// The electron package's main export is the path of its binary (downloaded on first use).
const electronPath = createRequire(import.meta.url)('electron') as unknown as string
const app = spawn(electronPath, ['.'], { cwd: root, stdio: 'inherit', env: { ...process.env, DARSI_API_URL: api.url } })

const stop = () => {
  if (api.child.exitCode === null) api.child.kill('SIGTERM')
}
app.on('exit', (code) => {
  stop()
  process.exitCode = code ?? 0
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.kill(signal)
    stop()
  })
}
