import MagicString from 'magic-string'
import { parseAst, type Plugin } from 'vite'

/**
 * Griffel's style buckets in the order its runtime keeps their `<style>` elements: reset rules,
 * plain rules, then the pseudo-classes (link, visited, focus-within, focus, focus-visible, hover,
 * active), at-rules of reset styles, keyframes, other at-rules, `@media`, `@container`.
 */
export const GRIFFEL_BUCKETS = ['r', 'd', 'l', 'v', 'w', 'f', 'i', 'h', 'a', 's', 'k', 't', 'm', 'c', 'x'] as const

type Bucket = (typeof GRIFFEL_BUCKETS)[number]
type Metadata = { m?: string; x?: string; p?: number }
type RuleEntry = string | [string, Metadata]

/** Where a rule goes: its bucket, its media or container condition, its priority (shorthands are below 0). */
export interface LayerKey {
  bucket: Bucket
  condition: string | null
  priority: number
}

export interface Extraction {
  /** The module with its style hooks turned into class-name lookups, or null when it had none to turn. */
  code: string | null
  map: ReturnType<MagicString['generateMap']> | null
  /** The module's rules, each wrapped in its cascade layer. */
  css: string
  layers: LayerKey[]
  /** Style hooks left to insert their rules at run time (arguments that are not literals). */
  skipped: number
}

/**
 * Where the hooks come from, and the lookups that replace them from the same package: the React
 * ones read the text direction from context, the core ones take it as an argument.
 */
const LOOKUPS = {
  '@griffel/react': { __styles: '__griffelCss', __resetStyles: '__griffelResetCss' },
  '@fluentui/react-components': { __styles: '__griffelCss', __resetStyles: '__griffelResetCss' },
  '@griffel/core': { __styles: '__griffelCoreCss', __resetStyles: '__griffelCoreResetCss' }
} as const
const LOOKUP_IMPORTS = {
  __griffelCss: "import { __css as __griffelCss } from '@griffel/react';",
  __griffelResetCss: "import { __resetCSS as __griffelResetCss } from '@griffel/react';",
  __griffelCoreCss: "import { __css as __griffelCoreCss } from '@griffel/core';",
  __griffelCoreResetCss: "import { __resetCSS as __griffelCoreResetCss } from '@griffel/core';"
} as const
type Lookup = keyof typeof LOOKUP_IMPORTS

function isBucket(name: string): name is Bucket {
  return (GRIFFEL_BUCKETS as readonly string[]).includes(name)
}

/** A short stable name for a media or container condition (FNV-1a, base 36). */
function conditionId(condition: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < condition.length; i += 1) {
    hash ^= condition.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36)
}

export function layerName({ bucket, condition, priority }: LayerKey): string {
  const where = condition === null ? '' : `-${conditionId(condition)}`
  const rank = priority === 0 ? '' : priority < 0 ? `-n${-priority}` : `-p${priority}`
  return `griffel-${bucket}${where}${rank}`
}

const layerId = (key: LayerKey) => `${key.bucket}\u0000${key.condition ?? ''}\u0000${key.priority}`

/**
 * The order of all layers, as Griffel orders its style elements: by bucket; within `@media` and
 * `@container`, by condition (compared as strings, its default); then by priority, lowest first.
 */
export function layerOrder(keys: Iterable<LayerKey>): string {
  const unique = new Map<string, LayerKey>()
  for (const key of keys) unique.set(layerId(key), key)
  const sorted = [...unique.values()].sort((a, b) => {
    const byBucket = GRIFFEL_BUCKETS.indexOf(a.bucket) - GRIFFEL_BUCKETS.indexOf(b.bucket)
    if (byBucket !== 0) return byBucket
    const ac = a.condition ?? ''
    const bc = b.condition ?? ''
    if (ac !== bc) return ac < bc ? -1 : 1
    return a.priority - b.priority
  })
  return sorted.length === 0 ? '' : `@layer ${sorted.map(layerName).join(',')};`
}

// ESTree as the parser gives it: only what is read here.
type Node = { type: string; start: number; end: number; [key: string]: unknown }
const NOT_LITERAL = Symbol('not a literal')

