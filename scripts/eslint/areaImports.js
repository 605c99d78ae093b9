// @ts-check
/**
 * One folder per area (docs/decisions/0028-areas.md): outside `src/renderer/src/features/<area>/`,
 * a file of that area is reached only through the area's `index.ts`. Within an area, any import.
 */
import { dirname, posix, resolve, sep } from 'node:path'

const RENDERER = '/src/renderer/src/'

/**
 * The area a path belongs to and the path inside it, or null outside the areas.
 * @param {string} path an absolute path with forward slashes
 */
function areaOf(path) {
  const at = path.lastIndexOf(RENDERER)
  if (at < 0) return null
  const [top, area, ...rest] = path.slice(at + RENDERER.length).split('/')
  return top === 'features' && area && rest.length > 0 ? { area, inside: rest.join('/') } : null
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Another area's files are imported only through that area's index.ts" },
    schema: [],
    messages: {
      throughIndex: "Import the {{area}} area through features/{{area}}/index.ts, not '{{source}}'."
    }
  },
  create(context) {
    const file = context.filename.split(sep).join('/')
    const own = areaOf(file)
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return
      const target = resolve(dirname(context.filename), source.value).split(sep).join('/')
      const area = areaOf(posix.normalize(target))
      if (!area || area.area === own?.area || area.inside === 'index.ts') return
      context.report({ node: source, messageId: 'throughIndex', data: { area: area.area, source: source.value } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source)
    }
  }
}

export default { rules: { 'area-imports': rule } }
