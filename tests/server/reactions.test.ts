/**
 * Reactions and bookmarks of a lesson (part 2, §3, §4, §7; decision 0036): one reaction per pupil
 * and lesson (changed, cleared with null) with the counts and the pupil's own; bookmarks toggled,
 * listed with the specification's fields and shown in the lesson's answer; both refused on a
 * locked, unknown or other class's lesson with nothing changed; 50 toggles of one bookmark sent
 * at once ending as 50 toggles in a row; the list's JSON as the serializer writes it; random
 * bodies (T1).
 */
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import type { Lesson } from '../../src/shared/api/learning.ts'
import {
  BookmarkSchema,
  BookmarkToggleSchema,
  ReactionsSchema,
  type Bookmark,
  type BookmarkToggle,
  type Reactions
} from '../../src/shared/api/reactions.ts'
import { contentBookmarks, contentReactions, contents } from '../../server/src/db/schema.ts'
import { call, startTestServer, type TestServer, mathsLessons, newPupil } from './harness.ts'

let server: TestServer
/** The maths lessons of class 14 (limits and continuity): a paid one and the free first one. */
const lesson = { id: 0, chapterId: 0, subjectId: 0, freeId: 0 }
const PAID_PATH = '/api/user/subjects/mathematiques/chapters/limites-et-continuite/contents/continuite-sur-un-intervalle/bookmark'
const LESSON_URL = '/api/student/subjects/mathematiques/chapters/limites-et-continuite/contents/continuite-sur-un-intervalle'

