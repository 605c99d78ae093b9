/**
 * The public pickers of registration and profile edit: countries, governorates, delegations,
 * schools, levels and classes, optional subjects (presenters/pickers.ts names them).
 */
import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { countries, delegations, divisions, institutes, levels, optionalSubjects, states } from '../db/schema.ts'
import { ApiError } from '../errors.ts'

export type CountryRow = typeof countries.$inferSelect
export type StateRow = typeof states.$inferSelect
export type DelegationRow = typeof delegations.$inferSelect
export type InstituteRow = typeof institutes.$inferSelect
export type OptionalSubjectRow = typeof optionalSubjects.$inferSelect
/** A class with its level and whether it has optional subjects. */
export type DivisionEntry = { division: typeof divisions.$inferSelect; level: typeof levels.$inferSelect; hasOptionalSubjects: boolean }

export async function listCountries(db: Executor): Promise<CountryRow[]> {
  return db.select().from(countries).orderBy(asc(countries.position), asc(countries.nameFr))
}

/** A country's governorates by French name; 404 for an unknown country. */
export async function statesOf(db: Executor, countryId: number): Promise<StateRow[]> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
  if (!country) throw new ApiError('not_found', 'Pays introuvable')
  return db.select().from(states).where(eq(states.countryId, countryId)).orderBy(asc(states.nameFr))
}

async function checkState(db: Executor, stateId: number): Promise<void> {
  const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId))
  if (!state) throw new ApiError('not_found', 'Gouvernorat introuvable')
}

/** A governorate's delegations by French name; 404 for an unknown governorate. */
export async function delegationsOf(db: Executor, stateId: number): Promise<DelegationRow[]> {
  await checkState(db, stateId)
  return db.select().from(delegations).where(eq(delegations.stateId, stateId)).orderBy(asc(delegations.name))
}

/** A governorate's schools by French name; 404 for an unknown governorate. */
export async function institutesOf(db: Executor, stateId: number): Promise<InstituteRow[]> {
  await checkState(db, stateId)
  return db.select().from(institutes).where(eq(institutes.stateId, stateId)).orderBy(asc(institutes.name))
}

/** The classes (of one level, or all) by level and position. */
export async function listDivisions(db: Executor, levelId?: number): Promise<DivisionEntry[]> {
  const query = db.select({ division: divisions, level: levels }).from(divisions).innerJoin(levels, eq(levels.id, divisions.levelId))
  const rows = await (levelId ? query.where(eq(divisions.levelId, levelId)) : query).orderBy(asc(levels.position), asc(divisions.position))
  const withOptions = new Set((await db.selectDistinct({ id: optionalSubjects.divisionId }).from(optionalSubjects)).map((row) => row.id))
  return rows.map((row) => ({ ...row, hasOptionalSubjects: withOptions.has(row.division.id) }))
}

/** The level a number (its id) or a word (its slug) names; 404 for none. */
export async function levelIdOf(db: Executor, level: number | string): Promise<number> {
  const match = typeof level === 'number' ? eq(levels.id, level) : eq(levels.slug, level)
  const [row] = await db.select({ id: levels.id }).from(levels).where(match)
  if (!row) throw new ApiError('not_found', 'Niveau introuvable')
  return row.id
}

/** A class's optional subjects by French name; 404 for an unknown class. */
export async function optionalSubjectsOf(db: Executor, divisionId: number): Promise<OptionalSubjectRow[]> {
  const [division] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, divisionId))
  if (!division) throw new ApiError('not_found', 'Classe introuvable')
  return db.select().from(optionalSubjects).where(eq(optionalSubjects.divisionId, divisionId)).orderBy(asc(optionalSubjects.name))
}
