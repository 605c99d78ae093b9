/**
 * The demo seed (`--seed demo`): reference data and one account per case the app must handle.
 * Idempotent: rows that exist are left alone, but for the Arabic names of the reference rows,
 * which are brought to the seed's (a database seeded before they existed gets them).
 * docs/demo-accounts.md lists the accounts.
 */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import {
  adCards,
  countries,
  delegations,
  divisionChangeReasons,
  divisions,
  institutes,
  ledgerTransactions,
  levels,
  offerGroups,
  optionalSubjects,
  states,
  userOffers,
  users
} from '../db/schema.ts'
import { inTransaction, move, toMillimes } from '../services/ledger.ts'
import { divisionRows, levelRows, offerGroupRows, optionalSubjectRows } from './classes.ts'
import { countryRows, delegationId, delegationRows, governorateRows, instituteRows } from './geography.ts'
import { seedLearning, type LearningSeedMedia } from './learning.ts'
import { seedOffers } from './offers.ts'
import { adCardRows, divisionChangeReasonRows, seedProfile } from './profile.ts'

export const DEMO_PASSWORD = 'Darsi#2026'

type DemoUser = Omit<typeof users.$inferInsert, 'passwordHash' | 'passwordChangedAt'> & {
  passwordAgeDays?: number
  /** Subscriptions: offer group and what it cost, in points. */
  offers?: Array<{ groupId: number; amountPaid: number }>
  /** Opening balance of the wallet, in points (an opening ledger transaction). */
  points?: number
}

const DAY = 86_400_000

export function demoUsers(): DemoUser[] {
  const tunis = { countryId: 1, stateId: 1 }
  return [
    {
      role: 'student',
      name: 'Sami',
      lastName: 'Trabelsi',
      phone: '20000001',
      email: 'sami.trabelsi@demo.darsi.tn',
      emailVerified: true,
      gender: 'male',
      birthDate: '2008-03-14',
      ...tunis,
      delegationId: delegationId(1, 'La Marsa'),
      instituteId: 3,
      divisionId: 14,
      optionalSubjectId: null,
      verified: true,
      completed: true,
      freeHours: 2,
      flags: { has_exam: true, has_forum: true, eligibleUserForGift: true },
      // His referral code: a friend buying with it gets 5 % off and he earns 5 % in tokens (decision 0045).
      giftCode: 'CPSAMI26',
      offers: [{ groupId: 112, amountPaid: 290 }],
      points: 150
    },
    {
      role: 'student',
      name: 'Lina',
      lastName: 'Haddad',
      email: 'lina.haddad@demo.darsi.tn',
      emailVerified: true,
      gender: 'female',
      birthDate: '2010-09-02',
      countryId: 7,
      divisionId: 31,
      verified: true,
      completed: true,
      points: 40
    },
    {
      role: 'student',
      name: 'Youssef',
      lastName: 'Gharbi',
      phone: '20000003',
      birthDate: '2012-01-20',
      ...tunis,
      divisionId: 29,
      verified: false,
      completed: false
    },
    {
      role: 'student',
      name: 'Amira',
      lastName: 'Jaziri',
      phone: '20000004',
      gender: 'female',
      birthDate: '2007-06-30',
      countryId: 1,
      stateId: 15,
      delegationId: delegationId(15, 'Sfax Ville'),
      instituteId: 15,
      divisionId: 13,
      verified: true,
      completed: true,
      passwordAgeDays: 400,
      points: 25
    },
    {
      role: 'student',
      name: 'Karim',
      lastName: 'Mansour',
      phone: '20000005',
      countryId: 1,
      verified: true,
      completed: false
    },
    {
      role: 'student',
      name: 'Compte',
      lastName: 'Test',
      phone: '20000006',
      birthDate: '2009-01-01',
      ...tunis,
      divisionId: 7,
      verified: true,
      completed: true,
      isTest: true
    },
    {
      role: 'parent',
      name: 'Mohamed',
      lastName: 'Trabelsi',
      phone: '20000007',
      countryId: 1,
      stateId: 1,
      verified: true,
      completed: true,
      points: 500
    },
    {
      role: 'teacher',
      name: 'Nadia',
      lastName: 'Ben Ali',
      email: 'nadia.benali@demo.darsi.tn',
      emailVerified: true,
      phone: '20000008',
      countryId: 1,
      stateId: 2,
      verified: true,
      completed: true
    },
    {
      role: 'influencer',
      name: 'Rami',
      lastName: 'Bouazizi',
      phone: '20000009',
      birthDate: '2006-11-11',
      ...tunis,
      divisionId: 15,
      verified: true,
      completed: true,
      flags: { eligibleUserForGift: true },
      points: 75
    },
    {
      role: 'admin',
      name: 'Admin',
      lastName: 'Darsi',
      email: 'admin@demo.darsi.tn',
      emailVerified: true,
      countryId: 1,
      verified: true,
      completed: true
    }
  ]
}

