/**
 * The marksheet merge itself: each photo auto-rotated from its EXIF orientation (pdf-lib ignores
 * it), fitted within 2000 px, re-encoded as JPEG quality 90, one PDF page per photo. Runs in the
 * marksheet worker; sharp and pdf-lib are imported on first use only.
 */
import { extname } from 'node:path'

export const MARKSHEET_MAX_SIDE = 2000
export const MARKSHEET_JPEG_QUALITY = 90
export const MARKSHEET_MAX_FILE_BYTES = 30 * 1024 * 1024
/** Decoding bombs stop here (a 12 MP photo is 12 million pixels). */
export const MARKSHEET_MAX_INPUT_PIXELS = 120_000_000
export const MARKSHEET_EXTENSIONS: ReadonlySet<string> = new Set(['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.gif', '.avif'])

export type MarksheetFileProblem = 'not-allowed' | 'corrupt'

/** A file the merge cannot use; `file` is its base name, safe to show. */
export class MarksheetFileError extends Error {
  readonly file: string
  readonly problem: MarksheetFileProblem

  constructor(file: string, problem: MarksheetFileProblem) {
    super(`${problem}: ${file}`)
    this.name = 'MarksheetFileError'
    this.file = file
    this.problem = problem
  }
}

export interface MergeProgress {
  done: number
  total: number
  file: string
}

export interface MergeImage {
  name: string
  bytes: Uint8Array
}

/** The name to show: the last path segment, without control characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  return (
    [...base]
      .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
      .join('')
      .slice(0, 255) || 'image'
  )
}

function checkImage(image: MergeImage): Uint8Array {
  const name = displayName(image.name)
  if (!MARKSHEET_EXTENSIONS.has(extname(name).toLowerCase())) throw new MarksheetFileError(name, 'not-allowed')
  if (image.bytes.byteLength === 0 || image.bytes.byteLength > MARKSHEET_MAX_FILE_BYTES) throw new MarksheetFileError(name, 'not-allowed')
  return image.bytes
}

export async function mergeImagesToPdf(
  files: readonly MergeImage[],
  onProgress: (progress: MergeProgress) => void = () => undefined
): Promise<{ bytes: Uint8Array<ArrayBuffer>; pages: number }> {
  const [{ default: sharp }, { PDFDocument }] = await Promise.all([import('sharp'), import('pdf-lib')])
  const pdf = await PDFDocument.create()
  for (const [index, picked] of files.entries()) {
    const name = displayName(picked.name)
    const input = checkImage(picked)
    let jpeg: { data: Buffer; info: { width: number; height: number } }
    try {
      jpeg = await sharp(input, { failOn: 'error', limitInputPixels: MARKSHEET_MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: MARKSHEET_MAX_SIDE, height: MARKSHEET_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: MARKSHEET_JPEG_QUALITY })
        .toBuffer({ resolveWithObject: true })
    } catch {
      throw new MarksheetFileError(name, 'corrupt')
    }
    const image = await pdf.embedJpg(jpeg.data)
    const { width, height } = jpeg.info
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height })
    onProgress({ done: index + 1, total: files.length, file: name })
  }
  const saved = await pdf.save()
  // A fresh ArrayBuffer that can be transferred out of the worker.
  const bytes = new Uint8Array(new ArrayBuffer(saved.byteLength))
  bytes.set(saved)
  return { bytes, pages: files.length }
}
