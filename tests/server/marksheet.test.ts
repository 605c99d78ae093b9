/**
 * Report cards (issue 5): type by content, the 10 MB limit, the form messages, signed expiring
 * downloads served to the owner's link only, delete while pending, and the operator decision.
 */
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectFileType, storedName, zipEntryNames } from '../../server/src/services/marksheets.ts'
import { MARKSHEET_MAX_BYTES } from '../../src/shared/api/profile.ts'
import { call, createUser, demo, login, startTestServer, uniquePhone, type TestServer, type Tokens } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

// ---- sample files -------------------------------------------------------------------------

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR fake image body')])
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF body')])
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00 body', 'latin1')
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90), Buffer.from('This program cannot be run in DOS mode')])
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<!-- bulletin -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n'
)

/** An OLE2 compound file whose directory names its main stream (UTF-16LE, as Office writes it). */
function ole2(stream: string): Buffer {
  const header = Buffer.alloc(512)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header)
  const directory = Buffer.alloc(128)
  Buffer.from(stream, 'utf16le').copy(directory)
  return Buffer.concat([header, directory])
}

/** A ZIP record of `size` bytes: little-endian fields of 4 and of 2 bytes at their offsets, zeros elsewhere. */
function zipRecord(size: number, uint32: Record<number, number>, uint16: Record<number, number>): Buffer {
  const record = Buffer.alloc(size)
  for (const [offset, value] of Object.entries(uint32)) record.writeUInt32LE(value, Number(offset))
  for (const [offset, value] of Object.entries(uint16)) record.writeUInt16LE(value, Number(offset))
  return record
}

