/**
 * One logger per process: `console.*` fails lint in src/main and server/src (the main process
 * logs through src/main/logger.ts, the server through Fastify's pino, and its command lines print
 * through server/src/print.ts). A deliberate violation in each must fail; the allowed ways pass.
 */
import { describe, expect, it } from 'vitest'
import { ruleMessages } from './lintText.ts'

const consoleMessages = (filePath: string, code: string) => ruleMessages('no-console', filePath, code)

describe('no console in main and the server', () => {
  const cases: [string, string, string][] = [
    ['console.warn in main', 'src/main/x.ts', "export const a = () => console.warn('[main] x')\n"],
    ['console.log in a main service', 'src/main/services/x.ts', "export const a = () => console.log('x')\n"],
    ['console.error in the server', 'server/src/x.ts', "export const a = () => console.error('x')\n"],
    ['console.info in a server route', 'server/src/routes/x.ts', "export const a = () => console.info('x')\n"]
  ]
  it.each(cases)('fails on %s', async (_name, file, code) => {
    expect(await consoleMessages(file, code)).not.toEqual([])
  })

  const allowed: [string, string, string][] = [
    ['the main logger', 'src/main/x.ts', "import { Logger } from './logger.ts'\nexport const a = () => new Logger('main').warn('x')\n"],
    [
      'a command line printing through the print helper',
      'server/src/x.ts',
      "import { print } from './print.ts'\nexport const a = () => print('Darsi API listening on x')\n"
    ],
    ['a command line writing to its standard output', 'server/src/x.ts', "export const a = () => process.stdout.write('x\\n')\n"]
  ]
  it.each(allowed)('allows %s', async (_name, file, code) => {
    expect(await consoleMessages(file, code)).toEqual([])
  })
})