/** The demo balance as an opening ledger transaction, posted once per user however often the seed runs. */
async function openWallet(db: Db, userId: number, points: number): Promise<void> {
  await inTransaction(db, (tx) =>
    move(tx, 'opening', `user:${userId}`, { system: 'opening' }, { userId }, toMillimes(points), 'Solde de démonstration')
  )
}

export type SeedOptions = { hash(password: string): Promise<string>; now: Date } & LearningSeedMedia

/** The condition that finds a demo account by its phone or e-mail, as the seed does. */
function demoMatch(demo: Pick<DemoUser, 'phone' | 'email'>): SQL | undefined {
  return or(...[demo.phone ? eq(users.phone, demo.phone) : undefined, demo.email ? eq(users.email, demo.email) : undefined].filter(Boolean))
}

/** The reference tables with Arabic names of their own, and the seed's name for each row that has one. */
function arabicNames(): Array<{
  table: typeof levels | typeof divisions | typeof optionalSubjects | typeof delegations | typeof institutes
  rows: Array<{ id: number; nameAr: string | null }>
}> {
  return [
    { table: levels, rows: [...levelRows] },
    { table: divisions, rows: divisionRows() },
    { table: optionalSubjects, rows: optionalSubjectRows() },
    { table: delegations, rows: delegationRows() },
    { table: institutes, rows: instituteRows() }
  ]
}

/** The seed's Arabic names as a `values` list (id, name_ar); rows without one are left out. */
function arabicValues(rows: Array<{ id: number; nameAr: string | null }>): SQL {
  const known = rows.filter((row) => row.nameAr != null)
  return sql`(values ${sql.join(
    known.map((row) => sql`(${row.id}::int, ${row.nameAr}::text)`),
    sql`, `
  )}) as seed(id, name_ar)`
}

/**
 * Whether everything the seed writes is there already, asked in ONE query so that a restart
 * skips the seed (a fresh process pays for every new statement): each reference table holds at
 * least the seed's rows, every profile reference row and demo account exists, each demo wallet
 * has its opening transaction and the demo student has his parent.
 */
