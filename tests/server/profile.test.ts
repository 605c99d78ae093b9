/**
 * Issue 5, server side: class change requests (reasons in three languages, one pending request,
 * who may ask, the operator decision changing the class) and the ad cards.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../../server/src/admin.ts'
import { adCards, users } from '../../server/src/db/schema.ts'
import { pickLanguage } from '../../server/src/language.ts'
import { call, captcha, createUser, demo, login, startTestServer, uniquePhone, type TestServer, type Tokens } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

type Reason = { id: number; reason: string; reason_fr: string; reason_en: string; reason_ar: string; needs_text: boolean }
type DivisionRequest = {
  id: number
  old_division: { id: number; name: string } | null
  new_division: { id: number; name: string }
  reason: string
  reason_id: number
  reason2: string | null
  status: string
  created_at: string
  decided_at: string | null
}
type Me = { user: { id: number; division: { id: number; name: string } | null; optional_subject: { id: number } | null } }

async function pupil(options: { division?: number; isTest?: boolean; role?: string } = {}): Promise<{ id: number; tokens: Tokens }> {
  const phone = uniquePhone()
  const id = await createUser(server.app, {
    credential: phone,
    division: options.division ?? 14,
    isTest: options.isTest ?? false,
    ...(options.role ? { role: options.role } : {})
  })
  return { id, tokens: await login(server.app, phone) }
}

const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })
const ask = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  call<DivisionRequest & { message: string; request: DivisionRequest; code: string; errors: Record<string, string[]> }>(
    server.app,
    'POST',
    '/api/edit-division',
    { token, body, headers }
  )
const decide = (id: number, decision: string) =>
  call<{ id: number; status: string; message: string; code?: string }>(
    server.app,
    'POST',
    `/operator/division-requests/${id}/${decision}`,
    { headers: operator() }
  )

describe('GET /api/edit-division-reasons', () => {
  it('answers the reasons in the Accept-Language language (French by default) with the three texts', async () => {
    const { tokens } = await pupil()
    const fr = await call<Reason[]>(server.app, 'GET', '/api/edit-division-reasons', { token: tokens.token })
    expect(fr.status).toBe(200)
    expect(fr.body.length).toBeGreaterThanOrEqual(4)
    const other = fr.body.find((reason) => reason.id === 4)!
    expect(other).toMatchObject({ reason: 'Autre raison', reason_en: 'Other reason', reason_ar: 'سبب آخر', needs_text: true })
    expect(fr.body.filter((reason) => reason.needs_text).map((reason) => reason.id)).toEqual([4])
    for (const reason of fr.body) expect(reason.reason).toBe(reason.reason_fr)
    const en = await call<Reason[]>(server.app, 'GET', '/api/edit-division-reasons', {
      token: tokens.token,
      headers: { 'accept-language': 'en-GB,en;q=0.9' }
    })
    for (const reason of en.body) expect(reason.reason).toBe(reason.reason_en)
    const ar = await call<Reason[]>(server.app, 'GET', '/api/edit-division-reasons', {
      token: tokens.token,
      headers: { 'accept-language': 'de-DE, ar;q=0.5' }
    })
    for (const reason of ar.body) expect(reason.reason).toBe(reason.reason_ar)
    expect((await call(server.app, 'GET', '/api/edit-division-reasons')).status).toBe(401)
  })

  it('picks the preferred language the server has, by weight', () => {
    expect(pickLanguage(undefined)).toBe('fr')
    expect(pickLanguage('de')).toBe('fr')
    expect(pickLanguage('fr;q=0.3, ar;q=0.8, en;q=0.5')).toBe('ar')
    expect(pickLanguage('EN-us')).toBe('en')
    expect(pickLanguage('ar;q=0, en')).toBe('en')
  })
})

describe('POST and GET /api/edit-division', () => {
  it('records a request with the old and new classes, lists it, and allows one pending at a time', async () => {
    const { tokens } = await pupil({ division: 14 })
    const created = await ask(tokens.token, { newDivision: 15, reason: 1 })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Votre demande de changement de classe a été envoyée')
    expect(created.body.request).toMatchObject({
      old_division: { id: 14, name: 'Bac Sciences expérimentales' },
      new_division: { id: 15 },
      reason_id: 1,
      reason: "Erreur lors de l'inscription",
      reason2: null,
      status: 'pending',
      decided_at: null
    })
    const list = await call<DivisionRequest[]>(server.app, 'GET', '/api/edit-division', {
      token: tokens.token,
      headers: { 'accept-language': 'en' }
    })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([{ ...created.body.request, reason: 'Mistake when registering' }])
    const second = await ask(tokens.token, { newDivision: 16, reason: 2 })
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({
      code: 'division_request_pending',
      message: 'Vous avez déjà une demande de changement de classe en attente'
    })
    // The pupil still has the class until an operator approves.
    expect((await call<Me>(server.app, 'GET', '/api/auth/me', { token: tokens.token })).body.user.division?.id).toBe(14)
  })

  it('keeps one pending request when two arrive at once', async () => {
    const { tokens } = await pupil()
    const replies = await Promise.all([
      ask(tokens.token, { newDivision: 13, reason: 1 }),
      ask(tokens.token, { newDivision: 15, reason: 1 })
    ])
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409])
    expect((await call<DivisionRequest[]>(server.app, 'GET', '/api/edit-division', { token: tokens.token })).body).toHaveLength(1)
  })

  it('answers each form message of the specification', async () => {
    const { tokens } = await pupil({ division: 14 })
    const empty = await ask(tokens.token, {})
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual({ newDivision: ['Remplir le champ classe'], reason: ['Remplir le champ raison'] })
    const noReason = await ask(tokens.token, { newDivision: 15, reason: '' })
    expect(noReason.body).toMatchObject({ message: 'Remplir le champ raison', errors: { reason: ['Remplir le champ raison'] } })
    const noClass = await ask(tokens.token, { newDivision: null, reason: 1 })
    expect(noClass.body.message).toBe('Remplir le champ classe')
    const other = await ask(tokens.token, { newDivision: 15, reason: 4, reason2: '   ' })
    expect(other.body.errors).toEqual({ reason2: ['Précisez la raison du changement de classe'] })
    const same = await ask(tokens.token, { newDivision: 14, reason: 1 })
    expect(same.body.errors).toEqual({ newDivision: ['Choisissez une classe différente de votre classe actuelle'] })
    const unknown = await ask(tokens.token, { newDivision: 999, reason: 99 })
    expect(unknown.body.errors).toEqual({ newDivision: ['Cette classe est inconnue'], reason: ['Cette raison est inconnue'] })
    expect((await ask(tokens.token, { newDivision: 15, reason: 1, extra: 1 })).body.code).toBe('unknown_field')
    // Only numbers and numeric strings name a class: not booleans or arrays.
    expect((await ask(tokens.token, { newDivision: true, reason: [1] })).body.errors).toEqual({
      newDivision: ['Remplir le champ classe'],
      reason: ['Remplir le champ raison']
    })
    expect((await call<DivisionRequest[]>(server.app, 'GET', '/api/edit-division', { token: tokens.token })).body).toEqual([])
    // A select's string value and the free text of reason 4 are accepted.
    const ok = await ask(tokens.token, { newDivision: '15', reason: '4', reason2: '  Je change de lycée  ' })
    expect(ok.status).toBe(201)
    expect(ok.body.request).toMatchObject({ new_division: { id: 15 }, reason_id: 4, reason: 'Autre raison', reason2: 'Je change de lycée' })
  })

  it('is refused to test accounts, pupils without the permission, parents and signed-out callers', async () => {
    const testAccount = await login(server.app, demo.test)
    const refused = await ask(testAccount.token, { newDivision: 15, reason: 1 })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('test_account')
    const { id, tokens } = await pupil()
    await server.app.services.database.db.update(users).set({ hasEditDivision: false }).where(eq(users.id, id))
    const me = await call<{ permissions: { hasEditDivision: boolean } }>(server.app, 'GET', '/api/auth/me', { token: tokens.token })
    expect(me.body.permissions.hasEditDivision).toBe(false)
    const noPermission = await ask(tokens.token, { newDivision: 15, reason: 1 })
    expect(noPermission.status).toBe(403)
    expect(noPermission.body.code).toBe('forbidden')
    const parent = await login(server.app, demo.parent)
    expect((await ask(parent.token, { newDivision: 15, reason: 1 })).status).toBe(403)
    expect((await ask('', { newDivision: 15, reason: 1 })).status).toBe(401)
    expect((await call(server.app, 'GET', '/api/edit-division')).status).toBe(401)
  })

  it("does not show another pupil's requests", async () => {
    const first = await pupil()
    const second = await pupil()
    expect((await ask(first.tokens.token, { newDivision: 13, reason: 3 })).status).toBe(201)
    expect((await call(server.app, 'GET', '/api/edit-division', { token: second.tokens.token })).body).toEqual([])
  })
})

describe('operator decision on a class change (npm run admin -- division-request approve|reject <id>)', () => {
  it('approval changes the class in one step and drops an option the new class lacks', async () => {
    const { id, tokens } = await pupil({ division: 14 })
    // Option 64 belongs to division 14 (Bac Sciences expérimentales), not to 29 (7ème année de base).
    await server.app.services.database.db.update(users).set({ optionalSubjectId: 64 }).where(eq(users.id, id))
    const created = await ask(tokens.token, { newDivision: 29, reason: 3 })
    const listed = await call<Array<{ id: number; user: { id: number } }>>(server.app, 'GET', '/operator/division-requests', {
      headers: operator(),
      query: { status: 'pending' }
    })
    expect(listed.body.find((row) => row.id === created.body.request.id)?.user.id).toBe(id)
    const approved = await decide(created.body.request.id, 'approve')
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ id: created.body.request.id, status: 'approved' })
    const me = await call<Me>(server.app, 'GET', '/api/auth/me', { token: tokens.token })
    expect(me.body.user.division).toEqual({ id: 29, name: '7ème année de base' })
    expect(me.body.user.optional_subject).toBeNull()
    const [request] = (await call<DivisionRequest[]>(server.app, 'GET', '/api/edit-division', { token: tokens.token })).body
    expect(request).toMatchObject({ status: 'approved', old_division: { id: 14 }, new_division: { id: 29 } })
    expect(request!.decided_at).not.toBeNull()
    const again = await decide(created.body.request.id, 'reject')
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('operation_impossible')
    // Decided: the pupil may ask again, from the new class.
    const next = await ask(tokens.token, { newDivision: 14, reason: 1 })
    expect(next.body.request).toMatchObject({ old_division: { id: 29 }, new_division: { id: 14 } })
  })

  it('rejection keeps the class; unknown ids, bad decisions and calls without the key are refused', async () => {
    const { tokens } = await pupil({ division: 14 })
    const created = await ask(tokens.token, { newDivision: 15, reason: 1 })
    expect((await decide(created.body.request.id, 'reject')).body.status).toBe('rejected')
    expect((await call<Me>(server.app, 'GET', '/api/auth/me', { token: tokens.token })).body.user.division?.id).toBe(14)
    expect((await decide(999_999, 'approve')).status).toBe(404)
    expect((await decide(created.body.request.id, 'maybe')).status).toBe(422)
    expect((await call(server.app, 'POST', `/operator/division-requests/${created.body.request.id}/approve`)).status).toBe(401)
  })
})

describe('the operator command line against a listening server', () => {
  it('division-requests lists and division-request approve changes the class', async () => {
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 })
    const env = { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey }
    const admin = (...argv: string[]) => runAdmin(['--api', address, '--data-dir', server.dataDir, ...argv], env)
    const { tokens } = await pupil({ division: 14 })
    const created = await ask(tokens.token, { newDivision: 13, reason: 2 })
    const pending = JSON.parse(await admin('division-requests', 'pending')) as Array<{ id: number }>
    expect(pending.map((row) => row.id)).toContain(created.body.request.id)
    expect(await admin('division-request', 'approve', String(created.body.request.id))).toBe(
      `Demande ${created.body.request.id} approuvée : classe changée`
    )
    expect((await call<Me>(server.app, 'GET', '/api/auth/me', { token: tokens.token })).body.user.division?.id).toBe(13)
    await expect(admin('division-request', 'approve', String(created.body.request.id))).rejects.toThrow(
      /^409 La demande \d+ est déjà traitée \(approved\)$/
    )
    await expect(admin('marksheet', 'approve', '999999')).rejects.toThrow(/^404 Bulletin introuvable$/)
    await expect(admin('division-request', 'maybe', '1')).rejects.toThrow(/Usage/)
  })
})

describe('GET /api/student/pubs-cards', () => {
  type Card = { id: number; position: number; visible: boolean; text: string | null; type: string }

  it('lists the visible cards by position with every field of the specification', async () => {
    const { tokens } = await pupil()
    const db = server.app.services.database.db
    await db.insert(adCards).values([
      { id: 90, type: 'image', position: -5, text: 'Nouvelle carte en tête', visible: true, color: '#000000' },
      { id: 91, type: 'text', position: -10, text: 'Carte cachée', visible: false }
    ])
    const reply = await call<Card[]>(server.app, 'GET', '/api/student/pubs-cards', { token: tokens.token })
    expect(reply.status).toBe(200)
    const ids = reply.body.map((card) => card.id)
    expect(ids[0]).toBe(90)
    expect(ids).not.toContain(91)
    expect(ids).not.toContain(4)
    expect(reply.body.every((card) => card.visible)).toBe(true)
    const positions = reply.body.map((card) => card.position)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(Object.keys(reply.body[0]!).sort()).toEqual([
      'background_url',
      'color',
      'icon_position',
      'icon_url',
      'id',
      'position',
      'text',
      'text_image_url',
      'type',
      'url_link',
      'video_link',
      'visible'
    ])
    expect(reply.body.find((card) => card.id === 1)?.text).toBe('Révisez le bac avec nos séances en direct chaque soir à 19h')
    expect((await call(server.app, 'GET', '/api/student/pubs-cards')).status).toBe(401)
  })
})

describe('POST /api/user/update messages (section 8 prefixes)', () => {
  it("prefixes 'Birthdate:' only when the birth date is the first error", async () => {
    const { tokens } = await pupil()
    const update = async (fields: Record<string, unknown>) =>
      call<{ message: string; errors: Record<string, string[]> }>(server.app, 'POST', '/api/user/update', {
        token: tokens.token,
        body: { 'g-recaptcha-response': await captcha(server.app), ...fields }
      })
    const tomorrow = new Date(server.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10)
    // The operator creates phone accounts without a governorate: the address comes first.
    const both = await update({ birthDate: tomorrow })
    expect(both.body.errors).toEqual({
      state: ['Remplir les champs pays gouvernorat'],
      birthDate: ['La date de naissance ne peut pas être dans le futur']
    })
    expect(both.body.message).toBe('Remplir les champs pays gouvernorat')
    const birthDateOnly = await update({ state: 1, birthDate: tomorrow })
    expect(birthDateOnly.body.message).toBe('Birthdate: La date de naissance ne peut pas être dans le futur')
  })

  it("prefixes 'Name:' and 'Last Name:' on the schema's own refusals, by the first field", async () => {
    const { tokens } = await pupil()
    const update = async (fields: Record<string, unknown>) =>
      call<{ message: string; errors: Record<string, string[]> }>(server.app, 'POST', '/api/user/update', {
        token: tokens.token,
        body: { 'g-recaptcha-response': await captcha(server.app), ...fields }
      })
    const name = await update({ state: 1, name: 'R2D2' })
    expect(name.body).toMatchObject({
      message: 'Name: Veuillez saisir un prénom valide',
      errors: { name: ['Veuillez saisir un prénom valide'] }
    })
    expect((await update({ state: 1, lastName: '' })).body.message).toBe('Last Name: Le nom est requis')
    expect((await update({ state: 1, birthDate: '2010-02-02-02' })).body.message).toBe('Birthdate: Format de date invalide')
    // Another first field: no prefix.
    expect((await update({ state: 1, phone2: 'x'.repeat(40) })).body.message).toBe('Veuillez saisir un numéro de téléphone valide')
    // Other endpoints keep their messages unprefixed.
    const register = await call<{ message: string }>(server.app, 'POST', '/api/edit-division', { token: tokens.token, body: {} })
    expect(register.body.message).toBe('Remplir le champ classe')
  })
})

describe('test accounts and the profile dialogs (section 4: they cannot edit their profile)', () => {
  it('refuses adding an e-mail or a parent phone to a test account, and keeps it open to others', async () => {
    const testAccount = await login(server.app, demo.test)
    const email = await call(server.app, 'PUT', '/api/user/add-email', {
      token: testAccount.token,
      body: { email: 'test.account@example.org' }
    })
    expect(email.status).toBe(403)
    expect(email.body.code).toBe('test_account')
    const confirm = await call(server.app, 'POST', '/api/user/confirm-code', {
      token: testAccount.token,
      body: { confirmationToken: 'ABC123', email: 'test.account@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(confirm.status).toBe(403)
    const parentPhone = await call(server.app, 'PUT', '/api/user/add-parent-phone', {
      token: testAccount.token,
      body: { phone2: '98765432' }
    })
    expect(parentPhone.status).toBe(403)
    expect(
      (await call<{ user: { phone2: string | null } }>(server.app, 'GET', '/api/auth/me', { token: testAccount.token })).body.user.phone2
    ).toBeNull()
    const { tokens } = await pupil()
    expect(
      (await call(server.app, 'PUT', '/api/user/add-parent-phone', { token: tokens.token, body: { phone2: '98765432' } })).status
    ).toBe(200)
  })
})
