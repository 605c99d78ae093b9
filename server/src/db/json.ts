/**
 * Answers built as JSON by the database. A list is read with one statement whose one field is the
 * answer's JSON text, sent as it is (`Serialized`, http.ts): no row is decoded, mapped to objects,
 * checked and stringified again in the server. On PGlite that is most of a list's cost: every
 * field of every row is copied and decoded on its own by the driver.
 *
 * The text is exactly what the route's serializer writes for the same answer (JSON.stringify of
 * the value encoded by the response schema): keys in the order of the schema's shape, no spaces,
 * strings escaped alike (PostgreSQL's `to_json` escapes the same characters, control characters
 * as lowercase `\u00xx`), numbers as JavaScript writes them, times as `toISOString` writes them.
 * tests/server/lists.test.ts checks it answer by answer.
 */
import { Column, is, sql, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { MILLIMES_PER_POINT } from '../services/ledger.ts'
import type { Executor } from './client.ts'

/** A column, an expression, or a field of a subquery. */
type Value = SQL | SQL.Aliased | AnyColumn

/**
 * What String.prototype.trim removes: WhiteSpace and LineTerminator of ECMA-262 (tab, vertical
 * tab, form feed, space, no-break space, the byte order mark, the Zs space separators, line feed,
 * carriage return, line and paragraph separators).
 */
export const JS_WHITESPACE =
  '\t\n\u000b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'

/** Column types whose text is their JSON (integers and booleans): no to_json needed. */
const PLAIN_TYPES = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgBigInt53', 'PgBoolean'])

/** A text, a number or a boolean as JSON; `null` for SQL NULL. */
export function jsonValue(value: Value): SQL {
  if (is(value, Column) && PLAIN_TYPES.has(value.columnType)) {
    return value.notNull ? sql`${value}::text` : sql`coalesce(${value}::text, 'null')`
  }
  return sql`coalesce(to_json(${value})::text, 'null')`
}

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`); `null` for NULL. */
export function jsonTime(value: Value): SQL {
  return sql`coalesce('"' || to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`
}

/** A value the answer always holds (`false`, `null`, `[]` …), written as JSON.stringify writes it. */
export function jsonConstant(value: boolean | null | readonly never[]): SQL {
  return sql.raw(`'${JSON.stringify(value)}'`)
}

/** The IANA zone name as a literal of the statement (names hold letters, `/`, `_`, `+` and `-` only). */
function zoneLiteral(zone: string): SQL {
  if (!/^[\w/+-]+$/.test(zone)) throw new Error(`unexpected time zone ${zone}`)
  return sql.raw(`'${zone}'`)
}

/** The wall-clock time of a timestamp in `zone`, formatted by to_char (`HH24:MI`, `YYYY-MM-DD` …), as JSON. */
export function jsonZonedText(value: Value, zone: string, format: string): SQL {
  if (format.includes("'")) throw new Error('unexpected format')
  return sql`coalesce('"' || to_char(${value} at time zone ${zoneLiteral(zone)}, ${sql.raw(`'${format}'`)}) || '"', 'null')`
}

/**
 * A timestamp as Luxon's `toISO()` writes it in `zone`: local time with milliseconds and the
 * zone's offset then (`2026-11-20T14:00:00.000+01:00`).
 */
export function jsonZonedIso(value: Value, zone: string): SQL {
  const local = sql`${value} at time zone ${zoneLiteral(zone)}`
  const minutes = sql`(extract(epoch from (${local}) - (${value} at time zone 'UTC')) / 60)::int`
  return sql`coalesce('"' || to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS.MS')
    || (case when ${minutes} < 0 then '-' else '+' end) || lpad((abs(${minutes}) / 60)::text, 2, '0') || ':' || lpad((abs(${minutes}) % 60)::text, 2, '0')
    || '"', 'null')`
}

/** Millimes as points (services/ledger.ts `toPoints`): the exact decimal, as JavaScript writes the number. */
export function jsonPoints(millimes: Value): SQL {
  return sql`coalesce(trim_scale(${millimes}::numeric / ${sql.raw(String(MILLIMES_PER_POINT))})::text, 'null')`
}

/** `${first} ${last}`.trim() as JSON (a person's full name). */
export function jsonFullName(first: Value, last: Value): SQL {
  return sql`to_json(btrim(${first} || ' ' || ${last}, ${JS_WHITESPACE}))::text`
}

/** A key as the literal `"key":` (keys are the schema's own identifiers). */
function keyLiteral(key: string, first: boolean): SQL {
  if (!/^\w+$/.test(key)) throw new Error(`jsonObject: unexpected key ${key}`)
  return sql.raw(`'${first ? '{' : ','}"${key}":'`)
}

type Fields<S extends z.ZodObject> = { [K in keyof S['shape'] & string]: SQL }

/**
 * An object with the keys of `schema`, in the order of its shape (the order its encoding writes
 * them), each value a JSON expression (jsonValue, jsonTime, jsonObject …).
 */
export function jsonObject<S extends z.ZodObject>(schema: S, fields: Fields<S>): SQL<string> {
  const keys = Object.keys(schema.shape)
  const given = fields as Record<string, SQL>
  const extra = Object.keys(given).filter((key) => !keys.includes(key))
  if (extra.length > 0) throw new Error(`jsonObject: keys outside the schema: ${extra.join(', ')}`)
  const parts: SQL[] = []
  keys.forEach((key, index) => {
    const value = given[key]
    if (!value) throw new Error(`jsonObject: no value for ${key}`)
    parts.push(keyLiteral(key, index === 0), value)
  })
  parts.push(sql.raw(keys.length === 0 ? `'{}'` : `'}'`))
  // concat() takes at most 100 arguments: 49 keys; a nested object is one argument.
  if (parts.length > 100) throw new Error('jsonObject: more than 49 keys')
  return sql<string>`concat(${sql.join(parts, sql`, `)})`
}

/** `null` unless `present` holds, else `value` (an optional nested object). */
export function jsonOrNull(present: SQL, value: SQL): SQL {
  return sql`(case when ${present} then ${value} else 'null' end)`
}

/** An aggregate: the elements in `orderBy` order as one JSON array, `[]` when there are none. */
export function jsonArrayAgg(element: Value, orderBy: SQL): SQL<string> {
  return sql<string>`coalesce('[' || string_agg(${element}, ',' order by ${orderBy}) || ']', '[]')`
}

/**
 * A list's one statement, prepared as `name`: the `json` fields of the rows `listed` selects, in
 * `orderBy` order, as one JSON array (jsonArrayAgg).
 */
export function jsonListStatement(db: Executor, listed: Subquery & { json: Value }, orderBy: SQL, name: string) {
  return db
    .select({ json: jsonArrayAgg(listed.json, orderBy) })
    .from(listed)
    .prepare(name)
}

/**
 * The statement of a list offered whole in its `position` order (then by id), such as a form's
 * reasons: every row of `table`, each its `json`, prepared as `name`.
 */
export function positionedListStatement(
  db: Executor,
  table: PgTable & { id: AnyPgColumn; position: AnyPgColumn },
  json: SQL<string>,
  name: string
) {
  const listed = db
    .select({ id: table.id, position: table.position, json: json.as('json') })
    .from(table)
    .as('listed')
  return jsonListStatement(db, listed, sql`${listed.position}, ${listed.id}`, name)
}
