/**
 * The operator's tools for offers and coupons (decision 0047), through `npm run admin -- offer …`
 * and `coupon …` against a listening server: an offer added for a class shows on its pupils'
 * offers page and is priced at its prices; edited, disabled and enabled again, the next quote
 * follows; a coupon added is applied with its terms and refused once disabled or expired. Each bad
 * input is refused with a message naming what is wrong, before or by the server.
 */
import { asc, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../../server/src/admin.ts'
import { subjects } from '../../server/src/db/schema.ts'
import { OffersResponseSchema, offerOperatorEndpoints, type OfferCard } from '../../src/shared/api/offers.ts'
import { call, newPupil, startTestServer, type Pupil, type TestServer } from './harness.ts'

let server: TestServer
let api = ''
beforeAll(async () => {
  server = await startTestServer()
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await server?.close()
})

const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })
const refusal = (...args: string[]) =>
  admin(...args).then(
    (line) => {
      throw new Error(`expected a refusal, got: ${line}`)
    },
    (error: Error) => error.message
  )
const cards = async (who: Pupil): Promise<OfferCard[]> =>
  OffersResponseSchema.parse((await call(server.app, 'GET', '/api/student/offers', { token: who.token })).body).payload
const quote = (who: Pupil, body: Record<string, unknown>) =>
  call<Record<string, unknown>>(server.app, 'POST', '/api/student/checkout/quote', { token: who.token, body })

describe('npm run admin -- offer', () => {
  it('adds an offer for a class, which its pupils see and buy at its prices; edits, disables and enables it', async () => {
    const line = await admin(
      'offer',
      'add',
      '140',
      '14',
      'Printemps',
      '--group',
      '112',
      '--color',
      '#2E7D32',
      '--description',
      'Trois mois de révisions',
      '--position',
      '95',
      '--prices',
      'month=40/36,rest_of_year=250'
    )
    const id = Number(/\[(\d+)\]/.exec(line)?.[1])
    expect(line).toBe(
      `Offre 140 ajoutée à la classe 14 (offre de classe ${id}): Printemps [${id}] (offre 140, classe 14): month 36 DT, rest_of_year 250 DT`
    )
    const pupil = await newPupil(server.app, { points: 100 })
    const card = (await cards(pupil)).find((item) => item.offer_id === 140)
    expect(card).toMatchObject({
      id,
      name: 'Printemps',
      color: '#2E7D32',
      description: 'Trois mois de révisions',
      disabled: false,
      offer: { position: 95, group: { id: 112 } },
      periods: ['month', 'rest_of_year'],
      pricing: [
        { period: 'month', price: 40, final_price: 36 },
        { period: 'rest_of_year', price: 250, final_price: 250 }
      ]
    })
    expect((await quote(pupil, { offerDivisionDetail: id, period: 'month', quantity: 2 })).body).toMatchObject({
      base: 72_000,
      total: 72_000
    })

    expect(await admin('offer', 'edit', String(id), '--prices', 'month=42.5', '--name', 'Printemps+')).toBe(
      `Offre de classe ${id} modifiée: Printemps+ [${id}] (offre 140, classe 14): month 42.5 DT`
    )
    expect((await quote(pupil, { offerDivisionDetail: id, period: 'month' })).body).toMatchObject({ base: 42_500 })
    expect((await quote(pupil, { offerDivisionDetail: id, period: 'rest_of_year' })).body).toMatchObject({ code: 'period_not_offered' })

    expect(await admin('offer', 'disable', String(id))).toMatch(new RegExp(`^Offre de classe ${id} désactivée: .*désactivée\\)`))
    expect((await cards(pupil)).find((item) => item.id === id)?.disabled).toBe(true)
    expect((await quote(pupil, { offerDivisionDetail: id, period: 'month' })).body).toMatchObject({ code: 'division_disabled' })
    const bought = await call(server.app, 'POST', '/api/student/checkout/buy', {
      token: pupil.token,
      headers: { 'idempotency-key': `offer-admin-${id}` },
      body: { offerDivisionDetail: id, period: 'month' }
    })
    expect(bought.status).toBe(422)

    expect(await admin('offer', 'enable', String(id))).toMatch(new RegExp(`^Offre de classe ${id} réactivée`))
    expect((await quote(pupil, { offerDivisionDetail: id, period: 'month' })).body).toMatchObject({ total: 42_500 })
  })

  it('refuses bad input with a message naming it', async () => {
    expect(await refusal('offer', 'add', '141', '14', 'Sans groupe', '--prices', 'month=10')).toBe(
      '404 L’offre 141 est nouvelle : donnez son --group'
    )
    expect(await refusal('offer', 'add', '141', '14', 'X', '--group', '112', '--color', 'vert')).toBe('--color has the wrong format')
    expect(await refusal('offer', 'add', '141', '14', 'X', '--group', '112', '--prices', 'mois=10')).toBe(
      '--prices (0.period) must be one of day, week, month, rest_of_year, fixed'
    )
    expect(await refusal('offer', 'add', '141', '14', 'X', '--group', '112', '--prices', 'month:10')).toBe(
      '--prices: "month:10" is not <period>=<dinars>[/<final dinars>]'
    )
    expect(await refusal('offer', 'add', '141', '14', 'X', '--group', '112', '--prices', 'month=10/12')).toBe(
      '--prices (0.finalPrice) is invalid'
    )
    expect(await refusal('offer', 'add', '141', '14', 'X', '--group', '112', '--prices', 'month=10.0005')).toBe(
      '--prices (0.price) is invalid'
    )
    expect(await refusal('offer', 'add', '141', '14', 'X', '--group', '112', '--prices', 'month=10,month=12')).toBe('--prices is invalid')
    expect(await refusal('offer', 'add', '141', '999999', 'X', '--group', '112')).toBe('404 Classe 999999 introuvable')
    expect(await refusal('offer', 'add', '141', '14', 'X', '--group', '999')).toBe('404 Groupe 999 introuvable')
    expect(await refusal('offer', 'add', '112', '14', 'Gold encore')).toBe('409 La classe 14 a déjà l’offre 112 : utilisez offer edit')
    expect(await refusal('offer', 'add', '112', '15', 'Gold', '--group', '84')).toBe('409 L’offre 112 appartient au groupe 112')
    expect(await refusal('offer', 'edit', '999999', '--name', 'Y')).toBe('404 Offre 999999 introuvable')
    expect(await refusal('offer', 'edit', '1')).toBe(
      'offer edit needs one of --name, --color, --description, --position, --prices, --subjects'
    )
    expect(await refusal('offer', 'remove', '1')).toMatch(/^Usage: /)
    // Nothing of the refused commands was kept.
    const pupil = await newPupil(server.app)
    expect((await cards(pupil)).filter((item) => item.offer_id === 141)).toEqual([])
  })
})

