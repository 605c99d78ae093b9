import { styleBucketOrdering } from '@griffel/core'
import { describe, expect, it } from 'vitest'
import { extractGriffelStyles, GRIFFEL_BUCKETS, layerName, layerOrder } from '../../../scripts/vite/griffelStylesheets.ts'

const FLUENT_MODULE = `import { __styles, __resetStyles, mergeClasses } from '@griffel/react';
export const useRootStyles = /*#__PURE__*/__resetStyles("r1abc", "r1abcrtl", [".r1abc{padding-left:4px;}", ".r1abcrtl{padding-right:4px;}"]);
export const useStyles = /*#__PURE__*/__styles({
  root: { sj55zd: "f19n0e5", uwmqm3: ["fk6fouc", "f12nh0o2"] },
  small: { Bahqtrf: "fhvnf4x" }
}, {
  d: [".f19n0e5{color:red;}", ".fk6fouc{padding-left:2px;}", ".f12nh0o2{padding-right:2px;}", [".fhvnf4x{padding:0;}", { p: -1 }]],
  h: [".fx1{color:blue;}"],
  m: [["@media (forced-colors: active){.fx2{color:CanvasText;}}", { m: "(forced-colors: active)" }]]
});
export const use = () => mergeClasses(useRootStyles(), useStyles().root);
`

describe('extractGriffelStyles', () => {
  it('turns the hooks into class-name lookups and gives their rules back by layer', () => {
    const result = extractGriffelStyles(FLUENT_MODULE, '/x/Button.styles.js', '/x/Button.styles.js.griffel.css')
    expect(result.skipped).toBe(0)
    const code = result.code!
    expect(code).toContain(`import "/x/Button.styles.js.griffel.css";`)
    expect(code).toContain(`import { __css as __griffelCss } from '@griffel/react';`)
    expect(code).toContain(`import { __resetCSS as __griffelResetCss } from '@griffel/react';`)
    expect(code).toContain('__griffelResetCss("r1abc", "r1abcrtl")')
    expect(code).toMatch(
      /__griffelCss\(\{\s*root: \{ sj55zd: "f19n0e5", uwmqm3: \["fk6fouc", "f12nh0o2"\] \},\s*small: \{ Bahqtrf: "fhvnf4x" \}\s*\}\)/
    )
    // No CSS text is left in the module.
    expect(code).not.toContain('color:red')
    expect(code).not.toContain('padding-left')

    expect(result.css).toContain('@layer griffel-r{.r1abc{padding-left:4px;}.r1abcrtl{padding-right:4px;}}')
    expect(result.css).toContain('@layer griffel-d{.f19n0e5{color:red;}.fk6fouc{padding-left:2px;}.f12nh0o2{padding-right:2px;}}')
    expect(result.css).toContain('@layer griffel-d-n1{.fhvnf4x{padding:0;}}')
    expect(result.css).toContain('@layer griffel-h{.fx1{color:blue;}}')
    const media = layerName({ bucket: 'm', condition: '(forced-colors: active)', priority: 0 })
    expect(media).toMatch(/^griffel-m-[0-9a-z]+$/)
    expect(result.css).toContain(`@layer ${media}{@media (forced-colors: active){.fx2{color:CanvasText;}}}`)
    expect(result.layers).toHaveLength(5)
    expect(result.map).not.toBeNull()
  })

  it('keeps the text direction an argument for the core hooks', () => {
    const code = `import { __styles } from '@griffel/core';\nconst s = __styles({ root: { a: ["f1", "f2"] } }, { d: [".f1{left:0;}", ".f2{right:0;}"] });\nexport const classes = (dir) => s({ dir, renderer });\n`
    const result = extractGriffelStyles(code, '/x/provider.js')
    expect(result.code).toContain(`import { __css as __griffelCoreCss } from '@griffel/core';`)
    expect(result.code).toContain('__griffelCoreCss({ root: { a: ["f1", "f2"] } })')
    expect(result.css).toBe('@layer griffel-d{.f1{left:0;}.f2{right:0;}}')
  })

  it('reads reset rules given by bucket, and the app hooks imported from Fluent', () => {
    const code = `import { __resetStyles as r } from '@fluentui/react-components';\nexport const u = r("rA", null, { r: [".rA{display:flex;}"], s: ["@supports (gap:1px){.rA{gap:1px;}}"] });\n`
    const result = extractGriffelStyles(code, '/app/Card.tsx')
    expect(result.code).toContain('__griffelResetCss("rA", null)')
    expect(result.css).toBe('@layer griffel-r{.rA{display:flex;}}\n@layer griffel-s{@supports (gap:1px){.rA{gap:1px;}}}')
  })

  it('leaves hooks whose rules are not literals, or point at files, to insert them at run time', () => {
    const code = `import { __styles } from '@griffel/react';\nconst rules = { d: [".a{color:red;}"] };\nexport const a = __styles({ r: { x: "a" } }, rules);\nexport const b = __styles({ r: { y: "b" } }, { d: [".b{background:url(./x.png);}"] });\n`
    const result = extractGriffelStyles(code, '/x/a.js')
    expect(result).toMatchObject({ code: null, css: '', skipped: 2 })
  })

  it('does not touch a module without Griffel hooks, nor a same-named function of another package', () => {
    expect(extractGriffelStyles('export const x = 1', '/x.js').code).toBeNull()
    const other = `import { __styles } from './local.js';\nexport const a = __styles({}, { d: [] });\n`
    expect(extractGriffelStyles(other, '/y.js')).toMatchObject({ code: null, skipped: 0 })
  })
})

describe('layerOrder', () => {
  it('follows the bucket order of the Griffel runtime', () => {
    expect([...GRIFFEL_BUCKETS]).toEqual(styleBucketOrdering)
  })

  it('orders by bucket, then condition as a string, then priority, lowest first, each layer once', () => {
    const narrow = { bucket: 'm' as const, condition: '(max-width: 480px)', priority: 0 }
    const wide = { bucket: 'm' as const, condition: '(min-width: 900px)', priority: 0 }
    const order = layerOrder([
      wide,
      { bucket: 'h', condition: null, priority: 0 },
      { bucket: 'd', condition: null, priority: 0 },
      narrow,
      { bucket: 'd', condition: null, priority: -1 },
      { ...narrow, priority: -1 },
      { bucket: 'r', condition: null, priority: 0 },
      { bucket: 'd', condition: null, priority: 0 }
    ])
    expect(order).toBe(
      `@layer griffel-r,griffel-d-n1,griffel-d,griffel-h,${layerName({ ...narrow, priority: -1 })},${layerName(narrow)},${layerName(wide)};`
    )
    expect(layerOrder([])).toBe('')
  })
})