beforeAll(async () => {
  server = await startTestServer()
  Object.assign(lesson, await mathsLessons(server.app))
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.app.services.database.db

/** A pupil of class 14 (or another) with a subscription opening every subject, or none. */
const pupil = (options: { division?: number; subscribed?: boolean } = {}) =>
  newPupil(server.app, { ...options, subscribed: options.subscribed !== false })

const reactions = (token: string, contentId = lesson.id) =>
  call<Reactions & { code?: string; message?: string }>(server.app, 'GET', `/api/students/reactions/${contentId}`, { token })
const react = (token: string, body: unknown) =>
  call<Reactions & { code?: string; message?: string }>(server.app, 'POST', '/api/students/reactions', { token, body })
const toggle = (token: string, path = PAID_PATH, body: unknown = { chapter: lesson.chapterId, content: lesson.id }) =>
  call<BookmarkToggle & { code?: string }>(server.app, 'POST', path, { token, body })
const bookmarks = (token: string) => call<Bookmark[]>(server.app, 'GET', '/api/student/bookmarked-contents', { token })

async function storedReactions(contentId = lesson.id) {
  return db()
    .select({ userId: contentReactions.userId, type: contentReactions.reactionType })
    .from(contentReactions)
    .where(eq(contentReactions.contentId, contentId))
}

async function storedBookmarks(userId: number) {
  return db().select({ contentId: contentBookmarks.contentId }).from(contentBookmarks).where(eq(contentBookmarks.userId, userId))
}

describe('reactions', () => {
  it('counts one reaction per pupil, changed and cleared, with the pupil’s own', async () => {
    const [a, b] = [await pupil(), await pupil()]
    const before = await reactions(a.token)
    expect(before.status).toBe(200)
    expect(ReactionsSchema.parse(before.body)).toEqual({
      content_id: lesson.id,
      angry: 0,
      sad: 0,
      thinking: 0,
      happy: 0,
      love: 0,
      total: 0,
      user_reaction: null
    })

    const loved = await react(a.token, { content_id: lesson.id, reaction_type: 'love' })
    expect(loved.status).toBe(200)
    expect(loved.body).toMatchObject({ love: 1, sad: 0, total: 1, user_reaction: { reaction_type: 'love' } })
    // The same reaction again counts once.
    expect((await react(a.token, { content_id: lesson.id, reaction_type: 'love' })).body).toMatchObject({ love: 1, total: 1 })
    expect((await react(b.token, { content_id: lesson.id, reaction_type: 'sad' })).body).toMatchObject({
      love: 1,
      sad: 1,
      total: 2,
      user_reaction: { reaction_type: 'sad' }
    })
    expect((await reactions(a.token)).body).toMatchObject({ love: 1, sad: 1, total: 2, user_reaction: { reaction_type: 'love' } })

    // Changed: still one reaction of the pupil.
    expect((await react(a.token, { content_id: lesson.id, reaction_type: 'sad' })).body).toMatchObject({
      love: 0,
      sad: 2,
      total: 2,
      user_reaction: { reaction_type: 'sad' }
    })
    for (const type of ['angry', 'thinking', 'happy'] as const) {
      expect((await react(a.token, { content_id: lesson.id, reaction_type: type })).body).toMatchObject({
        [type]: 1,
        sad: 1,
        total: 2,
        user_reaction: { reaction_type: type }
      })
    }
    // Cleared.
    const cleared = await react(a.token, { content_id: lesson.id, reaction_type: null })
    expect(cleared.body).toMatchObject({ sad: 1, happy: 0, total: 1, user_reaction: null })
    expect((await react(a.token, { content_id: lesson.id, reaction_type: null })).body).toMatchObject({ total: 1, user_reaction: null })
    expect(await storedReactions()).toEqual([{ userId: b.id, type: 'sad' }])
  })

  it('refuses a reaction on a locked lesson (content_locked), another class’s (level_not_allowed) and an unknown one (404), changing nothing', async () => {
    const locked = await pupil({ subscribed: false })
    const refused = await react(locked.token, { content_id: lesson.id, reaction_type: 'love' })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('content_locked')
    expect(refused.body.message).toBe('Vous devez débloquer ce cours')
    // The counts of a locked lesson are still shown; the free lesson is open to every pupil.
    expect((await reactions(locked.token)).status).toBe(200)
    expect((await react(locked.token, { content_id: lesson.freeId, reaction_type: 'happy' })).body).toMatchObject({
      happy: 1,
      user_reaction: { reaction_type: 'happy' }
    })

    const other = await pupil({ division: 13 })
    for (const reply of [await react(other.token, { content_id: lesson.id, reaction_type: 'love' }), await reactions(other.token)]) {
      expect(reply.status).toBe(403)
      expect(reply.body.code).toBe('level_not_allowed')
    }
    expect((await react(locked.token, { content_id: 999_999, reaction_type: 'love' })).status).toBe(404)
    expect((await reactions(locked.token, 999_999)).status).toBe(404)
    expect((await storedReactions()).filter((row) => row.userId === locked.id || row.userId === other.id)).toEqual([])
  })

  it('refuses a bad reaction type, a missing lesson, extra fields and an anonymous caller', async () => {
    const me = await pupil()
    for (const body of [
      { content_id: lesson.id, reaction_type: 'wow' },
      { reaction_type: 'love' },
      { content_id: lesson.id },
      { content_id: 'x', reaction_type: 'love' },
      { content_id: lesson.id, reaction_type: 'love', extra: 1 }
    ]) {
      const reply = await react(me.token, body)
      expect(reply.status, JSON.stringify(body)).toBe(422)
      expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
    }
    expect(
      (await call(server.app, 'POST', '/api/students/reactions', { body: { content_id: lesson.id, reaction_type: 'love' } })).status
    ).toBe(401)
    expect((await call(server.app, 'GET', `/api/students/reactions/${lesson.id}`)).status).toBe(401)
    expect((await reactions(me.token, 0)).status).toBe(422)
    expect(await storedReactions()).not.toContainEqual(expect.objectContaining({ userId: me.id }))
  })
})

describe('bookmarks', () => {
  it('toggles a bookmark, shown in the lesson and listed with the specification’s fields, newest first', async () => {
    const me = await pupil()
    const on = await toggle(me.token)
    expect(on.status).toBe(200)
    expect(BookmarkToggleSchema.parse(on.body)).toMatchObject({ content_id: lesson.id, bookmarked: true })
    expect((await call<Lesson>(server.app, 'GET', LESSON_URL, { token: me.token })).body.bookmarked).toBe(true)
    // A second lesson, named by ids and with no body (the lesson's id before a hyphen).
    const second = await call<BookmarkToggle>(
      server.app,
      'POST',
      `/api/user/subjects/${lesson.subjectId}/chapters/${lesson.chapterId}/contents/${lesson.freeId}-anything/bookmark`,
      { token: me.token }
    )
    expect(second.body).toMatchObject({ content_id: lesson.freeId, bookmarked: true })

    const list = await bookmarks(me.token)
    expect(list.status).toBe(200)
    const parsed = z.array(BookmarkSchema).parse(list.body)
    expect(parsed.map((item) => item.content.id)).toEqual([lesson.freeId, lesson.id])
    expect(parsed[1]).toMatchObject({
      subject_name: 'Mathématiques',
      content: {
        id: lesson.id,
        name: 'Continuité sur un intervalle',
        slug: 'continuite-sur-un-intervalle',
        chapter: {
          id: lesson.chapterId,
          slug: 'limites-et-continuite',
          subject: { id: lesson.subjectId, name: 'Mathématiques', slug: 'mathematiques' }
        }
      }
    })
    expect(parsed[1]!.created_at).toBe(parsed[1]!.marked_bookmarked_at)
    expect(Number.isNaN(Date.parse(parsed[1]!.created_at))).toBe(false)

    const off = await toggle(me.token)
    expect(off.body).toMatchObject({ content_id: lesson.id, bookmarked: false })
    expect((await call<Lesson>(server.app, 'GET', LESSON_URL, { token: me.token })).body.bookmarked).toBe(false)
    expect((await bookmarks(me.token)).body.map((item) => item.content.id)).toEqual([lesson.freeId])
    // Another pupil's bookmarks are theirs.
    expect((await bookmarks((await pupil()).token)).body).toEqual([])
  })

  it('refuses a locked, unknown or other class’s lesson and ids that are not the path’s, changing nothing', async () => {
    const locked = await pupil({ subscribed: false })
    const refused = await toggle(locked.token)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('content_locked')
    // Named by ids: the same slugs in class 13 name that class's own lesson.
    const other = await pupil({ division: 13 })
    const otherClass = await toggle(
      other.token,
      `/api/user/subjects/${lesson.subjectId}/chapters/${lesson.chapterId}/contents/${lesson.id}/bookmark`
    )
    expect(otherClass.status).toBe(403)
    expect(otherClass.body.code).toBe('level_not_allowed')
    const me = await pupil()
    expect((await toggle(me.token, PAID_PATH.replace('continuite-sur-un-intervalle', 'nope'))).status).toBe(404)
    expect((await toggle(me.token, PAID_PATH.replace('limites-et-continuite', 'nope'))).status).toBe(404)
    expect((await toggle(me.token, PAID_PATH.replace('mathematiques', 'nope'))).status).toBe(404)
    const mismatch = await toggle(me.token, PAID_PATH, { chapter: lesson.chapterId, content: lesson.freeId })
    expect(mismatch.status).toBe(422)
    expect(Object.keys((mismatch.body as unknown as { errors: object }).errors)).toEqual(['content'])
    expect((await toggle(me.token, PAID_PATH, { chapter: lesson.chapterId + 1000 })).status).toBe(422)
    expect((await toggle(me.token, PAID_PATH, { content: lesson.id, other: 1 })).status).toBe(422)
    expect((await call(server.app, 'POST', PAID_PATH, { body: {} })).status).toBe(401)
    for (const who of [locked, other, me]) expect(await storedBookmarks(who.id)).toEqual([])
  })

  it('ends 50 toggles of one bookmark sent at once as 50 toggles in a row (not bookmarked), and 51 as bookmarked', async () => {
    const me = await pupil()
    const fifty = await Promise.all(Array.from({ length: 50 }, () => toggle(me.token)))
    expect(fifty.map((reply) => reply.status)).toEqual(Array(50).fill(200))
    // Every answer is one state of a sequence: 25 times on, 25 times off.
    expect(fifty.filter((reply) => reply.body.bookmarked).length).toBe(25)
    expect(await storedBookmarks(me.id)).toEqual([])
    const fiftyOne = await Promise.all(Array.from({ length: 51 }, () => toggle(me.token)))
    expect(fiftyOne.filter((reply) => reply.body.bookmarked).length).toBe(26)
    expect(await storedBookmarks(me.id)).toEqual([{ contentId: lesson.id }])
    expect((await bookmarks(me.token)).body).toHaveLength(1)
  }, 60_000)

  it('answers the list exactly as the response schema writes it, also for names JSON treats specially', async () => {
    const me = await pupil()
    const odd = 'Quote " backslash \\ newline \n tab \t control \u0001 é عربي 😀 line\u2028sep'
    const [created] = await db()
      .insert(contents)
      .values({ chapterId: lesson.chapterId, slug: 'odd-name', name: odd, isFree: true, position: 99 })
      .returning({ id: contents.id })
    await toggle(me.token, `/api/user/subjects/mathematiques/chapters/limites-et-continuite/contents/odd-name/bookmark`, {})
    await toggle(me.token)
    const reply = await server.app.inject({
      method: 'GET',
      url: '/api/student/bookmarked-contents',
      headers: { authorization: `Bearer ${me.token}` }
    })
    const schema = z.array(BookmarkSchema)
    expect(reply.body).toBe(JSON.stringify(schema.encode(schema.parse(JSON.parse(reply.body)))))
    expect((JSON.parse(reply.body) as Bookmark[]).map((item) => item.content.name)).toEqual(['Continuité sur un intervalle', odd])
    await db().delete(contents).where(eq(contents.id, created!.id))
  })
})

describe('random bodies (T1)', () => {
  it('never answer a 5xx, and always the contract', async () => {
    const me = await pupil()
    const id = fc.oneof(fc.constantFrom(lesson.id, lesson.freeId, 999_999, 0, -1), fc.integer(), fc.double(), fc.string())
    const reaction = fc.record(
      {
        content_id: id,
        reaction_type: fc.oneof(fc.constantFrom('love', 'sad', 'angry', 'thinking', 'happy', null), fc.string(), fc.integer()),
        extra: fc.jsonValue()
      },
      { requiredKeys: [] }
    )
    await fc.assert(
      fc.asyncProperty(reaction, async (input) => {
        const reply = await react(me.token, input)
        expect([200, 403, 404, 422]).toContain(reply.status)
        if (reply.status === 200) expect(ReactionsSchema.safeParse(reply.body).success).toBe(true)
        else expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
      }),
      { numRuns: 100 }
    )
    const bookmark = fc.record(
      { chapter: fc.oneof(fc.constant(lesson.chapterId), id), content: fc.oneof(fc.constant(lesson.id), id), extra: fc.jsonValue() },
      { requiredKeys: [] }
    )
    await fc.assert(
      fc.asyncProperty(
        bookmark,
        fc.constantFrom('continuite-sur-un-intervalle', String(lesson.id), `${lesson.freeId}-x`, 'x'.repeat(200), '-', 'nope'),
        async (input, ref) => {
          const reply = await toggle(me.token, PAID_PATH.replace('continuite-sur-un-intervalle', ref), input)
          expect([200, 404, 422]).toContain(reply.status)
          if (reply.status === 200) expect(BookmarkToggleSchema.safeParse(reply.body).success).toBe(true)
          else expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
        }
      ),
      { numRuns: 100 }
    )
  }, 120_000)
})