/** A ZIP archive of stored (uncompressed) entries, as Office Open XML files are. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text)
    const nameBytes = Buffer.from(name)
    const crc = crc32(data)
    // Signature, CRC-32, both sizes (and the central entry's local offset); version needed (and made by), the name's length.
    const local = zipRecord(30, { 0: 0x04034b50, 14: crc, 18: data.length, 22: data.length }, { 4: 20, 26: nameBytes.length })
    const central = zipRecord(
      46,
      { 0: 0x02014b50, 16: crc, 20: data.length, 24: data.length, 42: offset },
      { 4: 20, 6: 20, 28: nameBytes.length }
    )
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const count = centrals.length / 2
  const end = zipRecord(22, { 0: 0x06054b50, 12: directory.length, 16: offset }, { 8: count, 10: count })
  return Buffer.concat([...locals, directory, end])
}
const officeXml = (part: string) => zip({ '[Content_Types].xml': '<Types/>', '_rels/.rels': '<Relationships/>', [part]: '<x/>' })

// ---- requests -----------------------------------------------------------------------------

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string }

function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----darsi${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`
        )
      )
      chunks.push(part.content, Buffer.from('\r\n'))
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

type Marksheet = {
  id: number
  name: string
  division: { id: number; name: string }
  trimester: number
  status: string
  url: string
  mime_type: string
  size: number
}
type UploadReply = { status: number; body: { message: string; marksheet: Marksheet; code?: string; errors?: Record<string, string[]> } }

async function upload(token: string | null, parts: Part[]): Promise<UploadReply> {
  const { payload, contentType } = multipartBody(parts)
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/student/mark-sheet',
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) }
  })
  return { status: response.statusCode, body: response.json() }
}

const form = (file: { filename: string; content: Buffer } | null, trimester = '1', division = '14'): Part[] => [
  { name: 'trimester', value: trimester },
  { name: 'division', value: division },
  ...(file ? [{ name: 'file', ...file }] : [])
]

async function pupil(): Promise<Tokens & { phone: string }> {
  const phone = uniquePhone()
  await createUser(server.app, { credential: phone, division: 14 })
  return { ...(await login(server.app, phone)), phone }
}

const list = async (token: string) => call<Marksheet[]>(server.app, 'GET', '/api/student/mark-sheets', { token })
const download = (url: string) => server.app.inject({ method: 'GET', url })
const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })

describe('file type by content', () => {
  it('recognises each accepted type from its bytes', () => {
    expect(detectFileType(PNG)?.ext).toBe('png')
    expect(detectFileType(JPEG)?.ext).toBe('jpg')
    expect(detectFileType(GIF)?.ext).toBe('gif')
    expect(detectFileType(PDF)?.ext).toBe('pdf')
    expect(detectFileType(SVG)).toMatchObject({ ext: 'svg', inline: false })
    expect(detectFileType(Buffer.from('\ufeff<svg viewBox="0 0 1 1"/>'))?.ext).toBe('svg')
    expect(detectFileType(officeXml('word/document.xml'))?.ext).toBe('docx')
    expect(detectFileType(officeXml('xl/workbook.xml'))?.ext).toBe('xlsx')
    expect(detectFileType(officeXml('ppt/presentation.xml'))?.ext).toBe('pptx')
    expect(detectFileType(ole2('WordDocument'))?.ext).toBe('doc')
    expect(detectFileType(ole2('Workbook'))?.ext).toBe('xls')
    expect(detectFileType(ole2('PowerPoint Document'))?.ext).toBe('ppt')
  })

  it('refuses executables, plain archives, HTML and text', () => {
    expect(detectFileType(EXE)).toBeNull()
    expect(detectFileType(zip({ 'virus.exe': 'MZ' }))).toBeNull()
    // Content types alone, without the main part of a document, are not an office file.
    expect(detectFileType(zip({ '[Content_Types].xml': '<Types/>' }))).toBeNull()
    expect(detectFileType(Buffer.from('<html><body><svg></svg></body></html>'))).toBeNull()
    expect(detectFileType(Buffer.from('Bulletin du 1er trimestre'))).toBeNull()
    expect(detectFileType(ole2('SomethingElse'))).toBeNull()
    expect(detectFileType(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00]))).toBeNull()
    expect(detectFileType(Buffer.alloc(0))).toBeNull()
  })

  it('reads ZIP entry names from the central directory and names the stored file after its real type', () => {
    expect(zipEntryNames(officeXml('word/document.xml'))).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml'])
    expect(zipEntryNames(Buffer.from('PK\x03\x04 truncated'))).toBeNull()
    expect(storedName('C:\\Users\\eleve\\bulletin T1.pdf', detectFileType(PNG)!)).toBe('bulletin T1.png')
    expect(storedName('../../"evil"\u0007.exe', detectFileType(PDF)!)).toBe('evil.pdf')
    expect(storedName('.pdf', detectFileType(PDF)!)).toBe('bulletin.pdf')
  })
})

describe('POST /api/student/mark-sheet and GET /api/student/mark-sheets', () => {
  it('stores a report card and lists it with a signed link only its owner receives', async () => {
    const tokens = await pupil()
    const created = await upload(tokens.token, form({ filename: 'bulletin-t1.pdf', content: PDF }, '1', '14'))
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Le bulletin a été envoyé')
    expect(created.body.marksheet).toMatchObject({
      name: 'bulletin-t1.pdf',
      division: { id: 14, name: 'Bac Sciences expérimentales' },
      trimester: 1,
      status: 'pending',
      mime_type: 'application/pdf',
      size: PDF.length
    })
    const listed = await list(tokens.token)
    expect(listed.status).toBe(200)
    expect(listed.body.map((row) => row.id)).toEqual([created.body.marksheet.id])
    expect(listed.body[0]!.url).toMatch(/^\/api\/files\?key=marksheets%2F\d+%2F[\w-]+\.pdf&expires=\d+&signature=[\w-]+$/)
    const file = await download(listed.body[0]!.url)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PDF)).toBe(true)
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="bulletin-t1.pdf"/)
    // Another pupil sees nothing of it.
    expect((await list((await pupil()).token)).body).toEqual([])
    expect((await call(server.app, 'GET', '/api/student/mark-sheets')).status).toBe(401)
  })

  it('serves raster images inline and SVG only as a download', async () => {
    const tokens = await pupil()
    const image = await upload(tokens.token, form({ filename: 'photo.png', content: PNG }, '2'))
    const drawing = await upload(tokens.token, form({ filename: 'bulletin.svg', content: SVG }, '3'))
    const png = await download(image.body.marksheet.url)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.headers['content-disposition']).toMatch(/^inline;/)
    const svg = await download(drawing.body.marksheet.url)
    expect(svg.statusCode).toBe(200)
    expect(svg.headers['content-type']).toBe('application/octet-stream')
    expect(svg.headers['content-disposition']).toMatch(/^attachment; filename="bulletin.svg"/)
    expect(svg.headers['x-content-type-options']).toBe('nosniff')
  })

  it('refuses expired and forged links', async () => {
    const tokens = await pupil()
    const { url } = (await upload(tokens.token, form({ filename: 'b.gif', content: GIF }))).body.marksheet
    const forged = url.replace(/signature=[\w-]+/, 'signature=AAAA')
    expect((await download(forged)).statusCode).toBe(403)
    const otherKey = url.replace(/key=marksheets%2F\d+/, 'key=marksheets%2F1')
    expect((await download(otherKey)).statusCode).toBe(403)
    server.clock.advance(16 * 60_000)
    const expired = await download(url)
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toMatchObject({ code: 'forbidden', message: 'Lien de téléchargement invalide ou expiré' })
    // A fresh list signs again (a new sign-in too: the access token has expired with the clock).
    const again = await login(server.app, tokens.phone)
    expect((await download((await list(again.token)).body[0]!.url)).statusCode).toBe(200)
  })

  it('takes the type from the content: PNG bytes named .pdf are a PNG, an executable named .pdf is refused', async () => {
    const tokens = await pupil()
    const renamed = await upload(tokens.token, form({ filename: 'bulletin.pdf', content: PNG }))
    expect(renamed.status).toBe(201)
    expect(renamed.body.marksheet).toMatchObject({ name: 'bulletin.png', mime_type: 'image/png' })
    const exe = await upload(tokens.token, form({ filename: 'bulletin.pdf', content: EXE }))
    expect(exe.status).toBe(422)
    expect(exe.body.errors).toEqual({
      file: ['Type de fichier non accepté (gif, jpg, png, pdf, jpeg, svg, doc, docx, ppt, pptx, xls, xlsx)']
    })
    for (const [filename, content] of [
      ['b.docx', officeXml('word/document.xml')],
      ['b.xlsx', officeXml('xl/workbook.xml')],
      ['b.ppt', ole2('PowerPoint Document')],
      ['b.jpeg', JPEG]
    ] as const) {
      const reply = await upload(tokens.token, form({ filename, content }))
      expect(reply.status, filename).toBe(201)
    }
    expect((await list(tokens.token)).body).toHaveLength(5)
  })

  it('answers the form messages: division, trimester, file', async () => {
    const tokens = await pupil()
    const noDivision = await upload(tokens.token, [
      { name: 'trimester', value: '1' },
      { name: 'file', filename: 'b.pdf', content: PDF }
    ])
    expect(noDivision.status).toBe(422)
    expect(noDivision.body).toMatchObject({ message: 'Please select a division', errors: { division: ['Please select a division'] } })
    expect((await upload(tokens.token, form({ filename: 'b.pdf', content: PDF }, '1', ''))).body.errors).toEqual({
      division: ['Please select a division']
    })
    expect((await upload(tokens.token, form({ filename: 'b.pdf', content: PDF }, '1', '9999'))).body.errors).toEqual({
      division: ['Please select a division']
    })
    for (const trimester of ['0', '4', 'deux', '']) {
      const reply = await upload(tokens.token, form({ filename: 'b.pdf', content: PDF }, trimester))
      expect(reply.body.errors, trimester).toEqual({ trimester: ['Le trimestre doit être 1, 2 ou 3'] })
    }
    expect((await upload(tokens.token, form(null))).body.errors).toEqual({ file: ['Veuillez choisir un fichier'] })
    expect((await upload(tokens.token, form({ filename: 'vide.pdf', content: Buffer.alloc(0) }))).body.errors).toEqual({
      file: ['Veuillez choisir un fichier']
    })
    const twoFiles = await upload(tokens.token, [
      ...form({ filename: 'a.pdf', content: PDF }),
      { name: 'file', filename: 'b.pdf', content: PDF }
    ])
    expect(twoFiles.status).toBe(422)
    expect((await list(tokens.token)).body).toEqual([])
  })

  it('refuses a file over 10 MB with a clear message, and a body that is not multipart', async () => {
    const tokens = await pupil()
    const big = Buffer.concat([PDF, Buffer.alloc(MARKSHEET_MAX_BYTES + 1 - PDF.length, 0x20)])
    const tooBig = await upload(tokens.token, form({ filename: 'gros.pdf', content: big }))
    expect(tooBig.status).toBe(413)
    expect(tooBig.body).toMatchObject({ code: 'payload_too_large', message: 'Le fichier dépasse la taille maximale de 10 Mo' })
    const justRight = await upload(tokens.token, form({ filename: 'limite.pdf', content: big.subarray(0, MARKSHEET_MAX_BYTES) }))
    expect(justRight.status).toBe(201)
    const json = await call(server.app, 'POST', '/api/student/mark-sheet', { token: tokens.token, body: { trimester: 1, division: 14 } })
    expect(json.status).toBe(415)
    expect((await upload(null, form({ filename: 'b.pdf', content: PDF }))).status).toBe(401)
    const parent = await login(server.app, demo.parent)
    expect((await upload(parent.token, form({ filename: 'b.pdf', content: PDF }))).status).toBe(403)
  })
})

describe('DELETE /api/student/mark-sheet/{id} and the operator decision', () => {
  it('deletes a pending report card and its file; not another pupil’s, not a decided one', async () => {
    const tokens = await pupil()
    const first = (await upload(tokens.token, form({ filename: 'a.pdf', content: PDF }))).body.marksheet
    const second = (await upload(tokens.token, form({ filename: 'b.pdf', content: PDF }, '2'))).body.marksheet
    const other = await pupil()
    const foreign = await call(server.app, 'DELETE', `/api/student/mark-sheet/${first.id}`, { token: other.token })
    expect(foreign.status).toBe(404)
    expect((await call(server.app, 'DELETE', '/api/student/mark-sheet/999999', { token: tokens.token })).status).toBe(404)
    expect((await call(server.app, 'DELETE', `/api/student/mark-sheet/${first.id}`)).status).toBe(401)

    const deleted = await call(server.app, 'DELETE', `/api/student/mark-sheet/${first.id}`, { token: tokens.token })
    expect(deleted.status).toBe(200)
    expect(deleted.body.message).toBe('Le bulletin a été supprimé')
    expect((await download(first.url)).statusCode).toBe(404)
    const key = new URL(first.url, 'http://x').searchParams.get('key')!
    expect(await server.app.services.storage.get(key)).toBeNull()
    expect((await list(tokens.token)).body.map((row) => row.id)).toEqual([second.id])

    const approved = await call<{ status: string; message: string }>(server.app, 'POST', `/operator/marksheets/${second.id}/approve`, {
      headers: operator()
    })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ status: 'approved', message: `Bulletin ${second.id} approuvé` })
    expect((await list(tokens.token)).body[0]!.status).toBe('approved')
    const locked = await call(server.app, 'DELETE', `/api/student/mark-sheet/${second.id}`, { token: tokens.token })
    expect(locked.status).toBe(409)
    expect(locked.body).toMatchObject({ code: 'marksheet_not_pending', message: 'Seul un bulletin en attente peut être supprimé' })
    expect((await download((await list(tokens.token)).body[0]!.url)).statusCode).toBe(200)
  })

  it('rejects once, lists by status, and refuses unknown ids and calls without the key', async () => {
    const tokens = await pupil()
    const sheet = (await upload(tokens.token, form({ filename: 'a.pdf', content: PDF }, '3'))).body.marksheet
    const pending = await call<Array<{ id: number; user: { id: number }; status: string }>>(server.app, 'GET', '/operator/marksheets', {
      headers: operator(),
      query: { status: 'pending' }
    })
    expect(pending.body.some((row) => row.id === sheet.id)).toBe(true)
    expect(pending.body.every((row) => row.status === 'pending')).toBe(true)
    expect((await call(server.app, 'POST', `/operator/marksheets/${sheet.id}/reject`, { headers: operator() })).body.status).toBe(
      'rejected'
    )
    const again = await call(server.app, 'POST', `/operator/marksheets/${sheet.id}/approve`, { headers: operator() })
    expect(again.status).toBe(409)
    expect((await list(tokens.token)).body[0]!.status).toBe('rejected')
    expect((await call(server.app, 'POST', '/operator/marksheets/999999/approve', { headers: operator() })).status).toBe(404)
    expect((await call(server.app, 'POST', `/operator/marksheets/${sheet.id}/approve`)).status).toBe(401)
    expect((await call(server.app, 'DELETE', `/api/student/mark-sheet/${sheet.id}`, { token: tokens.token })).status).toBe(409)
  })
})