/** The value of an expression made only of literals, or NOT_LITERAL. */
function literalValue(node: Node): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string } }[]
      return (node.expressions as Node[]).length === 0 ? quasis.map((q) => q.value.cooked).join('') : NOT_LITERAL
    }
    case 'UnaryExpression': {
      const value = literalValue(node.argument as Node)
      return node.operator === '-' && typeof value === 'number' ? -value : NOT_LITERAL
    }
    case 'ArrayExpression': {
      const items: unknown[] = []
      for (const element of node.elements as (Node | null)[]) {
        if (element === null || element.type === 'SpreadElement') return NOT_LITERAL
        const value = literalValue(element)
        if (value === NOT_LITERAL) return NOT_LITERAL
        items.push(value)
      }
      return items
    }
    case 'ObjectExpression': {
      const result: Record<string, unknown> = {}
      for (const property of node.properties as Node[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') return NOT_LITERAL
        const key = property.key as Node
        const name = key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : null
        if (name === null) return NOT_LITERAL
        const value = literalValue(property.value as Node)
        if (value === NOT_LITERAL) return NOT_LITERAL
        result[name] = value
      }
      return result
    }
    default:
      return NOT_LITERAL
  }
}

function isRuleEntry(value: unknown): value is RuleEntry {
  if (typeof value === 'string') return true
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'object' && value[1] !== null
}

/** The rules of one `__styles`/`__resetStyles` call by layer, or null when they are not plain CSS text. */
function rulesByLayer(rules: unknown): Map<string, { key: LayerKey; css: string[] }> | null {
  const bucketsObject = Array.isArray(rules) ? { r: rules } : rules
  if (typeof bucketsObject !== 'object' || bucketsObject === null) return null
  const layers = new Map<string, { key: LayerKey; css: string[] }>()
  for (const [bucket, entries] of Object.entries(bucketsObject)) {
    if (!isBucket(bucket) || !Array.isArray(entries)) return null
    for (const entry of entries) {
      if (!isRuleEntry(entry)) return null
      const [css, metadata] = typeof entry === 'string' ? [entry, {} as Metadata] : entry
      // A rule pointing at a file would need its URL resolved by the bundler: left at run time.
      if (/url\(/i.test(css)) return null
      const condition = bucket === 'm' ? (metadata.m ?? null) : bucket === 'x' ? (metadata.x ?? null) : null
      const key: LayerKey = { bucket, condition, priority: typeof metadata.p === 'number' ? metadata.p : 0 }
      const id = layerId(key)
      const layer = layers.get(id) ?? { key, css: [] }
      layer.css.push(css)
      layers.set(id, layer)
    }
  }
  return layers
}

/**
 * Finds the module's Griffel style hooks built ahead of time — `__styles(classes, rules)` and
 * `__resetStyles(ltr, rtl, rules)`, as Fluent's packages ship them and as the app's `makeStyles`
 * are compiled — and turns them into `__css(classes)` / `__resetCSS(ltr, rtl)`, which only look
 * class names up. Their rules come back as a stylesheet, each in the cascade layer of its bucket,
 * so the rules of every module keep Griffel's order whatever order the files arrive in.
 */
export function extractGriffelStyles(code: string, id: string, stylesheet?: string): Extraction {
  const none: Extraction = { code: null, map: null, css: '', layers: [], skipped: 0 }
  if (!code.includes('__styles') && !code.includes('__resetStyles')) return none
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: Node[] }

  const hooks = new Map<string, { kind: '__styles' | '__resetStyles'; lookup: Lookup }>()
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue
    const source = (statement.source as Node).value as string
    if (!Object.hasOwn(LOOKUPS, source)) continue
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type !== 'ImportSpecifier') continue
      const imported = specifier.imported as Node
      const name = imported.type === 'Identifier' ? (imported.name as string) : (imported.value as string)
      if (name === '__styles' || name === '__resetStyles') {
        hooks.set((specifier.local as Node).name as string, { kind: name, lookup: LOOKUPS[source as keyof typeof LOOKUPS][name] })
      }
    }
  }
  if (hooks.size === 0) return none

  const calls: Node[] = []
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child)
      return
    }
    if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return
    const current = node as Node
    if (current.type === 'CallExpression') {
      const callee = current.callee as Node
      if (callee.type === 'Identifier' && hooks.has(callee.name as string)) calls.push(current)
    }
    for (const [key, value] of Object.entries(current)) {
      if (key !== 'type' && key !== 'start' && key !== 'end' && typeof value === 'object') visit(value)
    }
  }
  visit(program.body)

  const output = new MagicString(code)
  const layers = new Map<string, { key: LayerKey; css: string[] }>()
  const lookups = new Set<Lookup>()
  let skipped = 0
  for (const call of calls) {
    const { kind, lookup } = hooks.get((call.callee as Node).name as string)!
    const args = call.arguments as Node[]
    const expected = kind === '__styles' ? 2 : 3
    const rules = args.length === expected ? literalValue(args[expected - 1]!) : NOT_LITERAL
    const byLayer = rules === NOT_LITERAL ? null : rulesByLayer(rules)
    if (byLayer === null) {
      skipped += 1
      continue
    }
    for (const [layer, { key, css }] of byLayer) {
      const target = layers.get(layer) ?? { key, css: [] }
      target.css.push(...css)
      layers.set(layer, target)
    }
    const callee = call.callee as Node
    output.overwrite(callee.start, callee.end, lookup)
    // Drops `, rules` (and a trailing comma): the lookup takes the class names alone.
    output.remove(args[expected - 2]!.end, call.end - 1)
    lookups.add(lookup)
  }
  if (lookups.size === 0) return { ...none, skipped }

  output.prepend(`${[...lookups].map((lookup) => LOOKUP_IMPORTS[lookup]).join('\n')}\n`)
  if (stylesheet !== undefined) output.prepend(`import ${JSON.stringify(stylesheet)};\n`)
  const css = [...layers.values()].map(({ key, css: rules }) => `@layer ${layerName(key)}{${[...new Set(rules)].join('')}}`).join('\n')
  return {
    code: output.toString(),
    map: output.generateMap({ hires: 'boundary', source: id }),
    css,
    layers: [...layers.values()].map(({ key }) => key),
    skipped
  }
}

