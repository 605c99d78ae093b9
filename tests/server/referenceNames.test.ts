/**
 * Reference names in the request's language (issue 25, item 13): classes, levels, optional
 * subjects, delegations and institutes are named in Arabic when the request asks for Arabic
 * (Accept-Language), in French otherwise, wherever they leave the server.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DelegationSchema, DivisionSchema, InstituteSchema, OptionalSubjectSchema } from '../../src/shared/api/pickers.ts'
import { users } from '../../server/src/db/schema.ts'
import { optionalSubjectRows } from '../../server/src/seed/classes.ts'
import { delegationId } from '../../server/src/seed/geography.ts'
import { call, captcha, createUser, demo, login, startTestServer, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const AR = { 'accept-language': 'ar' }

async function list<T extends z.ZodType>(url: string, schema: T, headers: Record<string, string> = {}): Promise<z.infer<T>[]> {
  const reply = await call(server.app, 'GET', url, { headers })
  expect(reply.status, url).toBe(200)
  return z.array(schema).parse(reply.body)
}

type Ref = { id: number; name: string } | null
type Me = {
  user: { division: Ref; optional_subject: Ref; state: Ref; delegation: Ref; institute: Ref; country: { id: number; name: string } | null }
  studentLevel: { level: string | null; division: string | null }
}

describe('pickers in Arabic', () => {
  it('name the classes and their levels by their official Arabic names, in French by default and in English', async () => {
    const ar = await list('/api/divisions', DivisionSchema, AR)
    const byId = new Map(ar.map((division) => [division.id, division]))
    expect(byId.get(23)).toMatchObject({ name: 'السنة الأولى ابتدائي', level: { slug: 'primary', name: 'ابتدائي' } })
    expect(byId.get(29)).toMatchObject({ name: 'السنة السابعة أساسي', level: { slug: 'basic', name: 'إعدادي/أساسي' } })
    expect(byId.get(32)).toMatchObject({ name: 'السنة الأولى ثانوي', level: { name: 'ثانوي' } })
    expect(byId.get(4)?.name).toBe('السنة الثانية ثانوي — تكنولوجيا الإعلامية')
    expect(byId.get(10)?.name).toBe('السنة الثالثة ثانوي — علوم الإعلامية')
    expect(byId.get(14)).toMatchObject({
      name: 'باكالوريا علوم تجريبية',
      level: { slug: 'bac', name: 'باكالوريا' },
      has_optional_subjects: true
    })
    expect(byId.get(15)?.name).toBe('باكالوريا اقتصاد وتصرف')
    // Every class has its Arabic name: none is left in Latin letters.
    for (const division of ar) expect(division.name, String(division.id)).not.toMatch(/[A-Za-z]/)
    // Same classes, same order.
    const fr = await list('/api/divisions', DivisionSchema)
    expect(fr.map((division) => division.id)).toEqual(ar.map((division) => division.id))
    expect(fr.find((division) => division.id === 14)).toMatchObject({
      name: 'Bac Sciences expérimentales',
      level: { name: 'Baccalauréat' }
    })
    const en = await list('/api/divisions', DivisionSchema, { 'accept-language': 'en-US' })
    expect(en.find((division) => division.id === 23)?.name).toBe('1ère année primaire')
    expect((await list('/api/bac/divisions', DivisionSchema, AR)).map((division) => division.name)).toContain('باكالوريا رياضيات')
  })

  it('name the delegations, institutes and optional subjects in Arabic, ordered by their Arabic names', async () => {
    const delegations = await list('/api/deleg/1/delegation', DelegationSchema, AR)
    expect(delegations.find((row) => row.id === delegationId(1, 'La Marsa'))?.name).toBe('المرسى')
    expect(delegations.find((row) => row.id === delegationId(1, 'Le Bardo'))?.name).toBe('باردو')
    const names = delegations.map((row) => row.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('ar').compare))
    expect(
      (await list('/api/deleg/2/delegation', DelegationSchema, AR)).find((row) => row.id === delegationId(2, 'Ariana Ville'))?.name
    ).toBe('أريانة المدينة')
    expect((await list('/api/deleg/1/delegation', DelegationSchema)).map((row) => row.name)).toContain('La Marsa')
    const institutes = await list('/api/state/2/institutes', InstituteSchema, AR)
    expect(institutes.find((row) => row.id === 6)?.name).toBe('المعهد النموذجي بأريانة')
    expect((await list('/api/state/2/institutes', InstituteSchema)).find((row) => row.id === 6)?.name).toBe("Lycée pilote de l'Ariana")
    const options = await list('/api/optional-subjects/14', OptionalSubjectSchema, AR)
    expect(options.map((row) => row.name)).toEqual(expect.arrayContaining(['الألمانية', 'الإيطالية', 'الموسيقى']))
  })

  it('mark their answers as varying with the language', async () => {
    const reply = await call(server.app, 'GET', '/api/divisions', { headers: AR })
    expect(String(reply.headers.vary)).toMatch(/accept-language/i)
  })
})

describe('the current user in Arabic', () => {
  it('/auth/me names the class, option, governorate, delegation, institute and level in the language asked, each time', async () => {
    const phone = uniquePhone()
    const id = await createUser(server.app, { credential: phone, division: 14 })
    const german = optionalSubjectRows().find((row) => row.divisionId === 14 && row.name === 'Allemand')!.id
    await server.app.services.database.db
      .update(users)
      .set({ countryId: 1, stateId: 2, delegationId: delegationId(2, 'Ariana Ville'), instituteId: 6, optionalSubjectId: german })
      .where(eq(users.id, id))
    const { token } = await login(server.app, phone)
    const me = (headers: Record<string, string> = {}) => call<Me>(server.app, 'GET', '/api/auth/me', { token, headers })
    const french = await me()
    expect(french.body.user.division?.name).toBe('Bac Sciences expérimentales')
    // Asked again in Arabic: the answer kept for the session is the French one, not given again.
    const arabic = await me(AR)
    expect(arabic.status).toBe(200)
    expect(arabic.body.user).toMatchObject({
      division: { id: 14, name: 'باكالوريا علوم تجريبية' },
      state: { id: 2, name: 'أريانة' },
      delegation: { name: 'أريانة المدينة' },
      institute: { id: 6, name: 'المعهد النموذجي بأريانة' },
      country: { id: 1, name: 'تونس' }
    })
    expect(arabic.body.user.optional_subject).toEqual({ id: german, name: 'الألمانية' })
    expect(arabic.body.studentLevel).toMatchObject({ level: 'باكالوريا', division: 'باكالوريا علوم تجريبية' })
    expect(String(arabic.headers.vary)).toMatch(/accept-language/i)
    const again = await me()
    expect(again.body.user).toMatchObject({
      division: { name: 'Bac Sciences expérimentales' },
      state: { name: 'Ariana' },
      institute: { name: "Lycée pilote de l'Ariana" }
    })
    expect(again.body.studentLevel).toMatchObject({ level: 'Baccalauréat' })
    const profile = await call<Me>(server.app, 'GET', '/api/auth/my-profile', { token, headers: AR })
    expect(profile.body.user.division?.name).toBe('باكالوريا علوم تجريبية')
  })

  it('a profile saved in Arabic answers with the Arabic names', async () => {
    const { token } = await login(server.app, demo.student)
    const reply = await call<{ user: Me['user'] }>(server.app, 'POST', '/api/user/update', {
      token,
      headers: AR,
      body: {
        name: 'Sami',
        lastName: 'Trabelsi',
        birthDate: '2008-03-14',
        country: 1,
        state: 1,
        delegation: delegationId(1, 'La Marsa'),
        institute: 3,
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.user).toMatchObject({
      delegation: { name: 'المرسى' },
      institute: { name: 'المعهد الثانوي 1 (المرسى)' },
      division: { name: 'باكالوريا علوم تجريبية' }
    })
  })

  it('the class change requests name both classes in the language asked', async () => {
    const phone = uniquePhone()
    await createUser(server.app, { credential: phone, division: 29 })
    const { token } = await login(server.app, phone)
    const created = await call<{ request: { old_division: Ref; new_division: Ref } }>(server.app, 'POST', '/api/edit-division', {
      token,
      headers: AR,
      body: { newDivision: 30, reason: 2 }
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.request).toMatchObject({
      old_division: { id: 29, name: 'السنة السابعة أساسي' },
      new_division: { id: 30, name: 'السنة الثامنة أساسي' }
    })
    const listed = await call<Array<{ old_division: Ref; new_division: Ref }>>(server.app, 'GET', '/api/edit-division', {
      token,
      headers: AR
    })
    expect(listed.body[0]).toMatchObject({ old_division: { name: 'السنة السابعة أساسي' }, new_division: { name: 'السنة الثامنة أساسي' } })
    const french = await call<Array<{ old_division: Ref; new_division: Ref }>>(server.app, 'GET', '/api/edit-division', { token })
    expect(french.body[0]).toMatchObject({ old_division: { name: '7ème année de base' }, new_division: { name: '8ème année de base' } })
  })
})