export async function isSeeded(db: Db): Promise<boolean> {
  const atLeast = (table: PgTable, rows: number) => sql`(select count(*) from ${table}) >= ${rows}`
  const allOf = (table: typeof divisionChangeReasons | typeof adCards, ids: number[]) =>
    sql`(select count(*) from ${table} where ${inArray(table.id, ids)}) = ${ids.length}`
  const conditions: SQL[] = [
    atLeast(countries, countryRows.length),
    atLeast(states, governorateRows.length),
    atLeast(delegations, delegationRows().length),
    atLeast(institutes, instituteRows().length),
    atLeast(levels, levelRows.length),
    atLeast(divisions, divisionRows().length),
    atLeast(optionalSubjects, optionalSubjectRows().length),
    atLeast(offerGroups, offerGroupRows.length),
    allOf(
      divisionChangeReasons,
      divisionChangeReasonRows.map(([id]) => id)
    ),
    allOf(
      adCards,
      adCardRows.map((row) => row.id!)
    ),
    ...arabicNames().map(
      ({ table, rows }) => sql`not exists (select 1 from ${arabicValues(rows)} inner join ${table} on ${table.id} = seed.id
      where ${table.nameAr} is distinct from seed.name_ar)`
    ),
    ...demoUsers().map((demo) =>
      demo.points
        ? sql`exists (select 1 from ${users} inner join ${ledgerTransactions} on ${ledgerTransactions.kind} = 'opening'
          and ${ledgerTransactions.reference} = 'user:' || ${users.id} where ${demoMatch(demo)})`
        : sql`exists (select 1 from ${users} where ${demoMatch(demo)})`
    ),
    sql`exists (select 1 from ${users} where ${users.phone} = '20000001' and ${users.parentId} is not null)`
  ]
  const [row] = await db.select({ seeded: sql<boolean>`${sql.join(conditions, sql` and `)}` }).from(sql`(select 1) as seed_check`)
  return row?.seeded === true
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  // All there already: only the rolling schedule of live sessions may need topping up.
  if (await isSeeded(db)) {
    await seedLearning(db, options.now, options)
    return seedOffers(db)
  }
  // Reference tables already holding at least the seed's rows are skipped: restarts stay quick.
  const seedTable = async <T extends PgTable>(table: T, rows: Array<T['$inferInsert']>) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table as PgTable)
    if ((row?.n ?? 0) >= rows.length) return
    await db.insert(table).values(rows).onConflictDoNothing()
  }
  await seedTable(
    countries,
    countryRows.map(([id, code, nameFr, nameEn, nameAr]) => ({
      id,
      code,
      nameFr,
      nameEn,
      nameAr,
      position: id === 1 ? 0 : 1000
    }))
  )
  await seedTable(
    states,
    governorateRows.map(([id, nameFr, nameAr]) => ({ id, countryId: 1, nameFr, nameAr }))
  )
  await seedTable(delegations, delegationRows())
  await seedTable(institutes, instituteRows())
  await seedTable(levels, [...levelRows])
  await seedTable(divisions, divisionRows())
  await seedTable(optionalSubjects, optionalSubjectRows())
  await seedTable(offerGroups, [...offerGroupRows])
  // Rows seeded before the Arabic names existed (or with older ones) get the seed's.
  for (const { table, rows } of arabicNames()) {
    await db.execute(sql`update ${table} set name_ar = seed.name_ar from ${arabicValues(rows)}
      where ${table.id} = seed.id and ${table.nameAr} is distinct from seed.name_ar`)
  }
  await seedProfile(db)

  let hash: string | null = null
  let parentId: number | null = null
  for (const { passwordAgeDays, offers, points, ...demo } of demoUsers()) {
    const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(demoMatch(demo)).limit(1)
    if (existing) {
      if (existing.role === 'parent') parentId = existing.id
      if (points) await openWallet(db, existing.id, points)
      continue
    }
    hash ??= await options.hash(DEMO_PASSWORD)
    const changedAt = new Date(options.now.getTime() - (passwordAgeDays ?? 10) * DAY)
    const [row] = await db
      .insert(users)
      .values({
        // A verified demo account proved its phone when it has one (all of them live in Tunisia).
        phoneVerified: demo.verified === true && demo.phone != null,
        ...demo,
        confirmedAt: demo.verified ? changedAt : null,
        passwordHash: hash,
        passwordChangedAt: changedAt,
        createdAt: changedAt,
        updatedAt: changedAt
      })
      .returning({ id: users.id })
    if (demo.role === 'parent') parentId = row!.id
    for (const { groupId, amountPaid } of offers ?? []) {
      await db
        .insert(userOffers)
        .values({ userId: row!.id, groupId, startDate: '2025-09-15', endDate: '2026-06-30', amountPaid: toMillimes(amountPaid) })
    }
    if (points) await openWallet(db, row!.id, points)
  }
  if (parentId != null) await db.update(users).set({ parentId }).where(eq(users.phone, '20000001'))
  await seedLearning(db, options.now, options)
  await seedOffers(db)
}
