/** The public pickers of registration and profile edit. */
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { pickersEndpoints as ep, type Division } from '../../../src/shared/api/pickers.ts'
import { countries, delegations, divisions, institutes, levels, optionalSubjects, states } from '../db/schema.ts'
import type { Executor } from '../db/client.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'

async function listDivisions(db: Executor, levelId?: number): Promise<Division[]> {
  const query = db.select({ division: divisions, level: levels }).from(divisions).innerJoin(levels, eq(levels.id, divisions.levelId))
  const rows = await (levelId ? query.where(eq(divisions.levelId, levelId)) : query).orderBy(asc(levels.position), asc(divisions.position))
  const withOptions = new Set((await db.selectDistinct({ id: optionalSubjects.divisionId }).from(optionalSubjects)).map((row) => row.id))
  return rows.map(({ division, level }) => ({
    id: division.id,
    name: division.name,
    level: { id: level.id, slug: level.slug as Division['level']['slug'], name: level.name },
    has_optional_subjects: withOptions.has(division.id)
  }))
}

export function registerPickerRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.countries, async () => {
    const rows = await db.select().from(countries).orderBy(asc(countries.position), asc(countries.nameFr))
    return rows.map((row) => ({ id: row.id, code: row.code, name: row.nameFr, name_fr: row.nameFr, name_en: row.nameEn, name_ar: row.nameAr }))
  })

  addRoute(app, services, ep.states, async ({ params }) => {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, params.id))
    if (!country) throw new ApiError('not_found', 'Pays introuvable')
    const rows = await db.select().from(states).where(eq(states.countryId, params.id)).orderBy(asc(states.nameFr))
    return rows.map((row) => ({ id: row.id, name: row.nameFr, name_ar: row.nameAr, country_id: row.countryId }))
  })

  addRoute(app, services, ep.delegations, async ({ params }) => {
    const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, params.stateId))
    if (!state) throw new ApiError('not_found', 'Gouvernorat introuvable')
    const rows = await db.select().from(delegations).where(eq(delegations.stateId, params.stateId)).orderBy(asc(delegations.name))
    return rows.map((row) => ({ id: row.id, name: row.name, state_id: row.stateId }))
  })

  addRoute(app, services, ep.institutes, async ({ params }) => {
    const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, params.id))
    if (!state) throw new ApiError('not_found', 'Gouvernorat introuvable')
    const rows = await db.select().from(institutes).where(eq(institutes.stateId, params.id)).orderBy(asc(institutes.name))
    return rows.map((row) => ({ id: row.id, name: row.name, state_id: row.stateId, delegation_id: row.delegationId }))
  })

  addRoute(app, services, ep.divisions, async () => listDivisions(db))

  addRoute(app, services, ep.levelDivisions, async ({ params }) => {
    const match = typeof params.level === 'number' ? eq(levels.id, params.level) : eq(levels.slug, params.level)
    const [level] = await db.select({ id: levels.id }).from(levels).where(match)
    if (!level) throw new ApiError('not_found', 'Niveau introuvable')
    return listDivisions(db, level.id)
  })

  addRoute(app, services, ep.optionalSubjects, async ({ params }) => {
    const [division] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, params.id))
    if (!division) throw new ApiError('not_found', 'Classe introuvable')
    const rows = await db.select().from(optionalSubjects).where(eq(optionalSubjects.divisionId, params.id)).orderBy(asc(optionalSubjects.name))
    return rows.map((row) => ({ id: row.id, name: row.name, division_id: row.divisionId }))
  })
}
