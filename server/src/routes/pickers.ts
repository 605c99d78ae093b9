/**
 * The public pickers of registration and profile edit. Classes, levels, optional subjects,
 * delegations and institutes are named in the request's language (Accept-Language: Arabic where
 * known, French otherwise); countries and governorates carry their names in each language.
 */
import type { FastifyInstance } from 'fastify'
import { pickersEndpoints as ep } from '../../../src/shared/api/pickers.ts'
import { addRoute } from '../http.ts'
import { requestLanguage } from '../language.ts'
import {
  presentCountry,
  presentDelegations,
  presentDivision,
  presentInstitutes,
  presentOptionalSubjects,
  presentState
} from '../presenters/pickers.ts'
import type { Services } from '../services.ts'
import { delegationsOf, institutesOf, levelIdOf, listCountries, listDivisions, optionalSubjectsOf, statesOf } from '../services/pickers.ts'

export function registerPickerRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.countries, async () => (await listCountries(db)).map(presentCountry))

  addRoute(app, services, ep.states, async ({ params }) => (await statesOf(db, params.id)).map(presentState))

  addRoute(app, services, ep.delegations, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    return presentDelegations(await delegationsOf(db, params.stateId), lang)
  })

  addRoute(app, services, ep.institutes, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    return presentInstitutes(await institutesOf(db, params.id), lang)
  })

  addRoute(app, services, ep.divisions, async ({ request, reply }) => {
    const lang = requestLanguage(request, reply)
    return (await listDivisions(db)).map((entry) => presentDivision(entry, lang))
  })

  addRoute(app, services, ep.levelDivisions, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    return (await listDivisions(db, await levelIdOf(db, params.level))).map((entry) => presentDivision(entry, lang))
  })

  addRoute(app, services, ep.optionalSubjects, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    return presentOptionalSubjects(await optionalSubjectsOf(db, params.id), lang)
  })
}
