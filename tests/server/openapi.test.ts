import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OPENAPI_PATH, renderOpenApi } from '../../server/src/openapi.ts'
import { allEndpoints } from '../../src/shared/api/index.ts'
import { openApiPath } from '../../src/shared/api/common.ts'

describe('docs/openapi.json', () => {
  it('is up to date with src/shared/api (run `npm run openapi` when this fails)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(renderOpenApi())
  })

  it('documents every endpoint of the tables with its success and error answers', () => {
    const document = JSON.parse(renderOpenApi()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }
    for (const { name, endpoint } of allEndpoints()) {
      const operation = document.paths[openApiPath(endpoint)]?.[endpoint.method.toLowerCase()]
      expect(operation, name).toBeDefined()
      const statuses = Object.keys(operation!.responses)
      expect(statuses, name).toContain(String(endpoint.status ?? 200))
      for (const status of endpoint.errors ?? []) expect(statuses, name).toContain(String(status))
    }
  })
})
