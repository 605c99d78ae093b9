/**
 * The routes the other areas build through the learning area's index: a lesson (the home's latest
 * and free lessons, the header search) and a subject's page (the home's progress rows). Each path
 * is the router's own route, with its parameters read back as they were given.
 */
import { matchPath } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { findRoute, type RouteKey } from '../../../../../src/renderer/src/app/routes.ts'
import { lessonPath, subjectDetailsPath } from '../../../../../src/renderer/src/features/learning/index.ts'

/** The route a path reaches and its parameters, decoded as the screen reads them (the first route that matches). */
function routeOf(path: string, keys: readonly RouteKey[]) {
  for (const key of keys) {
    const match = matchPath(findRoute(key)!.path, path)
    if (match)
      return {
        key,
        params: Object.fromEntries(Object.entries(match.params).map(([name, value]) => [name, decodeURIComponent(value ?? '')]))
      }
  }
  return null
}

const LESSON_ROUTES: RouteKey[] = ['lesson', 'recording', 'subjectDetails']

/** The path lessonPath builds, and the route it reaches among the lesson routes. */
function lessonRoute(...args: Parameters<typeof lessonPath>) {
  const path = lessonPath(...args)
  return { path, route: routeOf(path, LESSON_ROUTES) }
}

describe('lessonPath', () => {
  it('leads a course, exam or divers chapter’s lesson to the lessons route', () => {
    for (const type of ['course', 'exam', 'divers']) {
      expect(lessonRoute('mathematiques-14', { slug: 'les-suites', type }, 'suites-arithmetiques')).toEqual({
        path: '/subjects/mathematiques-14/chapters/les-suites/lessons/suites-arithmetiques/content',
        route: { key: 'lesson', params: { subjectSlug: 'mathematiques-14', chapterSlug: 'les-suites', lessonSlug: 'suites-arithmetiques' } }
      })
    }
  })

  it('leads a recording chapter’s lesson to the recordings route', () => {
    expect(lessonRoute('physique-14', { slug: 'seances-enregistrees', type: 'recording' }, 'seance-du-lundi')).toEqual({
      path: '/subjects/physique-14/chapters/seances-enregistrees/recordings/seance-du-lundi/content',
      route: {
        key: 'recording',
        params: { subjectSlug: 'physique-14', chapterSlug: 'seances-enregistrees', recordingSlug: 'seance-du-lundi' }
      }
    })
  })

  it('encodes each slug, so a slash, a space or Arabic letters stay inside their segment', () => {
    const { path, route } = lessonRoute('علوم/14', { slug: 'ch 1?x', type: 'course' }, 'درس#1')
    expect(path.split('/')).toHaveLength(8)
    expect(route).toEqual({ key: 'lesson', params: { subjectSlug: 'علوم/14', chapterSlug: 'ch 1?x', lessonSlug: 'درس#1' } })
  })
})

describe('subjectDetailsPath', () => {
  it('leads to the subject’s page by its id', () => {
    const path = subjectDetailsPath(1402)
    expect(path).toBe('/subjects/1402/details')
    expect(routeOf(path, ['subjectDetails'])).toEqual({ key: 'subjectDetails', params: { subject_id: '1402' } })
  })
})
