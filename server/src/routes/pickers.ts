/**
 * The public pickers of registration and profile edit. Classes, levels, optional subjects,
 * delegations and institutes are named in the request's language (Accept-Language: Arabic where
 * known, French otherwise); countries and governorates carry their names in each language.
 */
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { pickersEndpoints as ep, type Division } from '../../../src/shared/api/pickers.ts'
import { countries, delegations, divisions, institutes, levels, optionalSubjects, states } from '../db/schema.ts'
import type { Executor } from '../db/client.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import { byName, localName, requestLanguage, type Language } from '../language.ts'
import type { Services } from '../services.ts'

async function listDivisions(db: Executor, lang: Language, levelId?: number): Promise<Division[]> {
  const query = db.select({ division: divisions, level: levels }).from(divisions).innerJoin(levels, eq(levels.id, divisions.levelId))
  const rows = await (levelId ? query.where(eq(divisions.levelId, levelId)) : query).orderBy(asc(levels.position), asc(divisions.position))
  const withOptions = new Set((await db.selectDistinct({ id: optionalSubjects.divisionId }).from(optionalSubjects)).map((row) => row.id))
  return rows.map(({ division, level }) => ({
    id: division.id,
    name: localName(division.name, division.nameAr, lang),
    level: { id: level.id, slug: level.slug as Division['level']['slug'], name: localName(level.name, level.nameAr, lang) },
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

  // Lists ordered by name: by the French names in SQL, by the Arabic ones once named in Arabic.
  const ordered = <T extends { name: string }>(items: T[], lang: Language) => (lang === 'ar' ? byName(items, lang) : items)

  addRoute(app, services, ep.delegations, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, params.stateId))
    if (!state) throw new ApiError('not_found', 'Gouvernorat introuvable')
    const rows = await db.select().from(delegations).where(eq(delegations.stateId, params.stateId)).orderBy(asc(delegations.name))
    return ordered(rows.map((row) => ({ id: row.id, name: localName(row.name, row.nameAr, lang), state_id: row.stateId })), lang)
  })

  addRoute(app, services, ep.institutes, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, params.id))
    if (!state) throw new ApiError('not_found', 'Gouvernorat introuvable')
    const rows = await db.select().from(institutes).where(eq(institutes.stateId, params.id)).orderBy(asc(institutes.name))
    return ordered(rows.map((row) => ({
      id: row.id, name: localName(row.name, row.nameAr, lang), state_id: row.stateId, delegation_id: row.delegationId
    })), lang)
  })

  addRoute(app, services, ep.divisions, async ({ request, reply }) => listDivisions(db, requestLanguage(request, reply)))

  addRoute(app, services, ep.levelDivisions, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    const match = typeof params.level === 'number' ? eq(levels.id, params.level) : eq(levels.slug, params.level)
    const [level] = await db.select({ id: levels.id }).from(levels).where(match)
    if (!level) throw new ApiError('not_found', 'Niveau introuvable')
    return listDivisions(db, lang, level.id)
  })

  addRoute(app, services, ep.optionalSubjects, async ({ params, request, reply }) => {
    const lang = requestLanguage(request, reply)
    const [division] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, params.id))
    if (!division) throw new ApiError('not_found', 'Classe introuvable')
    const rows = await db.select().from(optionalSubjects).where(eq(optionalSubjects.divisionId, params.id)).orderBy(asc(optionalSubjects.name))
    return ordered(rows.map((row) => ({ id: row.id, name: localName(row.name, row.nameAr, lang), division_id: row.divisionId })), lang)
  })
}
