/**
 * The demo magazines (docs/decisions/0044-magazine-pages.md): the magazine lesson 'Fiche méthode :
 * rédiger une démonstration' of class 14's Mathématiques, and the Arabic one 'مجلة المطالعة: كيف
 * أحلّل نصًّا' (right to left, free) added to the first chapter of class 14's Arabe, get the pages of
 * their bundled PDFs (resources/demo-media/magazines, written by scripts/media/generate-demo-magazine.ts
 * and generate-demo-magazine-ar.ts), rendered once into the file store with pdftoppm. A start finding
 * them rendered, their files present, does nothing more; without pdftoppm the pages stay empty and a
 * warning says why.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, eq, max } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { chapters, contentPages, contents, subjects } from '../db/schema.ts'
import { DEMO_MEDIA_DIR } from '../services/lessonMedia.ts'
import { MAGAZINE_CONTENT_TYPE, PdfRendererMissingError, storeMagazine } from '../services/magazines.ts'
import type { FileStorage } from '../services/storage.ts'

export const DEMO_MAGAZINE_LESSON_SLUG = 'fiche-methode-rediger-une-demonstration'
export const DEMO_MAGAZINE_PDF = join(DEMO_MEDIA_DIR, 'magazines', 'fiche-methode-demonstration.pdf')

export const DEMO_ARABIC_MAGAZINE_LESSON_SLUG = 'majallat-al-mutalaa-tahlil-nass'
export const DEMO_ARABIC_MAGAZINE_NAME = 'مجلة المطالعة: كيف أحلّل نصًّا'
export const DEMO_ARABIC_MAGAZINE_PDF = join(DEMO_MEDIA_DIR, 'magazines', 'majalla-tahlil-nass.pdf')

export async function seedDemoMagazine(db: Db, storage: FileStorage, now: Date, warn: (message: string) => void): Promise<void> {
  await ensureArabicMagazineLesson(db, now)
  for (const [subject, slug, pdf] of [
    ['mathematiques', DEMO_MAGAZINE_LESSON_SLUG, DEMO_MAGAZINE_PDF],
    ['arabe', DEMO_ARABIC_MAGAZINE_LESSON_SLUG, DEMO_ARABIC_MAGAZINE_PDF]
  ] as const) {
    await seedMagazinePages(db, storage, now, warn, subject, slug, pdf)
  }
}

/** The Arabic magazine lesson, at the end of the first chapter of class 14's Arabe, once. */
async function ensureArabicMagazineLesson(db: Db, now: Date): Promise<void> {
  const [chapter] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'arabe')))
    .orderBy(asc(chapters.position), asc(chapters.id))
    .limit(1)
  if (!chapter) return
  const [present] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.chapterId, chapter.id), eq(contents.slug, DEMO_ARABIC_MAGAZINE_LESSON_SLUG)))
  if (present) return
  const [last] = await db
    .select({ position: max(contents.position) })
    .from(contents)
    .where(eq(contents.chapterId, chapter.id))
  await db
    .insert(contents)
    .values({
      chapterId: chapter.id,
      slug: DEMO_ARABIC_MAGAZINE_LESSON_SLUG,
      name: DEMO_ARABIC_MAGAZINE_NAME,
      typeId: MAGAZINE_CONTENT_TYPE,
      instructorName: 'Faouzi',
      instructorLastName: 'Ayari',
      isFree: true,
      rtl: true,
      position: (last?.position ?? 0) + 1,
      createdAt: now
    })
    .onConflictDoNothing()
}

async function seedMagazinePages(
  db: Db,
  storage: FileStorage,
  now: Date,
  warn: (message: string) => void,
  subject: string,
  slug: string,
  pdf: string
): Promise<void> {
  const [lesson] = await db
    .select({ id: contents.id, firstPage: contentPages.storageKey })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .leftJoin(contentPages, and(eq(contentPages.contentId, contents.id), eq(contentPages.position, 1)))
    .where(
      and(eq(subjects.divisionId, 14), eq(subjects.slug, subject), eq(contents.slug, slug), eq(contents.typeId, MAGAZINE_CONTENT_TYPE))
    )
    .orderBy(asc(contents.id))
    .limit(1)
  if (!lesson) return
  if (lesson.firstPage && (await storage.size(lesson.firstPage)) !== null) return
  try {
    await storeMagazine(db, storage, lesson.id, new Uint8Array(await readFile(pdf)), now)
  } catch (error) {
    if (!(error instanceof PdfRendererMissingError)) throw error
    warn(`The demo magazine (lesson ${lesson.id}) has no pages: ${error.message}`)
  }
}
