/**
 * src/main/composition.ts is what the app (index.ts), the end-to-end harness and the tests build
 * the main process from. Its surface is not listed by hand (a list goes stale): each export is
 * documented where it is declared, and what it merely re-exports from elsewhere has a consumer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const modulePath = join(root, 'src/main/composition.ts')
const source = readFileSync(modulePath, 'utf8')
const file = ts.createSourceFile(modulePath, source, ts.ScriptTarget.Latest, true)

type Exported = { names: string[]; reexport: boolean; documented: boolean }

function isExported(statement: ts.Statement): boolean {
  return (
    ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  )
}

function namesOf(statement: ts.Statement): string[] {
  if (ts.isExportDeclaration(statement)) {
    return statement.exportClause && ts.isNamedExports(statement.exportClause)
      ? statement.exportClause.elements.map((element) => element.name.text)
      : ['*']
  }
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((declaration) => declaration.name.getText(file))
  const name = (statement as ts.Statement & { name?: ts.Identifier }).name
  return name ? [name.text] : []
}

/** Each export statement of the module, with whether a doc comment (`/** … *\/`) opens it. */
const exported: Exported[] = file.statements
  .filter((statement) => ts.isExportDeclaration(statement) || isExported(statement))
  .map((statement) => ({
    names: namesOf(statement),
    reexport: ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined,
    documented: (ts.getLeadingCommentRanges(source, statement.getFullStart()) ?? []).some((range) =>
      source.slice(range.pos, range.end).startsWith('/**')
    )
  }))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name.startsWith('.')) return []
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

/** The names other modules take from composition.ts: named imports, and `composition.x` in index.ts (a lazy import). */
function consumedNames(): Set<string> {
  const names = new Set<string>()
  for (const path of [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'tests'))]) {
    if (path === modulePath) continue
    const text = readFileSync(path, 'utf8')
    for (const match of text.matchAll(
      /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"][^'"]*main\/composition\.ts['"]|import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]\.\/composition\.ts['"]/g
    )) {
      for (const part of (match[1] ?? match[2] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
        if (name) names.add(name)
      }
    }
    if (relative(root, path) === join('src', 'main', 'index.ts')) {
      for (const match of text.matchAll(/\bcomposition\.(\w+)/g)) names.add(match[1]!)
    }
  }
  return names
}

describe('src/main/composition.ts exports', () => {
  it('finds the export statements it checks', () => {
    const names = exported.flatMap((entry) => entry.names)
    expect(names).toEqual(
      expect.arrayContaining(['createMainServices', 'createIpcHandlers', 'handleSecondInstance', 'MainPrimitives', 'MainServices'])
    )
  })

  it('documents each export where it is declared', () => {
    expect(exported.filter((entry) => !entry.documented).map((entry) => entry.names.join(', '))).toEqual([])
  })

  it('keeps no list of its exports in its header', () => {
    const header = source.slice(0, file.statements[0]!.getStart(file))
    const listed = exported.flatMap((entry) => entry.names).filter((name) => new RegExp(`\\b${name}\\b`).test(header))
    expect(listed).toEqual([])
  })

  it('re-exports only what another module takes from it', () => {
    const consumed = consumedNames()
    const unused = exported
      .filter((entry) => entry.reexport)
      .flatMap((entry) => entry.names)
      .filter((name) => !consumed.has(name))
    expect(unused).toEqual([])
  })
})
