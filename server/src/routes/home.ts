/**
 * What the home dashboard reads: the pupil's subjects and progress, the latest and the free
 * lessons of their class, today's (or a week's) live sessions, the subscription expiry warning,
 * the free-hours use and the forum's latest topics. Everything is the caller's own: their class,
 * their progress, their subscriptions (docs/decisions/0006-home-dashboard.md).
 */
import type { FastifyInstance } from 'fastify'
import { EXPIRY_WARNING_DAYS, homeEndpoints as ep } from '../../../src/shared/api/home.ts'
import { ApiError } from '../errors.ts'
import { addRoute, Serialized, type UserRow } from '../http.ts'
import { requestLanguage } from '../language.ts'
import { presentForumPost, presentSubject, presentSubjectsProgress, presentUsedDuration, presentWarning } from '../presenters/home.ts'
import type { Services } from '../services.ts'
import { freeAllowanceSeconds, usedFreeSeconds } from '../services/catalogue.ts'
import {
  eventWindow,
  expiringSubscriptions,
  latestContentsJson,
  latestForumPosts,
  liveEventsJson,
  subjectsWithStats,
  tunisToday
} from '../services/home.ts'

function hasForum(user: UserRow): boolean {
  return user.flags.has_forum === true
}

export function registerHomeRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.subjects, async ({ auth }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    return (await subjectsWithStats(db, auth.user.id, divisionId)).map(presentSubject)
  })

  addRoute(app, services, ep.subjectsProgress, async ({ auth }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    return presentSubjectsProgress(await subjectsWithStats(db, auth.user.id, divisionId))
  })

  for (const [endpoint, freeOnly] of [
    [ep.newContents, false],
    [ep.freeContents, true]
  ] as const) {
    addRoute(app, services, endpoint, async ({ auth, request, reply }) => {
      if (auth.user.divisionId == null) return []
      return new Serialized(await latestContentsJson(db, auth.user.divisionId, requestLanguage(request, reply), freeOnly))
    })
  }

  addRoute(app, services, ep.events, async ({ auth, query }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    const window = eventWindow(services.clock.now(), query.offset ?? 0, query.today === '1')
    return new Serialized(await liveEventsJson(db, divisionId, auth.user.id, window))
  })

  addRoute(app, services, ep.alerts, async ({ auth }) => {
    const today = tunisToday(services.clock.now())
    const rows = await expiringSubscriptions(db, auth.user.id, today, EXPIRY_WARNING_DAYS)
    return rows.map((row) => presentWarning(row, today))
  })

  addRoute(app, services, ep.forumLatestPosts, async ({ auth }) => {
    if (!hasForum(auth.user)) throw new ApiError('forbidden', 'Le forum est réservé aux abonnés Silver+ ou Gold à l’année')
    return (await latestForumPosts(db, auth.user.divisionId)).map(presentForumPost)
  })

  addRoute(app, services, ep.usedDuration, async ({ auth, query }) =>
    presentUsedDuration(await usedFreeSeconds(db, auth.user.id), freeAllowanceSeconds(auth.user), query.duration)
  )
}
