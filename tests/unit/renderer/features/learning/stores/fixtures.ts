/** Answers of the learning calls, for the learning stores' tests. */
import type { ChapterEntry, ChapterList, Section, Subject } from '../../../../../../src/renderer/src/features/learning/api.ts'
import type { ChapterType } from '../../../../../../src/shared/api/home.ts'

export const subject = (id: number, position: number, extra: Partial<Subject> = {}): Subject => ({
  id,
  o_id: id,
  name: `Matière ${id}`,
  slug: `matiere-${id}`,
  thumbnail: null,
  progress: 0,
  color: '#1E6FD9',
  visible: true,
  position,
  subjectVideos: 3,
  ...extra
})

export const chapter = (
  id: number,
  type: ChapterType,
  position: number,
  section: number | null,
  extra: Partial<ChapterEntry> = {}
): ChapterEntry => ({
  chapter: {
    id,
    slug: `chapitre-${id}`,
    name: `Chapitre ${id}`,
    type,
    position,
    chapter_sections: section === null ? null : { id: section }
  },
  firstLessonSlug: `lecon-${id}`,
  instructor: 'Mohamed Ben Salah',
  nbContent: 3,
  progress: 40,
  tabId: 1,
  ...extra
})

export const section = (id: number, name: string, sectionPosition: number, type: ChapterType = 'course'): Section => ({
  id,
  name,
  sectionPosition,
  tabId: 1,
  type
})

export function chapterList(chapters: ChapterEntry[], sections: Section[] = []): ChapterList {
  return {
    subject: { ...subject(1, 1, { slug: 'mathematiques', progress: 35 }), nbChapters: chapters.length },
    chapters,
    chapterSections: sections,
    tabs: (['course', 'exam', 'recording', 'divers'] as const).map((type, index) => ({
      id: index + 1,
      type,
      nbChapters: chapters.filter((entry) => entry.chapter.type === type).length
    }))
  }
}
