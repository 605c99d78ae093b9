/**
 * Report card files: the type is read from the bytes, never from the name or the client's
 * content type (docs/decisions/0005-profile-language-and-files.md). A name that lies about an
 * accepted type (`bulletin.pdf` holding PNG bytes) is stored as what it is; anything else
 * (an executable renamed `.pdf`) is refused.
 */

export type DetectedType = {
  ext: 'gif' | 'jpg' | 'png' | 'pdf' | 'svg' | 'doc' | 'docx' | 'ppt' | 'pptx' | 'xls' | 'xlsx'
  mime: string
  /** Only raster images render in place; the others, SVG above all, always download. */
  inline: boolean
}

const TYPES = {
  gif: { ext: 'gif', mime: 'image/gif', inline: true },
  jpg: { ext: 'jpg', mime: 'image/jpeg', inline: true },
  png: { ext: 'png', mime: 'image/png', inline: true },
  pdf: { ext: 'pdf', mime: 'application/pdf', inline: false },
  svg: { ext: 'svg', mime: 'image/svg+xml', inline: false },
  doc: { ext: 'doc', mime: 'application/msword', inline: false },
  xls: { ext: 'xls', mime: 'application/vnd.ms-excel', inline: false },
  ppt: { ext: 'ppt', mime: 'application/vnd.ms-powerpoint', inline: false },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false },
  pptx: { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', inline: false }
} as const satisfies Record<string, DetectedType>

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))
const utf16 = (text: string) => Buffer.from(text, 'utf16le')

/** Names of the entries of a ZIP archive, read from its central directory; null when malformed. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  const floor = Math.max(0, view.length - 22 - 65_535)
  let end = -1
  for (let i = view.length - 22; i >= floor; i--) {
    if (view.readUInt32LE(i) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) return null
  const count = view.readUInt16LE(end + 10)
  const size = view.readUInt32LE(end + 12)
  let offset = view.readUInt32LE(end + 16)
  if (offset + size > end) return null
  const names: string[] = []
  for (let n = 0; n < count; n++) {
    if (offset + 46 > view.length || view.readUInt32LE(offset) !== 0x02014b50) return null
    const nameLength = view.readUInt16LE(offset + 28)
    const extraLength = view.readUInt16LE(offset + 30)
    const commentLength = view.readUInt16LE(offset + 32)
    if (offset + 46 + nameLength > view.length) return null
    names.push(view.toString('utf8', offset + 46, offset + 46 + nameLength))
    offset += 46 + nameLength + extraLength + commentLength
  }
  return names
}

function officeOpenXml(bytes: Uint8Array): DetectedType | null {
  const names = zipEntryNames(bytes)
  if (!names || !names.includes('[Content_Types].xml')) return null
  if (names.includes('word/document.xml')) return TYPES.docx
  if (names.includes('xl/workbook.xml')) return TYPES.xlsx
  if (names.includes('ppt/presentation.xml')) return TYPES.pptx
  return null
}

/** OLE2 compound files name their main stream in the (UTF-16LE) directory. */
function legacyOffice(bytes: Uint8Array): DetectedType | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buffer.includes(utf16('WordDocument'))) return TYPES.doc
  if (buffer.includes(utf16('Workbook')) || buffer.includes(utf16('Book'))) return TYPES.xls
  if (buffer.includes(utf16('PowerPoint Document'))) return TYPES.ppt
  return null
}

const SVG_ROOT = /^(?:\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*<svg[\s>/]/i

function svg(bytes: Uint8Array): DetectedType | null {
  if (bytes.includes(0)) return null
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return null
  }
  return SVG_ROOT.test(text) ? TYPES.svg : null
}

/** The accepted type the bytes hold, or null. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return TYPES.jpg
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return TYPES.gif
  if (startsWith(bytes, ascii('%PDF-'))) return TYPES.pdf
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeOpenXml(bytes)
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return legacyOffice(bytes)
  return svg(bytes)
}

/** The uploaded name with the extension of its real type, safe to show and to offer as a download name. */
export function storedName(original: string, type: DetectedType): string {
  const base = original.split(/[\\/]/).pop() ?? ''
  const stem = [...base.replace(/\.[^.]*$/, '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 120)
  return `${stem || 'bulletin'}.${type.ext}`
}
