/**
 * Random inputs for the profile routes: the content sniffer never throws on arbitrary bytes
 * (archive and compound-file headers included), and the class-change and upload routes answer a
 * documented status with a body of the contract's shapes — never a 5xx.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectFileType } from '../../server/src/services/marksheets.ts'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import { CreateDivisionRequestResponseSchema, UploadMarksheetResponseSchema } from '../../src/shared/api/profile.ts'
import { call, createUser, login, startTestServer, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  const phone = uniquePhone()
  await createUser(server.app, { credential: phone, division: 14 })
  token = (await login(server.app, phone)).token
})
afterAll(async () => {
  await server?.close()
})

const headers = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  [...Buffer.from('<svg ')],
  [...Buffer.from('<?xml version="1.0"?><svg>')],
  [0x89, 0x50, 0x4e, 0x47],
  []
]

describe('detectFileType on arbitrary bytes', () => {
  it('never throws, and only answers accepted types', () => {
    fc.assert(
      fc.property(fc.constantFrom(...headers), fc.uint8Array({ maxLength: 400 }), fc.uint8Array({ maxLength: 30 }), (head, body, tail) => {
        // An end-of-central-directory signature in the tail makes the ZIP reader follow random offsets.
        const bytes = Buffer.concat([Buffer.from(head), Buffer.from(body), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.from(tail)])
        const type = detectFileType(bytes)
        expect(type === null || ['gif', 'jpg', 'png', 'pdf', 'svg', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'].includes(type.ext)).toBe(
          true
        )
      }),
      { numRuns: 2000 }
    )
  })
})

describe('routes under random input', () => {
  const value = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.integer({ min: -5, max: 40 }),
    fc.string({ maxLength: 12 }),
    fc.boolean(),
    fc.array(fc.integer(), { maxLength: 2 })
  )

  it('POST /api/edit-division: 201, 409 or 422, each with its shape', async () => {
    await fc.assert(
      fc.asyncProperty(value, value, value, async (newDivision, reason, reason2) => {
        const reply = await call(server.app, 'POST', '/api/edit-division', { token, body: { newDivision, reason, reason2 } })
        expect([201, 409, 422], JSON.stringify(reply.body)).toContain(reply.status)
        const schema = reply.status === 201 ? CreateDivisionRequestResponseSchema : ErrorResponseSchema
        expect(schema.safeParse(reply.body).success).toBe(true)
      }),
      { numRuns: 60 }
    )
  })

  it('POST /api/student/mark-sheet: 201, 413 or 422, each with its shape', async () => {
    const field = fc.oneof(fc.constant(null), fc.string({ maxLength: 8 }), fc.constantFrom('1', '2', '3', '14', '0'))
    await fc.assert(
      fc.asyncProperty(
        field,
        field,
        fc.uint8Array({ maxLength: 300 }),
        fc.string({ maxLength: 20 }),
        async (trimester, division, bytes, filename) => {
          const boundary = 'fuzzboundary7MA4YWxkTrZu0gW'
          const parts: Buffer[] = []
          if (trimester !== null)
            parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="trimester"\r\n\r\n${trimester}\r\n`))
          if (division !== null)
            parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="division"\r\n\r\n${division}\r\n`))
          const safeName = filename.replace(/["\r\n\\]/g, '_')
          parts.push(
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: application/pdf\r\n\r\n`
            ),
            Buffer.from(bytes),
            Buffer.from(`\r\n--${boundary}--\r\n`)
          )
          const response = await server.app.inject({
            method: 'POST',
            url: '/api/student/mark-sheet',
            payload: Buffer.concat(parts),
            headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }
          })
          expect([201, 413, 422], response.body).toContain(response.statusCode)
          const schema = response.statusCode === 201 ? UploadMarksheetResponseSchema : ErrorResponseSchema
          expect(schema.safeParse(response.json()).success).toBe(true)
        }
      ),
      { numRuns: 60 }
    )
  })
})
