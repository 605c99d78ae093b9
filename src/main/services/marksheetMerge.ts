/**
 * The marksheet merge itself: each photo auto-rotated from its EXIF orientation (pdf-lib ignores
 * it), fitted within 2000 px, re-encoded as JPEG quality 90, one PDF page per photo. Runs in the
 * marksheet worker; sharp and pdf-lib are imported on first use only.
 */
import { readFile as fsReadFile, stat as fsStat } from 'node:fs/promises'
import { basename, extname, isAbsolute } from 'node:path'

export const MARKSHEET_MAX_SIDE = 2000
export const MARKSHEET_JPEG_QUALITY = 90
export const MARKSHEET_MAX_FILE_BYTES = 30 * 1024 * 1024
/** Decoding bombs stop here (a 12 MP photo is 12 million pixels). */
export const MARKSHEET_MAX_INPUT_PIXELS = 120_000_000
export const MARKSHEET_EXTENSIONS: ReadonlySet<string> = new Set(['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.gif', '.avif'])

export type MarksheetFileProblem = 'not-allowed' | 'unreadable' | 'corrupt'

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

export interface MergeIo {
  readFile(path: string): Promise<Uint8Array>
  stat(path: string): Promise<{ isFile(): boolean; size: number }>
}

const nodeIo: MergeIo = { readFile: (path) => fsReadFile(path), stat: (path) => fsStat(path) }

async function readImage(path: string, io: MergeIo): Promise<Uint8Array> {
  const name = basename(path)
  if (!isAbsolute(path) || path.includes('\0') || !MARKSHEET_EXTENSIONS.has(extname(path).toLowerCase())) {
    throw new MarksheetFileError(name, 'not-allowed')
  }
  let info: { isFile(): boolean; size: number }
  try {
    info = await io.stat(path)
  } catch {
    throw new MarksheetFileError(name, 'unreadable')
  }
  if (!info.isFile() || info.size === 0 || info.size > MARKSHEET_MAX_FILE_BYTES) throw new MarksheetFileError(name, 'not-allowed')
  try {
    return await io.readFile(path)
  } catch {
    throw new MarksheetFileError(name, 'unreadable')
  }
}

export async function mergeImagesToPdf(
  files: readonly string[],
  onProgress: (progress: MergeProgress) => void = () => undefined,
  io: MergeIo = nodeIo
): Promise<{ bytes: Uint8Array<ArrayBuffer>; pages: number }> {
  const [{ default: sharp }, { PDFDocument }] = await Promise.all([import('sharp'), import('pdf-lib')])
  const pdf = await PDFDocument.create()
  for (const [index, path] of files.entries()) {
    const name = basename(path)
    const input = await readImage(path, io)
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
