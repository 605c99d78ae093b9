/**
 * The demo magazine (docs/decisions/0044-magazine-pages.md): the magazine lesson 'Fiche méthode :
 * rédiger une démonstration' of class 14's Mathématiques gets the pages of the bundled PDF
 * (resources/demo-media/magazines, written by scripts/media/generate-demo-magazine.ts), rendered
 * once into the file store with pdftoppm. A start finding them rendered, their files present,
 * does nothing more; without pdftoppm the pages stay empty and a warning says why.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { chapters, contentPages, contents, subjects } from '../db/schema.ts'
import { DEMO_MEDIA_DIR } from '../services/lessonMedia.ts'
import { MAGAZINE_CONTENT_TYPE, PdfRendererMissingError, storeMagazine } from '../services/magazines.ts'
import type { FileStorage } from '../services/storage.ts'

export const DEMO_MAGAZINE_LESSON_SLUG = 'fiche-methode-rediger-une-demonstration'
export const DEMO_MAGAZINE_PDF = join(DEMO_MEDIA_DIR, 'magazines', 'fiche-methode-demonstration.pdf')

export async function seedDemoMagazine(db: Db, storage: FileStorage, now: Date, warn: (message: string) => void): Promise<void> {
  const [lesson] = await db
    .select({ id: contents.id, firstPage: contentPages.storageKey })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .leftJoin(contentPages, and(eq(contentPages.contentId, contents.id), eq(contentPages.position, 1)))
    .where(
      and(
        eq(subjects.divisionId, 14),
        eq(subjects.slug, 'mathematiques'),
        eq(contents.slug, DEMO_MAGAZINE_LESSON_SLUG),
        eq(contents.typeId, MAGAZINE_CONTENT_TYPE)
      )
    )
    .orderBy(asc(contents.id))
    .limit(1)
  if (!lesson) return
  if (lesson.firstPage && (await storage.size(lesson.firstPage)) !== null) return
  try {
    await storeMagazine(db, storage, lesson.id, new Uint8Array(await readFile(DEMO_MAGAZINE_PDF)), now)
  } catch (error) {
    if (!(error instanceof PdfRendererMissingError)) throw error
    warn(`The demo magazine (lesson ${lesson.id}) has no pages: ${error.message}`)
  }
}
