/**
 * Magazine lessons (part 2, §3 Lesson pages and rtl; docs/decisions/0044-magazine-pages.md): the
 * operator's PDF is rendered once, page by page, to JPEG images with poppler's `pdftoppm`; the
 * images go to the file store and their rows list the lesson's pages in order. A pupil who may
 * open the lesson gets each page at an address signed for them that expires after
 * MEDIA_URL_TTL_SECONDS.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { MAGAZINE_MAX_PAGES } from '../../../src/shared/api/magazines.ts'
import { MAGAZINE_CONTENT_TYPE, MEDIA_URL_TTL_SECONDS, type MediaQuery } from '../../../src/shared/api/learning.ts'
import type { Db, Executor } from '../db/client.ts'
import { contentPages, contents } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { createAddressSigner } from './lessonMedia.ts'
import type { FileStorage } from './storage.ts'

export { MAGAZINE_CONTENT_TYPE }
/** Resolution of the page images: a A4 page is about 910 × 1290 pixels, sharp on a laptop screen. */
export const PAGE_RESOLUTION_DPI = 110
/** How long rendering one magazine may take. */
const RENDER_TIMEOUT_MS = 120_000

const run = promisify(execFile)

export type PageRow = typeof contentPages.$inferSelect

/** The renderer is not installed (poppler-utils). */
export class PdfRendererMissingError extends Error {
  constructor() {
    super('pdftoppm (poppler-utils) is not installed: magazine pages cannot be rendered')
    this.name = 'PdfRendererMissingError'
  }
}

/** A PDF file starts with `%PDF-` (within its first kilobyte, as readers accept). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  return head.includes('%PDF-')
}

function unreadable(): ApiError {
  return new ApiError('unsupported_media_type', 'Ce fichier n’est pas un PDF lisible')
}

/** Runs a poppler tool; a missing tool is PdfRendererMissingError, a refused file 415. */
async function poppler(tool: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { timeout: RENDER_TIMEOUT_MS, maxBuffer: 1024 * 1024 })
    return stdout
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new PdfRendererMissingError()
    throw unreadable()
  }
}

/** Every page of a PDF as a JPEG image, in order (pdfinfo counts them first: at most MAGAZINE_MAX_PAGES). */
export async function renderPdfPages(pdf: Uint8Array): Promise<Uint8Array[]> {
  if (!looksLikePdf(pdf)) throw unreadable()
  const dir = await mkdtemp(join(tmpdir(), 'darsi-magazine-'))
  try {
    const source = join(dir, 'magazine.pdf')
    await writeFile(source, pdf)
    const count = Number(/^Pages:\s+(\d+)/m.exec(await poppler('pdfinfo', [source]))?.[1] ?? 0)
    if (count < 1) throw unreadable()
    if (count > MAGAZINE_MAX_PAGES)
      throw new ApiError('payload_too_large', `Un magazine a ${MAGAZINE_MAX_PAGES} pages au plus (celui-ci en a ${count})`)
    await poppler('pdftoppm', ['-r', String(PAGE_RESOLUTION_DPI), '-jpeg', '-jpegopt', 'quality=85', source, join(dir, 'page')])
    // page-1.jpg … or page-01.jpg …: the number after the dash orders them.
    const files = (await readdir(dir))
      .filter((name) => /^page-\d+\.jpg$/.test(name))
      .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    if (files.length !== count) throw unreadable()
    return await Promise.all(files.map(async (name) => new Uint8Array(await readFile(join(dir, name)))))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function findPage(db: Executor, id: number): Promise<PageRow | null> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.id, id)).limit(1)
  return row ?? null
}

/**
 * Renders a magazine lesson's PDF and makes its images the lesson's pages, replacing any earlier
 * ones (their files are removed once the new rows are in). 404 for an unknown lesson, 409 for a
 * lesson that is not a magazine, 415 for bytes that are not a readable PDF.
 */
export async function storeMagazine(db: Db, storage: FileStorage, contentId: number, pdf: Uint8Array, now: Date): Promise<PageRow[]> {
  const [lesson] = await db.select({ typeId: contents.typeId }).from(contents).where(eq(contents.id, contentId)).limit(1)
  if (!lesson) throw new ApiError('not_found', 'Leçon introuvable')
  if (lesson.typeId !== MAGAZINE_CONTENT_TYPE) {
    throw new ApiError('operation_impossible', `La leçon ${contentId} n’est pas un magazine (type ${MAGAZINE_CONTENT_TYPE})`)
  }
  const images = await renderPdfPages(pdf)
  const folder = `magazines/${contentId}/${randomUUID()}`
  const rows = images.map((bytes, index) => ({
    contentId,
    position: index + 1,
    storageKey: `${folder}/${index + 1}.jpg`,
    mimeType: 'image/jpeg',
    size: bytes.length,
    createdAt: now
  }))
  for (const [index, bytes] of images.entries()) await storage.put(rows[index]!.storageKey, bytes)
  const { earlier, pages } = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(contentPages)
      .where(eq(contentPages.contentId, contentId))
      .returning({ storageKey: contentPages.storageKey })
    return { earlier: removed, pages: await tx.insert(contentPages).values(rows).returning() }
  })
  for (const { storageKey } of earlier) await storage.delete(storageKey)
  return pages.sort((a, b) => a.position - b.position)
}

export type PageSigner = {
  /** The address of a page's image for a pupil, valid MEDIA_URL_TTL_SECONDS. */
  sign(pageId: number, userId: number): string
  /** Whether the query was signed for this page and has not expired. */
  verify(pageId: number, query: MediaQuery): boolean
}

export function createPageSigner(secret: string, clock: { now(): Date }, ttlSeconds = MEDIA_URL_TTL_SECONDS): PageSigner {
  const signer = createAddressSigner('magazine-page', '/media/pages', secret, clock, ttlSeconds)
  return { sign: (pageId, userId) => signer.sign(pageId, userId).url, verify: (pageId, query) => signer.verify(pageId, query) }
}
