import { describe, expect, it } from 'vitest'
import {
  abbreviateInstructor,
  chapterNumber,
  countKind,
  defaultTab,
  emptyLessonText,
  firstLessonPath,
  sectionGroups,
  subjectCards,
  tabViews
} from '../../../../../../src/renderer/src/features/learning/stores/learningRules.ts'
import { learningAr } from '../../../../../../src/renderer/src/i18n/locales/learning.ar.ts'
import { learningEnUS } from '../../../../../../src/renderer/src/i18n/locales/learning.en-US.ts'
import { learningFr } from '../../../../../../src/renderer/src/i18n/locales/learning.fr.ts'
import { countForm } from '../../../../../../src/renderer/src/lib/countForm.ts'
import { chapter, chapterList, section, subject } from './fixtures.ts'

describe('the subjects grid', () => {
  it('keeps the visible subjects, by position, with the service’s progress capped at 100', () => {
    const cards = subjectCards(
      [subject(1, 3, { progress: 20 }), subject(2, 1), subject(3, 2, { visible: false }), subject(4, 2, { progress: 150 })],
      [
        { subject_id: 2, progress: 130 },
        { subject_id: 1, progress: 55.4 }
      ]
    )
    expect(cards.map((card) => card.id)).toEqual([2, 4, 1])
    expect(cards.map((card) => card.progress)).toEqual([100, 100, 55])
  })
})

describe('a chapter row', () => {
  it('numbers 01 to 09 zero-padded, then 10 onwards as they are', () => {
    expect([0, 1, 8, 9, 10, 99].map(chapterNumber)).toEqual(['01', '02', '09', '10', '11', '100'])
  })

  it('abbreviates the instructor to the first name’s initial', () => {
    expect(abbreviateInstructor('Mohamed Ben Salah')).toBe('M. Ben Salah')
    expect(abbreviateInstructor('  amira   Trabelsi ')).toBe('A. Trabelsi')
    expect(abbreviateInstructor('Socrate')).toBe('Socrate')
    expect(abbreviateInstructor('')).toBeNull()
    expect(abbreviateInstructor(null)).toBeNull()
  })

  it('counts magazines in an exam chapter and videos in any other', () => {
    expect(countKind('exam')).toBe('magazines')
    expect((['course', 'recording', 'divers'] as const).map(countKind)).toEqual(['videos', 'videos', 'videos'])
  })

  it('leads to the first lesson, a recording by the recordings path, nowhere without a lesson', () => {
    expect(firstLessonPath('mathematiques', chapter(5, 'course', 1, null))).toBe(
      '/subjects/mathematiques/chapters/chapitre-5/lessons/lecon-5/content'
    )
    expect(firstLessonPath('mathematiques', chapter(6, 'recording', 1, null))).toBe(
      '/subjects/mathematiques/chapters/chapitre-6/recordings/lecon-6/content'
    )
    expect(firstLessonPath('mathematiques', chapter(7, 'course', 1, null, { firstLessonSlug: null }))).toBeNull()
  })

  it('words Arabic counts in one, two, 3–10 and other forms', () => {
    expect([0, 1, 2, 3, 10, 11, 100, 103].map(countForm)).toEqual(['Other', 'One', 'Two', 'Few', 'Few', 'Other', 'Other', 'Few'])
  })
})

describe('the subject page’s tabs and sections', () => {
  const list = chapterList(
    [
      chapter(1, 'course', 2, 20, { progress: 140 }),
      chapter(2, 'course', 1, 10),
      chapter(3, 'course', 3, 20),
      chapter(4, 'course', 1, null),
      chapter(5, 'exam', 1, 30),
      ...Array.from({ length: 8 }, (_, index) => chapter(10 + index, 'course', 10 + index, 10))
    ],
    [section(20, 'Analyse', 2), section(10, 'Algèbre', 1), section(30, 'Examens', 1, 'exam'), section(40, 'Vide', 0)]
  )

  it('disables an empty tab and opens course first', () => {
    const tabs = tabViews(list)
    expect(tabs.map((tab) => [tab.type, tab.disabled])).toEqual([
      ['course', false],
      ['exam', false],
      ['recording', true],
      ['divers', true]
    ])
    expect(defaultTab(tabs)).toBe('course')
    expect(defaultTab(tabViews(chapterList([chapter(1, 'exam', 1, null)])))).toBe('exam')
  })

  it('groups a tab’s chapters under their sections by position, numbered through the tab, progress capped', () => {
    const groups = sectionGroups(list, 'course')
    expect(groups.map((group) => group.name)).toEqual([null, 'Algèbre', 'Analyse'])
    expect(groups.map((group) => group.chapters.map((row) => row.id))).toEqual([[4], [2, 10, 11, 12, 13, 14, 15, 16, 17], [1, 3]])
    expect(groups.flatMap((group) => group.chapters.map((row) => row.number))).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12'
    ])
    const first = groups[2]!.chapters[0]!
    expect(first).toMatchObject({ name: 'Chapitre 1', instructor: 'M. Ben Salah', count: 3, countKind: 'videos', progress: 100 })
  })

  it('shows an exam tab’s chapters as magazines', () => {
    const groups = sectionGroups(list, 'exam')
    expect(groups).toHaveLength(1)
    expect(groups[0]!.name).toBe('Examens')
    expect(groups[0]!.chapters[0]!.countKind).toBe('magazines')
  })
})

describe('a lesson with nothing to show yet', () => {
  it('tells a magazine’s pages are coming, and another lesson’s video', () => {
    expect(emptyLessonText(3)).toBe('lesson.noPages')
    for (const type of [1, 2, 6]) expect(emptyLessonText(type)).toBe('lesson.noVideo')
  })

  it('has the magazine’s text in French, English and Arabic', () => {
    const catalogues = [learningFr, learningEnUS, learningAr]
    expect(catalogues.map((catalogue) => catalogue.lesson.noPages)).toEqual([
      'Les pages de ce magazine arrivent bientôt.',
      'The pages of this magazine are coming soon.',
      'ستتوفر صفحات هذه المجلة قريبًا.'
    ])
  })
})