describe('npm run admin -- offer … --subjects', () => {
  it("gives a pack its subject list, checked against the class's subjects; the pupils pick and pay those subjects", async () => {
    const db = server.app.services.database.db
    const own = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.divisionId, 14)).orderBy(asc(subjects.id))
    const [first, second, third] = own.map((row) => row.id)
    const [other] = await db.select({ id: subjects.id }).from(subjects).where(ne(subjects.divisionId, 14)).limit(1)
    expect(third).toBeDefined()

    const line = await admin(
      'offer',
      'add',
      '143',
      '14',
      'Pack révisions',
      '--group',
      '107',
      '--type',
      'pack',
      '--prices',
      'month=0',
      '--subjects',
      `${first}=12,${second}=15.5`
    )
    const id = Number(/\[(\d+)\]/.exec(line)?.[1])
    expect(line).toBe(
      `Offre 143 ajoutée à la classe 14 (offre de classe ${id}): Pack révisions [${id}] (offre 143, classe 14): month 0 DT; matières ${first} 12 DT, ${second} 15.5 DT`
    )
    const pupil = await newPupil(server.app, { points: 100 })
    const card = (await cards(pupil)).find((item) => item.id === id)!
    expect(card.type).toBe('pack')
    expect(card.subject_details.map(({ subjectId, price }) => ({ subjectId, price }))).toEqual([
      { subjectId: first, price: 12 },
      { subjectId: second, price: 15.5 }
    ])
    const details = card.subject_details.map((detail) => detail.id)
    expect((await quote(pupil, { offerDivisionDetail: id, period: 'month', offer_subject_details: details })).body).toMatchObject({
      base: 27_500
    })

    // Given to offer edit, the list replaces the pack's.
    expect(await admin('offer', 'edit', String(id), '--subjects', `${third}=20`)).toBe(
      `Offre de classe ${id} modifiée: Pack révisions [${id}] (offre 143, classe 14): month 0 DT; matières ${third} 20 DT`
    )
    const edited = (await cards(pupil)).find((item) => item.id === id)!
    expect(edited.subject_details.map((detail) => detail.subjectId)).toEqual([third])
    expect(
      (await quote(pupil, { offerDivisionDetail: id, period: 'month', offer_subject_details: [edited.subject_details[0]!.id] })).body
    ).toMatchObject({ base: 20_000 })

    // Refused, each naming what is wrong, and nothing kept.
    expect(await refusal('offer', 'edit', String(id), '--subjects', `${first}=10,${other!.id}=10`)).toBe(
      `404 Matière ${other!.id} introuvable dans la classe 14`
    )
    expect(await refusal('offer', 'edit', String(id), '--subjects', `${first}=10,${first}=12`)).toBe('--subjects is invalid')
    expect(await refusal('offer', 'edit', String(id), '--subjects', `${first}:10`)).toBe(
      `--subjects: "${first}:10" is not <subjectId>=<dinars>`
    )
    expect(await refusal('offer', 'edit', String(id), '--subjects', `${first}=10.0005`)).toBe('--subjects (0.price) is invalid')
    expect(await refusal('offer', 'add', '144', '14', 'Pas un pack', '--group', '112', '--subjects', `${first}=10`)).toBe(
      '409 Seule une offre pack (--type pack) a une liste de matières'
    )
    // Given to a primary offer's edit: refused too (409, one of the route's documented answers).
    const primary = (await cards(pupil)).find((item) => item.offer_id === 112)!
    expect(primary.type).toBe('primary')
    expect(await refusal('offer', 'edit', String(primary.id), '--subjects', `${first}=10`)).toBe(
      '409 Seule une offre pack (--type pack) a une liste de matières'
    )
    expect(offerOperatorEndpoints.editOffer.errors).toContain(409)
    expect((await cards(pupil)).find((item) => item.id === id)!.subject_details.map((detail) => detail.subjectId)).toEqual([third])
    expect((await cards(pupil)).filter((item) => item.offer_id === 144)).toEqual([])
  })
})