const STYLESHEET_SUFFIX = '.griffel.css'

/**
 * Build only: every Griffel style hook of the renderer (Fluent's and the app's) reads its class
 * names from a stylesheet written at build time instead of inserting CSS rules when a component
 * first renders. Each module's rules join the stylesheet of the chunk that loads it (the first
 * screen's with the entry, a screen's with its chunk), and every stylesheet opens with the order
 * of all the layers, so whichever loads first sets Griffel's bucket order for all.
 */
export function griffelStylesheets(): Plugin {
  const stylesheets = new Map<string, string>()
  const keys = new Map<string, LayerKey>()
  const skipped = new Map<string, number>()
  return {
    name: 'darsi:griffel-stylesheets',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      stylesheets.clear()
      keys.clear()
      skipped.clear()
    },
    resolveId: {
      order: 'pre',
      handler: (source) => (stylesheets.has(source) ? source : null)
    },
    load: {
      order: 'pre',
      handler: (id) => stylesheets.get(id) ?? null
    },
    transform(code, id) {
      // Griffel's own modules define the hooks; they call none.
      if (id.startsWith('\0') || id.includes('/node_modules/@griffel/') || !/\.[cm]?[jt]sx?(\?|$)/.test(id)) return null
      const stylesheet = `${id.replace(/\?.*$/, '')}${STYLESHEET_SUFFIX}`
      const extraction = extractGriffelStyles(code, id, stylesheet)
      if (extraction.skipped > 0) skipped.set(id, extraction.skipped)
      if (extraction.code === null) return null
      stylesheets.set(stylesheet, extraction.css)
      for (const key of extraction.layers) keys.set(layerId(key), key)
      return { code: extraction.code, map: extraction.map }
    },
    generateBundle(_options, bundle) {
      const order = layerOrder(keys.values())
      if (order === '') return
      let stylesheetsWithLayers = 0
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue
        const source = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source)
        if (!source.includes('@layer griffel-')) continue
        file.source = `${order}\n${source}`
        stylesheetsWithLayers += 1
      }
      if (stylesheetsWithLayers === 0) this.error('Griffel rules were extracted but no stylesheet carries them')
      const bundled = new Set(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])))
      for (const [id, count] of skipped) {
        if (bundled.has(id))
          this.warn(
            `${count} Griffel style hook(s) of ${id.replace(/.*node_modules\//, '')} keep inserting their rules at run time (arguments that are not literals)`
          )
      }
    }
  }
}
