/** The header's lesson search: lessons of the pupil's class by lesson or subject name. */
import type { FastifyInstance } from 'fastify'
import { searchEndpoints as ep } from '../../../src/shared/api/search.ts'
import { tunisDate } from '../clock.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'
import { searchClosedFor, searchLessons } from '../services/search.ts'

export function registerSearchRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(
    app,
    services,
    ep.autocomplete,
    async ({ auth, body }) => {
      const user = auth.user
      if (await searchClosedFor(db, user.id, tunisDate(services.clock.now())))
        throw new ApiError('forbidden', 'La recherche n’est pas disponible avec votre offre')
      if (user.divisionId == null) return []
      return searchLessons(db, user.divisionId, body.term)
    },
    { perUserPerMinute: services.config.rateLimits.searchesPerUserPerMinute }
  )
}
