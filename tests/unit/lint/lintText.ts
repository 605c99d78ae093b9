/** Lints a piece of code as if it were the repository's file `filePath`: the messages of one rule. */
import { join } from 'node:path'
import { ESLint } from 'eslint'

const root = join(import.meta.dirname, '..', '..', '..')
const eslint = new ESLint({ cwd: root })

export async function ruleMessages(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message)
}