describe('npm run admin -- coupon', () => {
  it('adds a coupon that pupils apply with its terms, and disables it', async () => {
    const pupil = await newPupil(server.app)
    const gold = (await cards(pupil)).find((item) => item.offer_id === 112)!
    const line = await admin('coupon', 'add', 'printemps15', '--percent', '15', '--max-uses', '2', '--offers', '112,115')
    expect(line).toMatch(/^Code PRINTEMPS15 ajouté: /)
    expect(JSON.parse(line.slice(line.indexOf('{')))).toMatchObject({
      code: 'PRINTEMPS15',
      discountType: 'percentage_discount',
      discountAmount: 15,
      active: true,
      max_uses: 2,
      uses: 0,
      offers: [112, 115],
      offer_divisions: []
    })
    expect((await quote(pupil, { offerDivisionDetail: gold.id, period: 'month', code: 'PRINTEMPS15' })).body).toMatchObject({
      code: { code: 'PRINTEMPS15', basisPoints: 1500, discount: 6_750 },
      total: 38_250
    })
    const other = (await cards(pupil)).find((item) => item.offer_id === 127)!
    expect((await quote(pupil, { offerDivisionDetail: other.id, period: other.periods[0], code: 'PRINTEMPS15' })).body).toMatchObject({
      code: 'code_not_applicable'
    })

    expect(
      await admin('coupon', 'add', 'MOINS5', '--amount', '5', '--offer-divisions', String(gold.id), '--expires', '2100-12-31')
    ).toMatch(/"discountType":"fixed","discountAmount":5,.*"expires_at":"2100-12-31T22:59:59.999Z"/)
    expect((await quote(pupil, { offerDivisionDetail: gold.id, period: 'month', code: 'moins5' })).body).toMatchObject({ total: 40_000 })

    expect(await admin('coupon', 'disable', 'printemps15')).toMatch(/^Code PRINTEMPS15 désactivé: .*"active":false/)
    expect((await quote(pupil, { offerDivisionDetail: gold.id, period: 'month', code: 'PRINTEMPS15' })).body).toMatchObject({
      code: 'code_inactive'
    })
    await admin('coupon', 'add', 'PASSE', '--percent', '10', '--expires', '2020-01-31')
    expect((await quote(pupil, { offerDivisionDetail: gold.id, period: 'month', code: 'PASSE' })).body).toMatchObject({
      code: 'code_expired'
    })
  })

  it('refuses bad input with a message naming it', async () => {
    expect(await refusal('coupon', 'add', 'SANS')).toBe('Give --percent <n> or --amount <dinars>')
    expect(await refusal('coupon', 'add', 'DEUX', '--percent', '5', '--amount', '5')).toBe('Give --percent <n> or --amount <dinars>')
    expect(await refusal('coupon', 'add', 'TROP', '--percent', '120')).toBe('--percent is invalid')
    expect(await refusal('coupon', 'add', 'FIN', '--percent', '12.345')).toBe('--percent is invalid')
    expect(await refusal('coupon', 'add', 'VIDE', '--amount', '0')).toBe('--amount is invalid')
    expect(await refusal('coupon', 'add', 'CPAMI01', '--percent', '5')).toMatch(/^<code> .* is invalid$/)
    expect(await refusal('coupon', 'add', 'a b', '--percent', '5')).toMatch(/^<code> .* has the wrong format$/)
    expect(await refusal('coupon', 'add', 'DATE', '--percent', '5', '--expires', '2026-02-30')).toBe('--expires is invalid')
    expect(await refusal('coupon', 'add', 'NOMBRE', '--percent', 'dix')).toBe('--percent must be a number (a dot for decimals)')
    expect(await refusal('coupon', 'add', 'NULLE', '--percent', '5', '--max-uses', '0')).toBe('--max-uses must be a positive integer')
    expect(await refusal('coupon', 'add', 'OFFRE', '--percent', '5', '--offers', '112,998')).toBe('404 Offre 998 introuvable')
    expect(await refusal('coupon', 'add', 'BIENVENUE10', '--percent', '5')).toBe('409 Le code BIENVENUE10 existe déjà')
    expect(await refusal('coupon', 'disable', 'INCONNU')).toBe('404 Le code INCONNU n’existe pas')
    // Nothing of the refused commands was kept.
    const pupil = await newPupil(server.app)
    const gold = (await cards(pupil)).find((item) => item.offer_id === 112)!
    expect((await quote(pupil, { offerDivisionDetail: gold.id, period: 'month', code: 'OFFRE' })).body).toMatchObject({
      code: 'unknown_code'
    })
  })
})
