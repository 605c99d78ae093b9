/**
 * The offers page's list (`GET /student/offers`) read with ONE prepared statement
 * (docs/decisions/0030-lists-at-the-p8-bar.md): the class's level, its offer divisions with their
 * offer and group, their prices and subject details, and the next slice of each of the pupil's
 * orders in instalments, as JSON values. The rows are those `classCatalogue` and `nextSlices`
 * (services/offers.ts) read with five statements, in the same order, for the same presenter.
 *
 * The class's catalogue is the same for every pupil of the class and for every day (the figures
 * that depend on the date are the pricing engine's, at purchase): it is kept in memory per class
 * (services/answerCache.ts, emptied by every write to `OFFER_CATALOGUE_TABLES`), and once kept only
 * the pupil's next slices are read, in one small statement.
 */
import { and, eq, getTableColumns, isNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { LevelSlug } from '../../../src/shared/pricing/index.ts'
import type { Executor } from '../db/client.ts'
import type { AnswerCache } from './answerCache.ts'
import { preparedFor } from '../db/prepared.ts'
import {
  divisions,
  levels,
  offerDivisions,
  offerGroups,
  offerOrders,
  offerPrices,
  offers,
  offerSubjectDetails,
  subjects
} from '../db/schema.ts'
import {
  divisionOfferColumns,
  subjectDetailColumns,
  type ClassCatalogue,
  type OfferDivisionRow,
  type OfferPriceRow,
  type SubjectDetailRow
} from './offers.ts'

/** `json_build_object` of the given keys and values (keys are the rows' own property names). */
function objectOf(fields: Record<string, AnyColumn | SQL>): SQL {
  const parts = Object.entries(fields).map(([key, value]) => {
    if (!/^\w+$/.test(key)) throw new Error(`objectOf: unexpected key ${key}`)
    return sql`${sql.raw(`'${key}'`)}, ${value}`
  })
  return sql`json_build_object(${sql.join(parts, sql`, `)})`
}

/** The elements of a scalar subquery as a JSON array, `[]` when there are none. */
function arrayOf(element: SQL, from: SQL, orderBy: SQL): SQL {
  return sql`coalesce((select json_agg(${element} order by ${orderBy}) ${from}), '[]'::json)`
}

const divisionsJson = arrayOf(
  objectOf({
    ...getTableColumns(offerDivisions),
    offer: objectOf(divisionOfferColumns),
    group: objectOf({ id: offerGroups.id, name: offerGroups.name })
  }),
  sql`from ${offerDivisions}
    inner join ${offers} on ${eq(offers.id, offerDivisions.offerId)}
    inner join ${offerGroups} on ${eq(offerGroups.id, offers.groupId)}
    where ${eq(offerDivisions.divisionId, divisions.id)}`,
  sql`${offers.position}, ${offerDivisions.id}`
)

const pricesJson = arrayOf(
  objectOf(getTableColumns(offerPrices)),
  sql`from ${offerPrices}
    inner join ${offerDivisions} on ${eq(offerDivisions.id, offerPrices.offerDivisionId)}
    where ${eq(offerDivisions.divisionId, divisions.id)}`,
  sql`${offerPrices.offerDivisionId}, ${offerPrices.position}`
)

const detailsJson = arrayOf(
  objectOf(subjectDetailColumns),
  sql`from ${offerSubjectDetails}
    inner join ${offerDivisions} on ${eq(offerDivisions.id, offerSubjectDetails.offerDivisionId)}
    inner join ${subjects} on ${eq(subjects.id, offerSubjectDetails.subjectId)}
    where ${eq(offerDivisions.divisionId, divisions.id)}`,
  sql`${offerSubjectDetails.offerDivisionId}, ${offerSubjectDetails.position}, ${offerSubjectDetails.id}`
)

const slicesJson = arrayOf(
  sql`json_build_array(${offerOrders.offerDivisionId}, ${offerOrders.slicesPaid} + 1)`,
  sql`from ${offerOrders} where ${and(eq(offerOrders.userId, sql.placeholder('userId')), lt(offerOrders.slicesPaid, offerOrders.sliceCount), isNull(offerOrders.refundedAt))}`,
  sql`${offerOrders.id}`
)

/** The tables the class's catalogue is read from: any write to one empties the kept catalogues. */
export const OFFER_CATALOGUE_TABLES = [
  'divisions',
  'levels',
  'offer_divisions',
  'offers',
  'offer_groups',
  'offer_prices',
  'offer_subject_details',
  'subjects'
] as const

const catalogueJson = sql<string>`json_build_object('level', ${levels.slug}, 'divisions', ${divisionsJson}, 'prices', ${pricesJson},
        'subjectDetails', ${detailsJson})::text`

/** The class's catalogue and the pupil's next slices, when the catalogue is not kept. */
const offerListQuery = preparedFor((db) =>
  db
    .select({ catalogue: catalogueJson, slices: sql<Array<[number, number]>>`${slicesJson}` })
    .from(divisions)
    .leftJoin(levels, eq(levels.id, divisions.levelId))
    .where(eq(divisions.id, sql.placeholder('divisionId')))
    .prepare('offers_list')
)

/** The pupil's next slices alone, when the class's catalogue is kept. */
const offerSlicesQuery = preparedFor((db) =>
  db
    .select({ slices: sql<Array<[number, number]>>`${slicesJson}` })
    .from(sql`(select 1) as one`)
    .prepare('offers_list_slices')
)

type CatalogueJson = {
  level: LevelSlug | null
  divisions: OfferDivisionRow[]
  prices: OfferPriceRow[]
  subjectDetails: SubjectDetailRow[]
}

const noCatalogue = (): ClassCatalogue => ({ level: 'secondary', divisions: [], prices: [], subjectDetails: [] })

function catalogueOf(json: string): ClassCatalogue {
  const list = JSON.parse(json) as CatalogueJson
  return { level: list.level ?? 'secondary', divisions: list.divisions, prices: list.prices, subjectDetails: list.subjectDetails }
}

/**
 * The class's catalogue and the pupil's next slices (by offer division), as `classCatalogue` and
 * `nextSlices` give them; the catalogue from `cache` when it keeps it.
 */
export async function offerList(
  db: Executor,
  divisionId: number,
  userId: number,
  cache?: AnswerCache
): Promise<{ catalogue: ClassCatalogue; slices: Map<number, number> }> {
  const key = String(divisionId)
  // The catalogue holds at every instant: it is kept until a write empties the cache.
  const kept = cache?.get(key, new Date(0))
  if (kept !== undefined) {
    const [row] = await offerSlicesQuery(db).execute({ userId })
    return { catalogue: catalogueOf(kept), slices: new Map(row!.slices) }
  }
  const ticket = cache?.begin() ?? 0
  const [row] = await offerListQuery(db).execute({ divisionId, userId })
  if (!row) return { catalogue: noCatalogue(), slices: new Map() }
  cache?.set(ticket, key, row.catalogue, null)
  return { catalogue: catalogueOf(row.catalogue), slices: new Map(row.slices) }
}
