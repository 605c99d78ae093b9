/**
 * The offers page's list (`GET /student/offers`) read with ONE prepared statement
 * (docs/decisions/0030-lists-at-the-p8-bar.md): the class's level, its offer divisions with their
 * offer and group, their prices and subject details, and the next slice of each of the pupil's
 * orders in instalments, as one JSON value. The rows are those `classCatalogue` and `nextSlices`
 * (services/offers.ts) read with five statements, in the same order, for the same presenter.
 */
import { and, eq, getTableColumns, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { LevelSlug } from '../../../src/shared/pricing/index.ts'
import type { Executor } from '../db/client.ts'
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
  sql`from ${offerOrders} where ${and(eq(offerOrders.userId, sql.placeholder('userId')), lt(offerOrders.slicesPaid, offerOrders.sliceCount))}`,
  sql`${offerOrders.id}`
)

const offerListQuery = preparedFor((db) =>
  db
    .select({
      json: sql<string>`json_build_object('level', ${levels.slug}, 'divisions', ${divisionsJson}, 'prices', ${pricesJson},
        'subjectDetails', ${detailsJson}, 'slices', ${slicesJson})::text`
    })
    .from(divisions)
    .leftJoin(levels, eq(levels.id, divisions.levelId))
    .where(eq(divisions.id, sql.placeholder('divisionId')))
    .prepare('offers_list')
)

type OfferListJson = {
  level: LevelSlug | null
  divisions: OfferDivisionRow[]
  prices: OfferPriceRow[]
  subjectDetails: SubjectDetailRow[]
  slices: Array<[number, number]>
}

/** The class's catalogue and the pupil's next slices (by offer division), as `classCatalogue` and `nextSlices` give them. */
export async function offerList(
  db: Executor,
  divisionId: number,
  userId: number
): Promise<{ catalogue: ClassCatalogue; slices: Map<number, number> }> {
  const [row] = await offerListQuery(db).execute({ divisionId, userId })
  if (!row) return { catalogue: { level: 'secondary', divisions: [], prices: [], subjectDetails: [] }, slices: new Map() }
  const list = JSON.parse(row.json) as OfferListJson
  return {
    catalogue: { level: list.level ?? 'secondary', divisions: list.divisions, prices: list.prices, subjectDetails: list.subjectDetails },
    slices: new Map(list.slices)
  }
}
