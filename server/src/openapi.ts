/**
 * The OpenAPI document of the platform API, generated from the contract in src/shared/api.
 * `npm run openapi` writes docs/openapi.json; a test fails when the file is stale.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { ErrorResponseSchema, openApiPath, type Endpoint } from '../../src/shared/api/common.ts'
import { allEndpoints } from '../../src/shared/api/index.ts'
import { REPOSITORY_ROOT } from './config.ts'
import { print } from './print.ts'

export const OPENAPI_PATH = resolve(REPOSITORY_ROOT, 'docs/openapi.json')

type JsonSchema = Record<string, unknown>

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema
  delete json.$schema
  return json
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return []
  const json = schemaOf(schema, 'input')
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property
  }))
}

function operation(name: string, endpoint: Endpoint): JsonSchema {
  const status = String(endpoint.status ?? 200)
  const errorResponse = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } }
  }
  const responses: Record<string, unknown> = {
    [status]: { description: 'Success', content: { 'application/json': { schema: schemaOf(endpoint.response, 'output') } } },
    422: errorResponse,
    429: errorResponse
  }
  for (const code of endpoint.errors ?? []) responses[String(code)] = errorResponse
  const security = endpoint.access === 'public' ? [] : endpoint.access === 'operator' ? [{ operatorKey: [] }] : [{ bearer: [] }]
  const body = endpoint.body ? schemaOf(endpoint.body, 'input') : null
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [name.split('.')[0]],
    'x-access': endpoint.access,
    ...(endpoint.captcha ? { 'x-captcha': true } : {}),
    security,
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.querystring, 'query')],
    ...(body
      ? {
          requestBody: {
            required: true,
            content: endpoint.multipart
              ? { 'multipart/form-data': { schema: body } }
              : {
                  'application/json': { schema: body },
                  ...(endpoint.form
                    ? { 'application/x-www-form-urlencoded': { schema: body }, 'multipart/form-data': { schema: body } }
                    : {})
                }
          }
        }
      : {}),
    responses
  }
}

export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const { name, endpoint } of allEndpoints()) {
    const path = openApiPath(endpoint)
    paths[path] ??= {}
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint)
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Darsi platform API',
      version: '0.1.0',
      description: 'Generated from src/shared/api. Do not edit: run `npm run openapi`.'
    },
    servers: [{ url: 'http://127.0.0.1:4000' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        operatorKey: { type: 'apiKey', in: 'header', name: 'x-operator-key' }
      },
      schemas: { ErrorResponse: schemaOf(ErrorResponseSchema, 'output') }
    },
    paths
  }
}

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(OPENAPI_PATH, renderOpenApi())
  print(`Wrote ${OPENAPI_PATH}`)
}
