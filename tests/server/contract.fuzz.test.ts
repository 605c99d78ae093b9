/**
 * T1: random valid and invalid requests for every route of the accounts, pickers, operator,
 * development, health, learning, progress, content tool, reactions, video reports, assistance,
 * attachments, offers (with the subscription cancellation), operator's offer and coupon tools,
 * operator plans and order refunds tables (the quote and the purchase are offers.fuzz.test.ts's; the
 * operator's notifications signed, forged or replayed), through
 * fastify.inject. Never a 5xx; a documented status; a body that parses with the route's response
 * schema (success) or the error schema. The learning routes draw their subjects, chapters and
 * lessons from the demo catalogue of the caller's class.
 */
import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { magazineEndpoints, magazineOperatorEndpoints } from '../../src/shared/api/magazines.ts'
import { quizEndpoints, quizOperatorEndpoints, type Quiz } from '../../src/shared/api/quizzes.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsEndpoints, NotificationPreferenceNameSchema } from '../../src/shared/api/accounts.ts'
import { assistanceEndpoints } from '../../src/shared/api/assistance.ts'
import { attachmentEndpoints } from '../../src/shared/api/attachments.ts'
import { ErrorResponseSchema, servicePrefixes, type Endpoint } from '../../src/shared/api/common.ts'
import { learningEndpoints, progressEndpoints, type Lesson } from '../../src/shared/api/learning.ts'
import { offerEndpoints, OffersResponseSchema } from '../../src/shared/api/offers.ts'
import { OperatorCheckoutResponseSchema, operatorBillingEndpoints } from '../../src/shared/api/operatorBilling.ts'
import { REACTION_TYPES, reactionEndpoints } from '../../src/shared/api/reactions.ts'
import { VIDEO_REPORT_STATUSES, videoReportEndpoints } from '../../src/shared/api/videoReports.ts'
import { VIDEO_REPORT_DESCRIPTION_MAX } from '../../src/shared/rules/videoReport.ts'
import {
  assistanceVideos,
  chapters,
  contents,
  contentVideos,
  offerGroups,
  subjects,
  userOffers,
  users,
  videoReportReasons,
  videoReports
} from '../../server/src/db/schema.ts'
import { addAssistanceVideo } from '../../server/src/services/assistance.ts'
import { notificationKey, signNotification } from '../../server/src/services/operatorBilling.ts'
import { deliver } from '../../server/src/services/operatorSandbox.ts'
import { addCoupon, addOffer } from '../../server/src/services/offerAdmin.ts'
import { refundOrder } from '../../server/src/services/refunds.ts'
import { attachFile } from '../../server/src/services/attachments.ts'
import { createChapter, createLesson, createSubject } from '../../server/src/services/content.ts'
import { checkedTables, routesOf } from './endpointTables.ts'
import { captcha, createUser, DEMO_PASSWORD, demo, newPupil, startTestServer, tinyMp4, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ dev: true })
  await readCatalogue()
})
afterAll(async () => {
  await server?.close()
})

type Input = {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
  /** A body that is not JSON at all. */
  raw?: string
  form?: boolean
  /** A multipart/form-data body of file parts (uploads). */
  files?: Array<{ name: string; filename: string; content: Uint8Array }>
  /** A body of bytes with its content type (a lesson video upload). */
  bytes?: { content: Uint8Array; type: string }
  headers?: Record<string, string>
}

/** Replaced at send time: a solved bot check, the current refresh token. */
const CAPTCHA = '<captcha>'
const REFRESH = '<refresh>'
const SWITCH = '<switch>'
/** The caller's own id, and the file name of the caller's current avatar (uploaded on demand). */
const SELF = '<self>'
const OWN_AVATAR = '<own-avatar>'
/** The number a fresh pupil of the fuzz class proved (the operator landing's signed-out checkout). */
const PROVEN_PHONE = '<proven-phone>'
/** An administrator's id: random ids from 1 to 40 name one too rarely for the success answer. */
const AN_ADMIN = '<an-admin>'
/** The tick's time: the server's clock now (ms). */
const NOW = '<now>'
/** The `x-operator-signature` of the body as sent (the operator's key). */
const SIGNED = '<signed-notification>'

/**
 * The demo catalogue of the caller's class (14), read once the server is seeded: `<demo:list:n:field>`
 * is field of the n-th item of the list (modulo its length). The lists: every subject (a hidden
 * one too), chapter and lesson of the class, the recording chapters, and the lessons with a video
 * of its visible subjects.
 */
type CatalogueLesson = {
  id: number
  slug: string
  idSlug: string
  chapterId: number
  chapterSlug: string
  subjectId: number
  subjectSlug: string
}
const catalogue = {
  subjects: [] as Array<{ id: number; slug: string }>,
  chapters: [] as Array<{ id: number; slug: string; subjectId: number; subjectSlug: string }>,
  recordings: [] as Array<{ id: number; slug: string; subjectId: number; subjectSlug: string }>,
  lessons: [] as CatalogueLesson[],
  videos: [] as CatalogueLesson[],
  /** Video lessons of the class with a file attached for the fuzz (a PNG). */
  attached: [] as CatalogueLesson[],
  /** A magazine lesson of the class, made free with a page for the fuzz, and the class's quizzes. */
  magazines: [] as CatalogueLesson[],
  quizzes: [] as Array<{ id: number }>,
  /** The class's offer cards that are no pack (a pack's code is checked with its subjects, through the quote), the reasons of a video report and the assistance videos of the store. */
  offerCards: [] as Array<{ id: number }>,
  reasons: [] as Array<{ id: number }>,
  assistance: [] as Array<{ id: number }>
}
/**
 * What the content tools' generators add to: a subject, a chapter, a video lesson and a magazine
 * made for them in class 16; the offer tools' pack and primary offer divisions of that class (the
 * pack's offer id), an offer group, and the card of offer 112 in the fuzz class (the orders refunded).
 */
const tools = { subject: 0, chapter: 0, lesson: 0, magazine: 0, pack: 0, packOffer: 0, primary: 0, group: 0, orderCard: 0 }
const FUZZ_CLASS = 14
const demoRef = (list: keyof typeof catalogue, n: number, field: string) => `<demo:${list}:${n}:${field}>`
const toolRef = (key: keyof typeof tools) => `<tools:${key}>`
/** Mostly the id of the tool `key`, sometimes that of `other` (a thing of the wrong kind), sometimes the id of nothing. */
const toolIdOr = (key: keyof typeof tools, other: keyof typeof tools) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(toolRef(key)) },
    { weight: 1, arbitrary: fc.constant(toolRef(other)) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2_147_483_647 }) }
  )
/** A part of the signed address of the n-th video lesson, taken from the lesson's answer to the caller: id, u, expires or signature. */
const signedRef = (n: number, part: string) => `<signed:${n}:${part}>`
/** The same for the n-th attached lesson's file. */
const attachmentRef = (n: number, part: string) => `<attachment:${n}:${part}>`
/**
 * Made at send time: a video report of the caller's, pending or in progress; another pupil's
 * pending report; an assistance video (an https address) to remove; the code the caller applied.
 */
const FRESH = {
  pending: '<fresh:pending>',
  started: '<fresh:started>',
  othersReport: '<fresh:othersReport>',
  assistance: '<fresh:assistance>',
  code: '<fresh:code>',
  quizLesson: '<fresh:quizLesson>',
  /** A pending operator plan of the caller's (a checkout the operator has not charged yet). */
  plan: '<fresh:plan>',
  /** A subscription of the caller's that runs, one that ended yesterday, and another pupil's. */
  subscription: '<fresh:subscription>',
  endedSubscription: '<fresh:endedSubscription>',
  othersSubscription: '<fresh:othersSubscription>',
  /** A month of offer 112 bought by a fresh pupil of the fuzz class, and one already refunded. */
  order: '<fresh:order>',
  refundedOrder: '<fresh:refundedOrder>',
  /** The code of a coupon made at send time (the one the operator disables). */
  coupon: '<fresh:coupon>'
} as const
/** The code, once the code the caller applied (if any) is removed. */
const unappliedRef = (code: string) => `<unapplied:${code}>`
/** The pupil of the class whose reports the callers must not reach. */
let otherPupil = 0

async function readCatalogue(): Promise<void> {
  const db = server.app.services.database.db
  const rows = await db
    .select({
      subjectId: subjects.id,
      subjectSlug: subjects.slug,
      visible: subjects.visible,
      chapterId: chapters.id,
      chapterSlug: chapters.slug,
      chapterType: chapters.type,
      lessonId: contents.id,
      lessonSlug: contents.slug,
      lessonType: contents.typeId,
      qcmId: contents.qcmId
    })
    .from(subjects)
    .leftJoin(chapters, eq(chapters.subjectId, subjects.id))
    .leftJoin(contents, eq(contents.chapterId, chapters.id))
    .where(eq(subjects.divisionId, FUZZ_CLASS))
    .orderBy(subjects.id, chapters.id, contents.id)
  const withVideo = new Set(
    (
      await db
        .selectDistinct({ id: contentVideos.contentId })
        .from(contentVideos)
        .where(
          inArray(
            contentVideos.contentId,
            rows.flatMap((row) => (row.lessonId ? [row.lessonId] : []))
          )
        )
    ).map((row) => row.id)
  )
  for (const row of rows) {
    if (!catalogue.subjects.some((item) => item.id === row.subjectId)) catalogue.subjects.push({ id: row.subjectId, slug: row.subjectSlug })
    if (row.chapterId === null || row.chapterSlug === null) continue
    if (!catalogue.chapters.some((item) => item.id === row.chapterId)) {
      const chapter = { id: row.chapterId, slug: row.chapterSlug, subjectId: row.subjectId, subjectSlug: row.subjectSlug }
      catalogue.chapters.push(chapter)
      if (row.chapterType === 'recording') catalogue.recordings.push(chapter)
    }
    if (row.lessonId === null || row.lessonSlug === null) continue
    const lesson = {
      id: row.lessonId,
      slug: row.lessonSlug,
      idSlug: `${row.lessonId}-${row.lessonSlug}`,
      chapterId: row.chapterId,
      chapterSlug: row.chapterSlug,
      subjectId: row.subjectId,
      subjectSlug: row.subjectSlug
    }
    catalogue.lessons.push(lesson)
    if (withVideo.has(lesson.id) && row.visible) catalogue.videos.push(lesson)
    if (row.lessonType === 3 && row.visible && catalogue.magazines.length === 0) catalogue.magazines.push(lesson)
    if (row.qcmId !== null && row.visible) catalogue.quizzes.push({ id: row.qcmId })
  }
  // A small PNG attached to a few video lessons: their answers sign its address for the caller.
  for (const lesson of catalogue.videos.slice(0, 3)) {
    await attachFile(db, server.app.services.storage, lesson.id, 'fiche.png', TINY_PNG, server.clock.now())
    catalogue.attached.push(lesson)
  }
  // The quizzes open to any caller of the class.
  for (const quiz of catalogue.quizzes) await db.update(contents).set({ isFree: true }).where(eq(contents.qcmId, quiz.id))
  // The magazine's page signed for any caller of the class: free, with a one-page PDF rendered.
  for (const magazine of catalogue.magazines) {
    await db.update(contents).set({ isFree: true }).where(eq(contents.id, magazine.id))
    const upload = await server.app.inject({
      method: 'POST',
      url: `/operator/lessons/${magazine.id}/magazine`,
      headers: { 'x-operator-key': server.app.services.secrets.operatorKey, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(onePagePdf())
    })
    expect(upload.statusCode, upload.body).toBe(201)
  }
  catalogue.reasons.push(...(await db.select({ id: videoReportReasons.id }).from(videoReportReasons)))
  catalogue.assistance.push(
    ...(await db.select({ id: assistanceVideos.id, key: assistanceVideos.storageKey }).from(assistanceVideos))
      .filter((row) => row.key)
      .map(({ id }) => ({ id }))
  )
  otherPupil = await createUser(server.app, { credential: uniquePhone(), division: FUZZ_CLASS })
  const offersReply = await server.app.inject({
    method: 'GET',
    url: '/api/student/offers',
    headers: { authorization: `Bearer ${(await server.app.services.sessions.start(otherPupil)).token}` }
  })
  const offerCards = OffersResponseSchema.parse(offersReply.json()).payload
  catalogue.offerCards.push(...offerCards.filter((card) => card.type !== 'pack').map(({ id }) => ({ id })))
  tools.orderCard = offerCards.find((card) => card.offer_id === 112)!.id
  for (const list of Object.values(catalogue)) expect(list.length).toBeGreaterThan(0)

  const subject = await createSubject(db, { division: 16, name: 'Matière du contrat', slug: 'matiere-du-contrat', visible: true })
  const chapter = await createChapter(db, { subject: subject.id, name: 'Chapitre du contrat', type: 'course', section: 'Contrat' })
  const lesson = await createLesson(
    db,
    { chapter: chapter.id, name: 'Leçon du contrat', type: 2, free: false, rtl: false },
    server.clock.now()
  )
  const magazine = await createLesson(
    db,
    { chapter: chapter.id, name: 'Magazine du contrat', type: 3, free: false, rtl: false },
    server.clock.now()
  )
  Object.assign(tools, { subject: subject.id, chapter: chapter.id, lesson: lesson.id, magazine: magazine.id })
  // The offer tools' own offers, in class 16: the fuzz changes them, never an offer a pupil of the fuzz class sees.
  const [group] = await db.select({ id: offerGroups.id }).from(offerGroups).orderBy(offerGroups.id).limit(1)
  const prices = [{ period: 'month' as const, price: 30 }]
  const pack = await addOffer(db, {
    offerId: 900_001,
    division: 16,
    name: 'Pack du contrat',
    group: group!.id,
    type: 'pack',
    prices,
    subjects: [{ subject: subject.id, price: 10 }]
  })
  const primary = await addOffer(db, {
    offerId: 900_002,
    division: 16,
    name: 'Offre du contrat',
    group: group!.id,
    type: 'primary',
    prices
  })
  Object.assign(tools, { pack: pack.division.id, packOffer: pack.offer.id, primary: primary.division.id, group: group!.id })
}

/** The harness's minimal MP4, as the plain bytes the upload generators send. */
const tinyMp4Bytes = (): Uint8Array => new Uint8Array(tinyMp4())

/** A small real image (a 1×1 PNG) and the PNG signature, for the upload generators. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((a) => a.join(''))
const phone8 = fc.tuple(fc.constantFrom('2', '4', '5', '9'), digits(7)).map(([first, rest]) => first + rest)
const phone = fc.tuple(fc.constantFrom('', '+216', '00216'), phone8).map(([prefix, number]) => prefix + number)
const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9._-]{0,12}$/), fc.constantFrom('example.org', 'demo.darsi.tn', 'mail.tn'))
  .map(([local, domain]) => `${local}@${domain}`)
const credential = fc.oneof(phone, email, fc.constantFrom(...Object.values(demo)))
const password = fc.stringMatching(/^[A-Za-z0-9]{4,12}$/).map((tail) => `Aa1#${tail}`)
const name = fc.stringMatching(/^[A-Za-zéèïç]{2,12}( [A-Za-z]{2,6})?$/)
const code6 = fc.stringMatching(/^[A-Za-z0-9]{6}$/)
const birthDate = fc
  .date({ min: new Date('1995-01-01'), max: new Date('2018-05-15'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
const smallId = (max: number) => fc.integer({ min: 1, max })
const role = fc.constantFrom('student', 'parent', 'teacher', 'influencer', 'admin')
const preference = fc.constantFrom(...NotificationPreferenceNameSchema.options)

const none = fc.constant<Input>({})
/** A signed media address forged whole: any file and pupil of `id`, any expiry, a signature of nothing. */
const forgedAddress = (id: fc.Arbitrary<number>) =>
  fc
    .record({ id, u: id, expires: fc.integer({ min: 1, max: 99_999_999_999 }), signature: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    .map(({ id: fileId, ...query }): Input => ({ params: { id: fileId }, query }))
const body = <T>(arb: fc.Arbitrary<T>, extra: Partial<Input> = {}) => arb.map((value): Input => ({ body: value, ...extra }))

/** Inputs that satisfy the route's schema (the handler may still refuse them: wrong code …). */
const valid: Record<string, fc.Arbitrary<Input>> = {
  'accounts.captchaChallenge': none,
  'accounts.login': body(
    fc.oneof(
      fc.record({
        username: fc.constantFrom(...Object.values(demo)),
        password: fc.constant(DEMO_PASSWORD),
        'g-recaptcha-response': fc.constant(CAPTCHA)
      }),
      fc.record({ username: credential, password, 'g-recaptcha-response': fc.constant(CAPTCHA) })
    )
  ),
  'accounts.refresh': body(fc.record({ refresh_token: fc.oneof(fc.constant(REFRESH), fc.string({ minLength: 1, maxLength: 60 })) })),
  'accounts.logout': none,
  'accounts.me': none,
  'accounts.myProfile': none,
  'accounts.register': fc
    .record({
      tunisian: fc.boolean(),
      name,
      lastName: name,
      phone,
      email,
      birthDate,
      password,
      division: smallId(34),
      state: smallId(24),
      country: smallId(20),
      optionalSubject: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: smallId(108) })
    })
    .map(({ tunisian, password: pw, ...f }): Input => ({
      body: {
        name: f.name,
        lastName: f.lastName,
        birthDate: f.birthDate,
        plainPassword: { first: pw, second: pw },
        division: f.division,
        ...(tunisian ? { phone: f.phone, state: f.state } : { email: f.email, country: f.country }),
        ...(f.optionalSubject ? { optionalSubject: f.optionalSubject } : {}),
        'g-recaptcha-response': CAPTCHA
      }
    })),
  'accounts.confirmRegistration': code6.map((token): Input => ({ query: { token }, body: { 'g-recaptcha-response': CAPTCHA } })),
  'accounts.resendCode': none,
  'accounts.changeCredential': body(
    fc.record({
      credential: fc.oneof({ weight: 4, arbitrary: phone }, { weight: 1, arbitrary: email }),
      'g-recaptcha-response': fc.constant(CAPTCHA)
    })
  ),
  'accounts.requestPasswordGet': credential.map((credentiel): Input => ({ query: { credentiel } })),
  'accounts.requestPassword': fc
    .tuple(credential, fc.boolean())
    .map(([credentiel, form]): Input => ({ body: { credentiel, 'g-recaptcha-response': CAPTCHA }, form })),
  'accounts.resetPassword': fc.record({ token: code6, credential, pw: password }).map(({ pw, ...f }): Input => ({
    body: { ...f, newPassword: pw, retypePassword: pw, 'g-recaptcha-response': CAPTCHA }
  })),
  'accounts.socialCallback': fc
    .record({
      provider: fc.constantFrom('google', 'facebook'),
      code: fc.string({ minLength: 1, maxLength: 60 }),
      code_verifier: fc.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/)
    })
    .map(({ provider, code }): Input => ({ params: { provider }, query: { code } })),
  'accounts.changePassword': fc.record({ old: fc.oneof(fc.constant(DEMO_PASSWORD), password), pw: password }).map(({ old, pw }): Input => ({
    body: { oldPassword: old, newPassword: pw, new_password_confirmation: pw, 'g-recaptcha-response': CAPTCHA }
  })),
  'accounts.updateProfile': fc.oneof(
    // What the profile page sends for a Tunisian pupil (never an e-mail: that goes through add-email) …
    body(
      fc.record(
        {
          name,
          lastName: name,
          phone2: phone,
          birthDate,
          country: fc.constant(1),
          state: fc.constant(1),
          'g-recaptcha-response': fc.constant(CAPTCHA)
        },
        { requiredKeys: ['state', 'g-recaptcha-response'] }
      )
    ),
    // … and any combination of the pickers.
    body(
      fc.record(
        {
          gender: fc.constantFrom('male', 'female'),
          avatar: fc.webUrl(),
          country: fc.constantFrom(1, 7),
          state: smallId(24),
          delegation: smallId(60),
          institute: smallId(60),
          division: smallId(34),
          optionalSubject: smallId(108),
          'g-recaptcha-response': fc.constant(CAPTCHA)
        },
        { requiredKeys: ['g-recaptcha-response'] }
      )
    )
  ),
  'accounts.addEmail': body(fc.record({ email })),
  'accounts.confirmEmail': body(fc.record({ confirmationToken: code6, email, 'g-recaptcha-response': fc.constant(CAPTCHA) })),
  'accounts.addParentPhone': body(fc.record({ phone2: phone8 })),
  'accounts.updateNotificationPreferences': fc.dictionary(preference, fc.boolean()).map((prefs): Input => ({ body: prefs })),
  'accounts.setNotificationToken': body(fc.record({ notificationToken: fc.string({ minLength: 1, maxLength: 200 }) })),
  'accounts.impersonate': body(fc.record({ userId: smallId(12), redirectTo: fc.constant('RegisterPage') }, { requiredKeys: ['userId'] })),
  'accounts.uploadAvatar': fc
    .record({
      name: fc.oneof(
        { weight: 4, arbitrary: fc.constant('avatar') },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).filter((n) => /^[\w-]+$/.test(n)) }
      ),
      filename: fc.stringMatching(/^[\w .-]{1,20}$/),
      content: fc.oneof(
        fc.constant(new Uint8Array(TINY_PNG)),
        fc.uint8Array({ maxLength: 200 }).map((tail) => new Uint8Array([...PNG_SIGNATURE, ...tail])),
        fc.uint8Array({ maxLength: 300 })
      )
    })
    .map((part): Input => ({ files: [part] })),
  'accounts.deleteAvatar': none,
  'accounts.avatarFile': fc.oneof(
    fc.constant<Input>({ params: { userId: SELF, file: OWN_AVATAR } }),
    fc.record({ userId: smallId(40), file: fc.uuid().map((id) => `${id}.webp`) }).map((params): Input => ({ params }))
  ),
  'accounts.switchSession': body(fc.record({ token: fc.oneof(fc.constant(SWITCH), fc.string({ minLength: 1, maxLength: 60 })) })),
  'pickers.countries': none,
  'pickers.states': smallId(30).map((id): Input => ({ params: { id } })),
  'pickers.delegations': smallId(30).map((stateId): Input => ({ params: { stateId } })),
  'pickers.institutes': smallId(30).map((id): Input => ({ params: { id } })),
  'pickers.divisions': none,
  'pickers.levelDivisions': fc
    .oneof(fc.constantFrom('primary', 'basic', 'secondary', 'bac'), smallId(6))
    .map((level): Input => ({ params: { level } })),
  'pickers.optionalSubjects': smallId(40).map((id): Input => ({ params: { id } })),
  'operator.createUser': body(
    fc.record(
      {
        credential: fc.oneof(phone, email),
        password,
        name,
        lastName: name,
        role,
        division: smallId(34),
        verified: fc.boolean(),
        isTest: fc.boolean()
      },
      { requiredKeys: ['credential', 'password', 'name', 'lastName'] }
    )
  ),
  'operator.impersonationLink': body(
    fc.record(
      { userId: smallId(12), adminId: fc.oneof(fc.constant(AN_ADMIN), smallId(40)), redirectTo: fc.constant('RegisterPage') },
      { requiredKeys: ['userId'] }
    )
  ),
  'operator.outbox': fc.option(credential, { nil: undefined }).map((to): Input => ({ query: to ? { to } : {} })),
  'dev.outbox': fc.option(credential, { nil: undefined }).map((to): Input => ({ query: to ? { to } : {} })),
  'health.api': none,
  'health.notify': none,
  'health.progress': none,
  'health.analytics': none,
  'health.sandbox': none,
  ...learningGenerators(),
  ...lessonToolGenerators(),
  ...aroundLessonGenerators(),
  ...offerToolGenerators()
}

/**
 * The operator's offer and coupon tools (decision 0047) and the refunds of orders (decision 0048):
 * offers added to class 16 under new ids (or an id the class has, a class or group of nothing), the
 * fuzz's own pack and primary offer changed (a pack's subjects given to a primary offer refused),
 * coupons of fresh codes (or of one that exists, for offers of nothing), a coupon made at send time
 * disabled, and fresh orders shown and refunded (one refunded already, an id of nothing).
 */
function offerToolGenerators(): Record<string, fc.Arbitrary<Input>> {
  const nothing = fc.integer({ min: 1_000_000, max: 2_147_483_647 })
  const dinars = fc.integer({ min: 0, max: 500_000 }).map((millimes) => millimes / 1000)
  const prices = fc
    .uniqueArray(fc.record({ period: fc.constantFrom('month', 'week', 'rest_of_year'), price: dinars }), {
      minLength: 1,
      maxLength: 3,
      selector: (entry) => entry.period
    })
    .map((entries) => entries.map((entry) => ({ ...entry, finalPrice: entry.price })))
  const subjectList = fc.oneof(
    { weight: 4, arbitrary: dinars.map((price) => [{ subject: toolRef('subject'), price }]) },
    // A subject of another class (or of nothing).
    { weight: 1, arbitrary: fc.tuple(fc.oneof(smallId(300), nothing), dinars).map(([subject, price]) => [{ subject, price }]) }
  )
  const color = fc.stringMatching(/^#[0-9A-Fa-f]{6}$/)
  const position = fc.integer({ min: 0, max: 100_000 })
  const orderId = (refunded: boolean) =>
    fc
      .oneof(
        { weight: 4, arbitrary: fc.constant<string | number>(FRESH.order) },
        { weight: refunded ? 1 : 0, arbitrary: fc.constant<string | number>(FRESH.refundedOrder) },
        { weight: 1, arbitrary: nothing }
      )
      .map((id): Input => ({ params: { id } }))
  return {
    'offerOperator.addOffer': body(
      fc
        .record(
          {
            offerId: fc.oneof(
              { weight: 4, arbitrary: fc.integer({ min: 1_000_000, max: 2_000_000_000 }) },
              { weight: 1, arbitrary: fc.constant(900_002) }
            ),
            division: fc.oneof({ weight: 4, arbitrary: fc.constant(16) }, { weight: 1, arbitrary: nothing }),
            name,
            group: fc.oneof({ weight: 6, arbitrary: fc.constant(toolRef('group')) }, { weight: 1, arbitrary: nothing }),
            type: fc.constantFrom('primary', 'pack'),
            color,
            description: fc.string({ maxLength: 80 }),
            position,
            prices
          },
          { requiredKeys: ['offerId', 'division', 'name', 'group'] }
        )
        // A pack's subjects, for a pack only.
        .chain((offer) =>
          offer.type === 'pack'
            ? fc.option(subjectList, { nil: undefined }).map((subjects) => (subjects ? { ...offer, subjects } : offer))
            : fc.constant(offer)
        )
    ),
    'offerOperator.editOffer': fc
      .record({
        id: fc.oneof(
          { weight: 3, arbitrary: fc.constant<string | number>(toolRef('pack')) },
          { weight: 2, arbitrary: fc.constant<string | number>(toolRef('primary')) },
          { weight: 1, arbitrary: nothing }
        ),
        changes: fc.record(
          { name, color, description: fc.string({ maxLength: 80 }), position, prices, subjects: subjectList, disabled: fc.boolean() },
          { requiredKeys: [] }
        )
      })
      .filter(({ changes }) => Object.keys(changes).length > 0)
      .map(({ id, changes }): Input => ({ params: { id }, body: changes })),
    'offerOperator.addCoupon': body(
      fc
        .record(
          {
            code: fc.oneof(
              { weight: 6, arbitrary: fc.stringMatching(/^FZ[A-Z0-9]{10}$/) },
              { weight: 1, arbitrary: fc.constant('BIENVENUE10') }
            ),
            discount: fc.oneof(
              fc.record({
                discountType: fc.constant('percentage_discount'),
                discountValue: fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100)
              }),
              fc.record({ discountType: fc.constant('fixed'), discountValue: fc.integer({ min: 1, max: 50_000 }).map((n) => n / 1000) })
            ),
            maxUses: fc.integer({ min: 1, max: 1_000_000 }),
            expires: fc
              .date({ min: new Date('2020-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
              .map((d) => d.toISOString().slice(0, 10)),
            offers: fc.oneof(
              { weight: 4, arbitrary: fc.constant([toolRef('packOffer')]) },
              { weight: 1, arbitrary: fc.array(nothing, { maxLength: 2 }) }
            ),
            offerDivisions: fc.oneof(
              { weight: 4, arbitrary: fc.constant([toolRef('primary')]) },
              { weight: 1, arbitrary: fc.array(nothing, { maxLength: 2 }) }
            ),
            allYear: fc.boolean(),
            owner: fc.oneof({ weight: 4, arbitrary: fc.constant<string | number>(SELF) }, { weight: 1, arbitrary: nothing })
          },
          { requiredKeys: ['code', 'discount'] }
        )
        .map(({ discount, ...coupon }) => ({ ...coupon, ...discount }))
    ),
    'offerOperator.disableCoupon': fc
      .oneof({ weight: 3, arbitrary: fc.constant(FRESH.coupon) }, { weight: 1, arbitrary: fc.stringMatching(/^[A-Z0-9]{3,12}$/) })
      .map((code): Input => ({ body: { code } })),
    'refundOperator.showOrder': orderId(false),
    'refundOperator.refundOrder': fc
      .tuple(
        orderId(true),
        fc.record(
          {
            reason: fc.string({ minLength: 1, maxLength: 80 }).filter((text) => text.trim().length > 0),
            language: fc.constantFrom('fr', 'en', 'ar')
          },
          { requiredKeys: [] }
        )
      )
      .map(([input, refund]): Input => ({ ...input, body: refund }))
  }
}

/**
 * Reactions, bookmarks, video reports, assistance videos, attachments and the discount codes: the
 * demo catalogue's lessons, the caller's own reports (pending or not), another pupil's, and ids of
 * nothing or of another class.
 */
function lessonToolGenerators(): Record<string, fc.Arbitrary<Input>> {
  const index = fc.nat(10_000)
  const anyId = fc.oneof(smallId(500), fc.integer({ min: 1, max: 2_147_483_647 }))
  const lessonId = fc.oneof({ weight: 4, arbitrary: index.map((n) => demoRef('lessons', n, 'id')) }, { weight: 1, arbitrary: anyId })
  const range = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('bytes=0-0', 'bytes=0-99', 'bytes=-10', 'bytes=100-', 'bytes=999999999-') },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((tail) => `bytes=${tail}`) }
  )
  const reportBody = fc
    .record(
      {
        content: lessonId,
        reportReason: fc.oneof(
          { weight: 8, arbitrary: index.map((n) => demoRef('reasons', n, 'id')) },
          { weight: 1, arbitrary: anyId },
          { weight: 1, arbitrary: fc.constant(null) }
        ),
        description: fc.oneof(
          { weight: 8, arbitrary: fc.stringMatching(/^[A-Za-zéè ]{0,40}[A-Za-z]$/) },
          { weight: 1, arbitrary: fc.string({ maxLength: VIDEO_REPORT_DESCRIPTION_MAX + 10 }) },
          { weight: 1, arbitrary: fc.constant(null) }
        )
      },
      { requiredKeys: ['content'] }
    )
    .map((value): Input => ({ body: value }))
  const reportId = fc.oneof(
    { weight: 6, arbitrary: fc.constant(FRESH.pending) },
    // Refused: a report no longer pending, another pupil's, or none.
    { weight: 1, arbitrary: fc.constant(FRESH.started) },
    { weight: 1, arbitrary: fc.constant(FRESH.othersReport) },
    { weight: 1, arbitrary: anyId }
  )
  const lessonPath = fc.tuple(index, fc.boolean(), fc.boolean(), fc.constantFrom('slug', 'id', 'idSlug')).map(([n, a, b, part]) => ({
    n,
    params: {
      subject: demoRef('lessons', n, a ? 'subjectSlug' : 'subjectId'),
      chapter: demoRef('lessons', n, b ? 'chapterSlug' : 'chapterId'),
      content: demoRef('lessons', n, part)
    }
  }))
  return {
    'reactions.reactions': lessonId.map((contentId): Input => ({ params: { contentId } })),
    'reactions.react': body(
      fc.record({ content_id: lessonId, reaction_type: fc.oneof(fc.constantFrom(...REACTION_TYPES), fc.constant(null)) })
    ),
    'reactions.toggleBookmark': fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(lessonPath, fc.nat(3)).map(([{ n, params }, shape]): Input => ({
          params,
          // No body, the path's lesson named again, or another lesson's ids (refused).
          ...(shape === 0
            ? {}
            : shape === 1
              ? { body: { chapter: demoRef('lessons', n, 'chapterId'), content: demoRef('lessons', n, 'id') } }
              : shape === 2
                ? { body: null }
                : { body: { content: demoRef('lessons', n + 1, 'id') } })
        }))
      },
      {
        weight: 1,
        arbitrary: fc.tuple(index, anyId).map(([n, content]): Input => ({
          params: { subject: demoRef('lessons', n, 'subjectId'), chapter: demoRef('lessons', n, 'chapterId'), content }
        }))
      }
    ),
    'reactions.bookmarks': none,
    'videoReports.reasons': none,
    'videoReports.reports': none,
    'videoReports.create': reportBody,
    'videoReports.update': fc.tuple(reportId, reportBody).map(([id, input]): Input => ({ ...input, params: { id } })),
    'videoReports.remove': reportId.map((id): Input => ({ params: { id } })),
    'videoReportOperator.reports': fc
      .option(fc.constantFrom(...VIDEO_REPORT_STATUSES), { nil: undefined })
      .map((status): Input => ({ query: status ? { status } : {} })),
    'videoReportOperator.decide': fc
      .record({
        id: fc.oneof(
          { weight: 2, arbitrary: fc.constant(FRESH.pending) },
          { weight: 2, arbitrary: fc.constant(FRESH.started) },
          { weight: 1, arbitrary: anyId }
        ),
        decision: fc.constantFrom('start', 'reject', 'resolve'),
        body: fc.option(
          fc.record(
            { reject_reason: fc.string({ minLength: 1, maxLength: 60 }).filter((text) => text.trim().length > 0) },
            { requiredKeys: [] }
          ),
          { nil: undefined }
        )
      })
      .map(({ id, decision, body: sent }): Input => ({ params: { id, decision }, ...(sent ? { body: sent } : {}) })),
    'assistance.videoLinks': none,
    'assistance.video': fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(index, fc.option(range, { nil: undefined, freq: 2 })).map(([n, header]): Input => ({
          params: { id: demoRef('assistance', n, 'id') },
          ...(header ? { headers: { range: header } } : {})
        }))
      },
      // A video of an https address (no bytes here), or none.
      { weight: 1, arbitrary: fc.constant<Input>({ params: { id: FRESH.assistance } }) },
      { weight: 1, arbitrary: anyId.map((id): Input => ({ params: { id } })) }
    ),
    'assistanceOperator.videoLinks': none,
    'assistanceOperator.addVideoLink': body(
      fc
        .record(
          {
            title: name,
            description: fc.string({ maxLength: 80 }),
            position: fc.integer({ min: 0, max: 100_000 }),
            source: fc.oneof(
              {
                weight: 2,
                arbitrary: fc.constantFrom('demo/lessons/lesson-a.webm', 'demo/lessons/lesson-b.webm').map((file) => ({ file }))
              },
              { weight: 2, arbitrary: fc.webUrl({ validSchemes: ['https'] }).map((url) => ({ url })) },
              // A key of nothing, a file of the store that is no video, both or neither (refused).
              {
                weight: 1,
                arbitrary: fc.constantFrom(
                  { file: 'demo/nothing/here.mp4' },
                  { file: 'demo/lessons/lesson-a.webm', url: 'https://example.org/v.mp4' },
                  {}
                )
              }
            )
          },
          { requiredKeys: ['title', 'source'] }
        )
        .map(({ source, ...rest }) => ({ ...rest, ...source }))
    ),
    'assistanceOperator.removeVideoLink': fc
      .oneof({ weight: 3, arbitrary: fc.constant(FRESH.assistance) }, { weight: 1, arbitrary: anyId })
      .map((id): Input => ({ params: { id } })),
    'attachments.download': fc.oneof(
      {
        weight: 5,
        arbitrary: index.map((n): Input => ({
          params: { id: attachmentRef(n, 'id') },
          query: { u: attachmentRef(n, 'u'), expires: attachmentRef(n, 'expires'), signature: attachmentRef(n, 'signature') }
        }))
      },
      // Another file's address, or a signature of nothing.
      {
        weight: 1,
        arbitrary: fc.tuple(index, anyId).map(([n, id]): Input => ({
          params: { id },
          query: { u: attachmentRef(n, 'u'), expires: attachmentRef(n, 'expires'), signature: attachmentRef(n, 'signature') }
        }))
      },
      { weight: 1, arbitrary: forgedAddress(anyId) }
    ),
    'attachmentOperator.attach': fc
      .record({
        id: fc.oneof(
          { weight: 4, arbitrary: fc.constant(toolRef('lesson')) },
          { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2_147_483_647 }) }
        ),
        name: fc.stringMatching(/^[\w .()-]{1,40}$/).filter((text) => text.trim().length > 0),
        content: fc.oneof(
          { weight: 3, arbitrary: fc.constant(new Uint8Array(TINY_PNG)) },
          { weight: 1, arbitrary: fc.constant(new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')) },
          // Bytes of no accepted type.
          { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) }
        ),
        type: fc.oneof(
          { weight: 4, arbitrary: fc.constant('application/octet-stream') },
          { weight: 1, arbitrary: fc.constantFrom('image/png', 'text/plain') }
        )
      })
      .map(({ id, name: fileName, content, type }): Input => ({ params: { id }, query: { name: fileName }, bytes: { content, type } })),
    'offers.offers': none,
    'offers.applyCode': fc
      .tuple(
        fc.record({
          // One code at a time: mostly one applied after removing the caller's (see unappliedRef), else refused as a second one.
          code: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom('BIENVENUE10', 'BIENVENUE10', 'GOLD5', 'ANNEE20').map(unappliedRef) },
            { weight: 1, arbitrary: fc.constantFrom('BIENVENUE10', 'UNSEUL', 'EXPIRE2025', 'INACTIF', 'CPNOBODY') },
            { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }
          ),
          offerId: fc.oneof({ weight: 4, arbitrary: index.map((n) => demoRef('offerCards', n, 'id')) }, { weight: 1, arbitrary: anyId })
        }),
        // Mostly the card's own period; sometimes months or the rest of the year, which some cards refuse.
        fc.oneof(
          { weight: 3, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: fc.record({ quantity: fc.integer({ min: 1, max: 12 }), allYear: fc.boolean() }, { requiredKeys: [] }) }
        )
      )
      .map(([code, period]): Input => ({ body: { ...code, ...period } })),
    'offers.appliedCodes': none,
    'offers.removeCode': fc
      .oneof({ weight: 3, arbitrary: fc.constant(FRESH.code) }, { weight: 1, arbitrary: anyId })
      .map((id): Input => ({ params: { id } })),
    'offers.cancelSubscription': fc
      .oneof(
        { weight: 3, arbitrary: fc.constant(FRESH.subscription) },
        { weight: 1, arbitrary: fc.constantFrom(FRESH.endedSubscription, FRESH.othersSubscription) },
        { weight: 1, arbitrary: anyId }
      )
      .map((id): Input => ({ params: { id } })),
    ...operatorPlanGenerators(anyId)
  }
}

/**
 * The operator plans (decision 0046): checkouts on any number for the caller's class or another,
 * the return links naming the caller's plan or any, and the operator's notifications, mostly the
 * first charge of a fresh pending plan, signed; else any event or period, a replayed transaction
 * id, or a forged signature.
 */
function operatorPlanGenerators(anyId: fc.Arbitrary<number>): Record<string, fc.Arbitrary<Input>> {
  const checkout = body(
    fc.record({
      recurrence: fc.constantFrom<string | number>('1', '7', 1, 7),
      phone,
      division: fc.oneof({ weight: 4, arbitrary: fc.constant(FUZZ_CLASS) }, { weight: 1, arbitrary: smallId(40) })
    })
  )
  const returnQuery = fc
    .record(
      {
        subscriptionId: fc.oneof(fc.constant(FRESH.plan), anyId.map(String)),
        transactionId: fc.stringMatching(/^[\w-]{1,20}$/),
        status: fc.constantFrom('success', 'failed', 'cancelled'),
        front: fc.constantFrom('1', 'true')
      },
      { requiredKeys: [] }
    )
    .map((query): Input => ({ query }))
  const forged = fc.stringMatching(/^[0-9a-f]{64}$/)
  return {
    'operatorBilling.offers': none,
    'operatorBilling.landingCheckout': body(
      fc.record({
        recurrence: fc.constantFrom<string | number>('1', '7', 1, 7),
        phone: fc.oneof({ weight: 3, arbitrary: fc.constant(PROVEN_PHONE) }, { weight: 1, arbitrary: phone }),
        division: fc.oneof({ weight: 4, arbitrary: fc.constant(FUZZ_CLASS) }, { weight: 1, arbitrary: smallId(40) })
      })
    ),
    'operatorBilling.checkout': checkout,
    'operatorBilling.operatorCheckout': checkout,
    'operatorBilling.plan': none,
    'operatorBilling.unsubscribe': none,
    'operatorBilling.success': returnQuery,
    'operatorBilling.failure': returnQuery,
    'operatorBilling.landingSuccess': fc
      .record(
        {
          subscriptionId: fc.oneof(fc.constant(FRESH.plan), anyId.map(String)),
          transactionId: fc.stringMatching(/^[\w-]{1,20}$/),
          status: fc.constantFrom('success', 'charged'),
          reference: fc.oneof(forged, fc.stringMatching(/^[\w-]{0,40}$/)),
          front: fc.constantFrom('1', 'true')
        },
        { requiredKeys: [] }
      )
      .map((query): Input => ({ query })),
    'operatorBilling.notify': fc.oneof(
      {
        weight: 3,
        arbitrary: fc.stringMatching(/^[\w-]{1,32}$/).map((transactionId): Input => ({
          body: { transactionId, subscriptionId: FRESH.plan, event: 'charged', period: 1 },
          headers: { 'x-operator-signature': SIGNED }
        }))
      },
      {
        weight: 2,
        arbitrary: fc
          .record({
            // The same transaction id again and again: replays after the first.
            transactionId: fc.oneof(fc.constant('fuzz-replayed'), fc.stringMatching(/^[\w-]{1,32}$/)),
            subscriptionId: fc.oneof(fc.constant(FRESH.plan), anyId),
            event: fc.constantFrom('charged', 'charge_failed', 'unsubscribed'),
            period: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined })
          })
          .chain((notification) =>
            fc
              .oneof({ weight: 3, arbitrary: fc.constant(SIGNED) }, { weight: 1, arbitrary: forged })
              .map((signature): Input => ({ body: notification, headers: { 'x-operator-signature': signature } }))
          )
      }
    )
  }
}

/** The learning, progress and content tool routes: the demo catalogue's objects by slug or id, and ids of nothing or of another class. */
function learningGenerators(): Record<string, fc.Arbitrary<Input>> {
  const index = fc.nat(10_000)
  const anyId = fc.oneof(smallId(500), fc.integer({ min: 1, max: 2_147_483_647 }))
  const chapterRoute = (list: 'chapters' | 'recordings') =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(index, fc.boolean(), fc.boolean()).map(([n, a, b]): Input => ({
          params: { subject: demoRef(list, n, a ? 'subjectSlug' : 'subjectId'), chapter: demoRef(list, n, b ? 'slug' : 'id') }
        }))
      },
      // Another subject's chapter, or an id that names nothing.
      {
        weight: 1,
        arbitrary: fc.tuple(index, anyId).map(([n, chapter]): Input => ({ params: { subject: demoRef(list, n, 'subjectId'), chapter } }))
      }
    )
  const lessonPart = fc.constantFrom('slug', 'id', 'idSlug')
  // Mostly ranges it can serve: the success answer (200 or 206) must come up in a few runs.
  const range = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('bytes=0-0', 'bytes=0-99', 'bytes=-10', 'bytes=100-', 'bytes=0-1,5-9', 'bytes=999999999-') },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((tail) => `bytes=${tail}`) }
  )
  const sign = (n: number) => ({ u: signedRef(n, 'u'), expires: signedRef(n, 'expires'), signature: signedRef(n, 'signature') })
  const tick = fc
    .record({
      n: index,
      viewToken: fc.stringMatching(/^[A-Za-z0-9_-]{8,24}$/),
      sequence: fc.nat(6),
      from: fc.integer({ min: 0, max: 19 }),
      span: fc.integer({ min: 0, max: 5 }),
      state: fc.constantFrom('playing', 'paused', 'skipped_forward'),
      place: fc.boolean()
    })
    .map(({ n, from, span, place, ...rest }): Input => ({
      body: {
        contentId: demoRef('videos', n, 'id'),
        ...rest,
        from,
        watchedTime: from + span,
        at: NOW,
        ...(place ? { chapterId: demoRef('videos', n, 'chapterId'), subjectId: demoRef('videos', n, 'subjectId') } : {})
      }
    }))
  const slug = fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,8}){0,2}$/)
  const position = fc.integer({ min: 0, max: 100_000 })
  const mp4Type = fc.constantFrom('application/octet-stream', 'video/mp4', 'video/webm')
  return {
    'learning.chapters': fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(index, fc.boolean())
          .map(([n, bySlug]): Input => ({ params: { slug: demoRef('subjects', n, bySlug ? 'slug' : 'id') } }))
      },
      { weight: 1, arbitrary: anyId.map((slug): Input => ({ params: { slug } })) }
    ),
    'learning.chapterContents': chapterRoute('chapters'),
    'learning.recordingContents': fc.oneof(chapterRoute('recordings'), chapterRoute('chapters')),
    'learning.lesson': fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(index, fc.boolean(), fc.boolean(), lessonPart).map(([n, a, b, part]): Input => ({
          params: {
            subject: demoRef('lessons', n, a ? 'subjectSlug' : 'subjectId'),
            chapter: demoRef('lessons', n, b ? 'chapterSlug' : 'chapterId'),
            content: demoRef('lessons', n, part)
          }
        }))
      },
      {
        weight: 1,
        arbitrary: fc.tuple(index, anyId).map(([n, content]): Input => ({
          params: { subject: demoRef('lessons', n, 'subjectId'), chapter: demoRef('lessons', n, 'chapterId'), content }
        }))
      }
    ),
    'learning.lessonVideo': fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(index, fc.option(range, { nil: undefined, freq: 2 })).map(([n, header]): Input => ({
          params: { id: signedRef(n, 'id') },
          query: sign(n),
          ...(header ? { headers: { range: header } } : {})
        }))
      },
      // Another video's address, or a signature of nothing.
      { weight: 1, arbitrary: fc.tuple(index, anyId).map(([n, id]): Input => ({ params: { id }, query: sign(n) })) },
      { weight: 1, arbitrary: forgedAddress(anyId) }
    ),
    'progress.subjectProgress': fc.oneof(
      { weight: 4, arbitrary: index.map((n): Input => ({ params: { id: demoRef('subjects', n, 'id') } })) },
      { weight: 1, arbitrary: anyId.map((id): Input => ({ params: { id } })) }
    ),
    'progress.subjectChaptersProgress': fc.oneof(
      { weight: 4, arbitrary: index.map((n): Input => ({ params: { id: demoRef('subjects', n, 'id') } })) },
      { weight: 1, arbitrary: anyId.map((id): Input => ({ params: { id } })) }
    ),
    'progress.chapterContentsProgress': fc.oneof(
      { weight: 4, arbitrary: index.map((n): Input => ({ params: { id: demoRef('chapters', n, 'id') } })) },
      { weight: 1, arbitrary: anyId.map((id): Input => ({ params: { id } })) }
    ),
    'progress.postProgress': fc.oneof(
      { weight: 4, arbitrary: tick },
      // A lesson without a video, of another class or of nothing.
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            tick,
            fc.oneof(
              index.map((n) => demoRef('lessons', n, 'id')),
              anyId
            )
          )
          .map(([input, contentId]): Input => ({ body: { ...(input.body as object), contentId } }))
      }
    ),
    'learningOperator.catalogue': fc
      .oneof(fc.constant(16), fc.constant(FUZZ_CLASS), smallId(40))
      .map((division): Input => ({ query: { division } })),
    'learningOperator.createSubject': body(
      fc.record(
        {
          division: fc.oneof(fc.constant(16), smallId(40)),
          name,
          slug,
          color: fc.stringMatching(/^#[0-9A-Fa-f]{6}$/),
          thumbnail: fc.webUrl({ validSchemes: ['https'] }),
          position,
          visible: fc.boolean(),
          oId: smallId(20)
        },
        { requiredKeys: ['division', 'name'] }
      )
    ),
    'learningOperator.createChapter': body(
      fc.record(
        {
          subject: fc.oneof({ weight: 4, arbitrary: fc.constant(toolRef('subject')) }, { weight: 1, arbitrary: anyId }),
          name,
          slug,
          type: fc.constantFrom('course', 'recording', 'exam', 'divers'),
          section: name,
          instructor: name,
          position
        },
        { requiredKeys: ['subject', 'name', 'section'] }
      )
    ),
    'learningOperator.createLesson': body(
      fc.record(
        {
          chapter: fc.oneof({ weight: 4, arbitrary: fc.constant(toolRef('chapter')) }, { weight: 1, arbitrary: anyId }),
          name,
          slug,
          type: fc.constantFrom(1, 2, 3, 6, 7),
          free: fc.boolean(),
          instructor: fc.record(
            { name, last_name: name, description: fc.string({ maxLength: 40 }) },
            { requiredKeys: ['name', 'last_name'] }
          ),
          position,
          rtl: fc.boolean()
        },
        { requiredKeys: ['chapter', 'name'] }
      )
    ),
    'learningOperator.setLessonRtl': fc
      .record({
        id: toolIdOr('magazine', 'lesson'),
        rtl: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.anything() })
      })
      .map(({ id, rtl }): Input => ({ params: { id }, body: { rtl } })),
    'learningOperator.uploadLessonVideo': fc
      .record({
        id: toolIdOr('lesson', 'magazine'),
        content: fc.oneof(
          { weight: 3, arbitrary: fc.constant(tinyMp4Bytes()) },
          // A truncated file, or bytes of no video at all.
          { weight: 1, arbitrary: fc.nat(60).map((length) => tinyMp4Bytes().subarray(0, length)) },
          { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) }
        ),
        type: mp4Type
      })
      .map(({ id, content, type }): Input => ({ params: { id }, bytes: { content, type } }))
  }
}

// Any code unit, control characters and NUL included (PostgreSQL refuses NUL in text).
const junkValue = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('abc\u0000def'),
  fc.constant(null),
  fc.integer(),
  fc.constant('x'.repeat(5000))
)

/** One field dropped, retyped or added. */
function mutate(input: Input): fc.Arbitrary<Input> {
  const options: Array<fc.Arbitrary<Input>> = []
  for (const part of ['body', 'query', 'params'] as const) {
    const value = input[part]
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue
    const keys = Object.keys(value)
    if (keys.length > 0) {
      options.push(
        fc.constantFrom(...keys).map((key) => {
          const copy = { ...(value as Record<string, unknown>) }
          delete copy[key]
          return { ...input, [part]: copy }
        })
      )
      options.push(
        fc
          .tuple(fc.constantFrom(...keys), junkValue)
          .map(([key, junk]) => ({ ...input, [part]: { ...(value as Record<string, unknown>), [key]: junk } }))
      )
    }
    options.push(
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 20 }), junkValue)
        .map(([key, junk]) => ({ ...input, [part]: { ...(value as Record<string, unknown>), [key]: junk } }))
    )
  }
  return options.length > 0 ? fc.oneof(...options) : fc.constant(input)
}

function junkParamsOf(endpoint: Endpoint): fc.Arbitrary<Record<string, string>> {
  const paramNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  return fc
    .tuple(...paramNames.map(() => fc.string({ maxLength: 40 })))
    .map((values) => Object.fromEntries(paramNames.map((n, i) => [n, values[i]!])))
}

/** At least one unknown query key: a route whose whole input is an optional query refuses it. */
function unknownQueryKeys(endpoint: Endpoint): fc.Arbitrary<Input> {
  return fc.record({
    params: junkParamsOf(endpoint),
    query: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 50 }), { minKeys: 1 }),
    body: fc.jsonValue()
  })
}

function invalid(endpoint: Endpoint, validInput: fc.Arbitrary<Input>): fc.Arbitrary<Input> {
  return fc.oneof(
    validInput.chain(mutate),
    unknownQueryKeys(endpoint),
    fc.record({ params: junkParamsOf(endpoint), raw: fc.string({ maxLength: 200 }) })
  )
}

/** The account each route is called as; it changes when the route signs in, out or changes the password. */
type Caller = { userId: number; token: string; refresh: string; signed?: Map<string, URL> }

async function callerFor(endpoint: Endpoint): Promise<Caller> {
  // Confirmation, resend and correcting the credential are for accounts still waiting for their code.
  const waiting: Endpoint[] = [accountsEndpoints.confirmRegistration, accountsEndpoints.resendCode, accountsEndpoints.changeCredential]
  const verified = !waiting.includes(endpoint)
  const userId = await createUser(server.app, {
    credential: uniquePhone(),
    role: endpoint.access === 'admin' ? 'admin' : 'student',
    division: FUZZ_CLASS,
    verified
  })
  // The avatar is for complete profiles only.
  await server.app.services.database.db.update(users).set({ completed: true }).where(eq(users.id, userId))
  // A subscription opening every subject of the class: the lessons play and their ticks count.
  const learning: Endpoint[] = [
    ...Object.values(learningEndpoints),
    ...Object.values(progressEndpoints),
    ...Object.values(reactionEndpoints),
    ...Object.values(videoReportEndpoints),
    ...Object.values(attachmentEndpoints)
  ]
  if (learning.includes(endpoint)) {
    await server.app.services.database.db
      .insert(userOffers)
      .values({ userId, groupId: 112, startDate: '2020-01-01', endDate: '2100-01-01' })
  }
  const tokens = await server.app.services.sessions.start(userId)
  const caller = { userId, token: tokens.token, refresh: tokens.refreshToken }
  // A plan the operator charged: the pupil's plan, its return and its unsubscription have one to answer.
  if (Object.values<Endpoint>(operatorBillingEndpoints).includes(endpoint)) {
    const plan = await pendingPlan(caller)
    await deliver(server.app.services, { transactionId: `fuzz-${plan}-1`, subscriptionId: plan, event: 'charged', period: 1 })
  }
  return caller
}

/** The file name of the caller's avatar, uploading one first if there is none. */
async function ownAvatar(caller: Caller): Promise<string> {
  const [row] = await server.app.services.database.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, caller.userId))
  if (row?.avatar) return row.avatar.split('/').pop()!
  const { payload, contentType } = multipartBody([{ name: 'avatar', filename: 'a.png', content: TINY_PNG }])
  const reply = await server.app.inject({
    method: 'POST',
    url: '/api/user/avatar',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${caller.token}` }
  })
  return String((reply.json() as { avatar: string }).avatar)
    .split('/')
    .pop()!
}

function multipartBody(files: NonNullable<Input['files']>): { payload: Buffer; contentType: string } {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW'
  const chunks: Buffer[] = []
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`
      )
    )
    chunks.push(Buffer.from(file.content), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** A one-page PDF poppler reads. */
function onePagePdf(): Uint8Array {
  return new TextEncoder().encode(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      ''
    ].join('\n')
  )
}

/** A part of the signed address of a page of the class's magazines (n picks the page), from the lesson's answer to the caller. */
const pageRef = (n: number, part: string) => `<page:${n}:${part}>`
/** The caller's answers to the n-th quiz: the first option of each question (`answers`), or a question of another quiz (`foreign`). */
const quizAnswersRef = (n: number, kind: 'answers' | 'foreign') => `<quiz:${n}:${kind}>`

/**
 * The quizzes (the demo quiz of the class, unknown ids) and the magazine pages (addresses signed
 * for the caller, borrowed from another page, forged or of nothing), and their operator steps.
 */
function aroundLessonGenerators(): Record<string, fc.Arbitrary<Input>> {
  const index = fc.nat(1000)
  const quizId = fc.oneof(
    { weight: 4, arbitrary: index.map((n) => demoRef('quizzes', n, 'id')) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2_147_483_647 }) }
  )
  const signed = (n: number) => ({ u: pageRef(n, 'u'), expires: pageRef(n, 'expires'), signature: pageRef(n, 'signature') })
  return {
    'quizzes.quiz': quizId.map((id): Input => ({ params: { id } })),
    'quizzes.submit': fc
      .record({
        id: quizId,
        n: index,
        attempt: fc.uuid({ version: 4 }),
        answers: fc.oneof(
          { weight: 4, arbitrary: fc.constant('answers' as const) },
          { weight: 1, arbitrary: fc.constant('foreign' as const) },
          {
            weight: 1,
            arbitrary: fc.array(fc.record({ question_id: fc.integer({ min: 1, max: 2_000_000 }), option_ids: fc.array(fc.nat(5000)) }), {
              maxLength: 3
            })
          }
        )
      })
      .map(({ id, n, attempt, answers }): Input => ({
        params: { id },
        body: { attempt_id: attempt, answers: typeof answers === 'string' ? quizAnswersRef(n, answers) : answers }
      })),
    'quizOperator.addQuiz': fc
      .record({
        id: fc.oneof(
          { weight: 3, arbitrary: fc.constant(FRESH.quizLesson) },
          { weight: 1, arbitrary: fc.constant(toolRef('lesson')) },
          { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2_147_483_647 }) }
        ),
        title: fc.string({ minLength: 1, maxLength: 40 }),
        right: fc.boolean()
      })
      .map(({ id, title, right }): Input => ({
        params: { id },
        body: {
          title,
          questions: [
            {
              text: 'Deux plus deux ?',
              options: [
                { text: '4', correct: right },
                { text: '5', correct: !right }
              ]
            }
          ]
        }
      })),
    'magazines.page': fc.oneof(
      { weight: 3, arbitrary: index.map((n): Input => ({ params: { id: pageRef(n, 'id') }, query: signed(n) })) },
      // Another page's address, or a forged one.
      { weight: 1, arbitrary: fc.tuple(index, fc.nat(1_000_000)).map(([n, id]): Input => ({ params: { id }, query: signed(n) })) },
      { weight: 1, arbitrary: forgedAddress(fc.nat(1_000_000)) }
    ),
    'magazineOperator.upload': fc
      .record({
        id: toolIdOr('magazine', 'lesson'),
        content: fc.oneof({ weight: 3, arbitrary: fc.constant(onePagePdf()) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) })
      })
      .map(({ id, content }): Input => ({ params: { id }, bytes: { content, type: 'application/octet-stream' } }))
  }
}

/** The caller's answers to the n-th quiz (see quizAnswersRef). */
async function quizAnswers(n: number, kind: 'answers' | 'foreign', caller: Caller): Promise<unknown> {
  const quizOf = async (id: number) => {
    const reply = await server.app.inject({
      method: 'GET',
      url: `/api/student/quizzes/${id}`,
      headers: { authorization: `Bearer ${caller.token}` }
    })
    expect(reply.statusCode, reply.body).toBe(200)
    return reply.json() as Quiz
  }
  const quiz = await quizOf(catalogue.quizzes[n % catalogue.quizzes.length]!.id)
  const answers = quiz.questions.map((question) => ({ question_id: question.id, option_ids: [question.options[0]!.id] }))
  // A question no quiz of the class has (the next id after the last one): a question of another quiz or of none.
  if (kind === 'foreign') answers.push({ question_id: Math.max(...quiz.questions.map((question) => question.id)) + 1, option_ids: [] })
  return answers
}

/**
 * The signed address of the n-th video lesson's video, of the n-th attached lesson's file or of a
 * page of a magazine, from the lesson's answer to the caller (kept: the clock stands still).
 */
async function signedAddress(n: number, caller: Caller, kind: 'video' | 'attachment' | 'page' = 'video'): Promise<URL> {
  const list = kind === 'video' ? catalogue.videos : kind === 'attachment' ? catalogue.attached : catalogue.magazines
  const lesson = list[n % list.length]!
  caller.signed ??= new Map()
  let url = caller.signed.get(`${kind}:${lesson.id}`)
  if (!url) {
    const reply = await server.app.inject({
      method: 'GET',
      url: `/api/student/subjects/${lesson.subjectSlug}/chapters/${lesson.chapterSlug}/contents/${lesson.slug}`,
      headers: { authorization: `Bearer ${caller.token}` }
    })
    const answer = reply.json() as Lesson
    const address =
      kind === 'video'
        ? answer.content?.content_videos[0]?.url
        : kind === 'attachment'
          ? answer.attachments?.[0]?.url
          : answer.pages[n % Math.max(1, answer.pages.length)]?.url
    expect(address, reply.body).toBeTruthy()
    url = new URL(address!, 'http://api')
    caller.signed.set(`${kind}:${lesson.id}`, url)
  }
  return url
}

/** A video report made at send time (see FRESH). */
async function freshReport(userId: number, status: 'pending' | 'in_progress'): Promise<number> {
  const now = server.clock.now()
  const [row] = await server.app.services.database.db
    .insert(videoReports)
    .values({
      userId,
      contentId: catalogue.videos[0]!.id,
      reasonId: catalogue.reasons[0]!.id,
      description: 'La vidéo se fige',
      status,
      createdAt: now,
      updatedAt: now
    })
    .returning({ id: videoReports.id })
  return row!.id
}

/** How each value of FRESH is made at send time for the caller. */
const freshValues: Record<keyof typeof FRESH, (caller: Caller) => Promise<number | string>> = {
  pending: (caller) => freshReport(caller.userId, 'pending'),
  started: (caller) => freshReport(caller.userId, 'in_progress'),
  othersReport: () => freshReport(otherPupil, 'pending'),
  assistance: async () =>
    (
      await addAssistanceVideo(
        server.app.services.database.db,
        server.app.services.storage,
        { title: 'Aide', url: 'https://example.org/aide.mp4' },
        server.clock.now()
      )
    ).id,
  quizLesson: async () =>
    (
      await createLesson(
        server.app.services.database.db,
        {
          chapter: tools.chapter,
          name: 'Quiz du fuzz',
          slug: `quiz-du-fuzz-${Math.random().toString(36).slice(2, 10)}`,
          type: 7,
          free: false,
          rtl: false
        },
        server.clock.now()
      )
    ).id,
  code: async (caller) => {
    const reply = await server.app.inject({
      method: 'POST',
      url: '/api/student/discount-code',
      headers: { authorization: `Bearer ${caller.token}` },
      payload: { code: 'BIENVENUE10', offerId: catalogue.offerCards[0]!.id }
    })
    expect(reply.statusCode, reply.body).toBe(200)
    return (reply.json() as { discount_code: { id: number } }).discount_code.id
  },
  plan: (caller) => pendingPlan(caller),
  subscription: (caller) => subscriptionOf(caller.userId, '2100-01-01'),
  endedSubscription: (caller) => subscriptionOf(caller.userId, '2020-12-31'),
  othersSubscription: () => subscriptionOf(otherPupil, '2100-01-01'),
  order: () => freshOrder(),
  refundedOrder: async () => {
    const id = await freshOrder()
    await refundOrder(server.app.services.database.db, id, {
      reason: null,
      at: server.clock.now(),
      notifications: server.app.services.notifications,
      language: 'fr'
    })
    return id
  },
  coupon: async () => (await addCoupon(server.app.services.database.db, { ...couponBody(), allYear: false }, server.clock.now())).code
}

/** A coupon of a fresh code (never a CP… referral code): 10 % off. */
function couponBody() {
  return {
    code: `FZ${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    discountType: 'percentage_discount' as const,
    discountValue: 10
  }
}

/** A month of offer 112 bought with points by a fresh pupil of the fuzz class: an order to refund. */
async function freshOrder(): Promise<number> {
  const buyer = await newPupil(server.app, { points: 100 })
  const reply = await server.app.inject({
    method: 'POST',
    url: '/api/student/checkout/buy',
    headers: { authorization: `Bearer ${buyer.token}` },
    payload: { offerDivisionDetail: tools.orderCard, period: 'month' }
  })
  expect(reply.statusCode, reply.body).toBe(201)
  return (reply.json() as { order: { id: number } }).order.id
}

/** A subscription (group 112) of the pupil's from 2020 to `endDate`. */
async function subscriptionOf(userId: number, endDate: string): Promise<number> {
  const [row] = await server.app.services.database.db
    .insert(userOffers)
    .values({ userId, groupId: 112, startDate: '2020-01-01', endDate })
    .returning({ id: userOffers.id })
  return row!.id
}

/** A checkout of the caller's on a fresh number: its plan waits for the operator's notification. */
async function pendingPlan(caller: Caller): Promise<number> {
  const reply = await server.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { authorization: `Bearer ${caller.token}` },
    payload: { recurrence: '1', phone: uniquePhone(), division: FUZZ_CLASS }
  })
  expect(reply.statusCode, reply.body).toBe(200)
  return OperatorCheckoutResponseSchema.parse(reply.json()).payload.subscription.id
}

async function fill(value: unknown, caller: Caller): Promise<unknown> {
  if (value === CAPTCHA) return captcha(server.app)
  if (value === NOW) return server.clock.now().getTime()
  if (typeof value === 'string') {
    const demoItem = /^<demo:(\w+):(\d+):(\w+)>$/.exec(value)
    if (demoItem) {
      const list = catalogue[demoItem[1] as keyof typeof catalogue] as Array<Record<string, unknown>>
      return list[Number(demoItem[2]) % list.length]![demoItem[3]!]
    }
    const tool = /^<tools:(\w+)>$/.exec(value)
    if (tool) return tools[tool[1] as keyof typeof tools]
    const answers = /^<quiz:(\d+):(answers|foreign)>$/.exec(value)
    if (answers) return quizAnswers(Number(answers[1]), answers[2] as 'answers' | 'foreign', caller)
    const signed = /^<(signed|attachment|page):(\d+):(\w+)>$/.exec(value)
    if (signed) {
      const url = await signedAddress(
        Number(signed[2]),
        caller,
        signed[1] === 'signed' ? 'video' : signed[1] === 'attachment' ? 'attachment' : 'page'
      )
      return signed[3] === 'id' ? Number(url.pathname.split('/').pop()) : url.searchParams.get(signed[3]!)
    }
    const unapplied = /^<unapplied:(\w+)>$/.exec(value)
    if (unapplied) {
      const headers = { authorization: `Bearer ${caller.token}` }
      const applied = await server.app.inject({ method: 'GET', url: '/api/student/discount-code', headers })
      for (const { id } of (applied.json() as { payload: Array<{ id: number }> }).payload) {
        await server.app.inject({ method: 'DELETE', url: `/api/student/discount-code/${id}`, headers })
      }
      return unapplied[1]
    }
    const fresh = /^<fresh:(\w+)>$/.exec(value)
    if (fresh) return freshValues[fresh[1] as keyof typeof FRESH](caller)
  }
  if (value === SELF) return caller.userId
  if (value === OWN_AVATAR) return ownAvatar(caller)
  if (value === PROVEN_PHONE) {
    const number = uniquePhone()
    const id = await createUser(server.app, { credential: number, division: FUZZ_CLASS })
    await server.app.services.database.db.update(users).set({ phoneVerified: true }).where(eq(users.id, id))
    return number
  }
  if (value === AN_ADMIN) {
    const [admin] = await server.app.services.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
    return admin?.id ?? 1
  }
  if (value === REFRESH) return caller.refresh
  // A fresh administrator's switch token for the caller (its exchange is single use).
  if (value === SWITCH) return (await server.app.services.sessions.startImpersonation(caller.userId, caller.userId)).token
  if (Array.isArray(value)) return Promise.all(value.map((item) => fill(item, caller)))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) out[key] = await fill(inner, caller)
    return out
  }
  return value
}

async function send(endpoint: Endpoint, input: Input, caller: Caller) {
  const params = input.params ? ((await fill(input.params, caller)) as Record<string, unknown>) : undefined
  // A junk object is sent as its JSON (String() throws for one whose toString is no function).
  const segment = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? 'x'))
  const path = endpoint.path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(segment(params?.[param])))
  const headers: Record<string, string> = { ...input.headers }
  if (endpoint.access === 'operator') headers['x-operator-key'] = server.app.services.secrets.operatorKey
  else if (endpoint.access !== 'public') headers.authorization = `Bearer ${caller.token}`
  let payload: string | Buffer | undefined
  if (endpoint.method !== 'GET') {
    if (input.bytes) {
      headers['content-type'] = input.bytes.type
      payload = Buffer.from(input.bytes.content)
    } else if (input.files) {
      const body = multipartBody(input.files)
      headers['content-type'] = body.contentType
      payload = body.payload
    } else if (input.raw !== undefined) {
      headers['content-type'] = 'application/json'
      payload = input.raw
    } else if (input.form && input.body && typeof input.body === 'object') {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = new URLSearchParams(
        Object.entries((await fill(input.body, caller)) as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)])
      ).toString()
    } else if (input.body !== undefined) {
      headers['content-type'] = 'application/json'
      const filled = await fill(input.body, caller)
      if (headers['x-operator-signature'] === SIGNED)
        headers['x-operator-signature'] = signNotification(
          notificationKey(server.app.services.secrets.codeSecret),
          filled as Parameters<typeof signNotification>[1]
        )
      payload = JSON.stringify(filled)
    }
  }
  const query = input.query
    ? Object.fromEntries(
        Object.entries((await fill(input.query, caller)) as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v)
        ])
      )
    : undefined
  const reply = await server.app.inject({
    method: endpoint.method,
    url: `${servicePrefixes[endpoint.service]}${path}`,
    query,
    headers,
    payload
  })
  return {
    status: reply.statusCode,
    body: reply.headers['content-type']?.toString().includes('json') ? (reply.json() as unknown) : reply.body
  }
}

/** Keeps the caller signed in through logout, refresh, confirmation and password changes. */
async function follow(endpoint: Endpoint, name: string, reply: { status: number; body: unknown }, caller: Caller): Promise<void> {
  const body = reply.body as Record<string, unknown>
  if (
    reply.status === 200 &&
    typeof body?.token === 'string' &&
    typeof body.refresh_token === 'string' &&
    name !== 'accounts.login' &&
    name !== 'accounts.socialCallback'
  ) {
    caller.token = body.token
    caller.refresh = body.refresh_token
  }
  const signedOut =
    (reply.status === 401 && endpoint.access !== 'public' && endpoint.access !== 'operator') ||
    name === 'accounts.logout' ||
    name === 'accounts.refresh'
  if (signedOut) {
    // A new session straight from the service: signing in again would cost a password hash per run.
    const tokens = await server.app.services.sessions.start(caller.userId)
    caller.token = tokens.token
    caller.refresh = tokens.refreshToken
  }
}

const tables = {
  ...checkedTables,
  // The quote and the purchase are fuzzed by offers.fuzz.test.ts (with their own invariant on the points taken).
  offers: {
    offers: offerEndpoints.offers,
    applyCode: offerEndpoints.applyCode,
    appliedCodes: offerEndpoints.appliedCodes,
    removeCode: offerEndpoints.removeCode,
    cancelSubscription: offerEndpoints.cancelSubscription
  }
}
const routes = routesOf(tables)

const successes = new Map<string, number>()
const RUNS = Number(process.env.DARSI_FUZZ_RUNS ?? 24)
// The quizzes and the magazine pages, and their operator steps.
routes.push(
  ...Object.entries({
    quizzes: quizEndpoints,
    quizOperator: quizOperatorEndpoints,
    magazines: magazineEndpoints,
    magazineOperator: magazineOperatorEndpoints
  }).flatMap(([domain, table]) =>
    Object.entries(table as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint }))
  )
)

describe('T1: random requests never give a 5xx and always answer the contract', () => {
  it('has generators for every route of the tables', () => {
    expect(Object.keys(valid).sort()).toEqual(routes.map((r) => r.name).sort())
  })

  it.each(routes.map((r) => [r.name, r.endpoint] as const))('%s', async (name, endpoint) => {
    const caller = await callerFor(endpoint)
    const success = endpoint.status ?? 200
    // A lesson video's and an assistance video's bytes answer a range with part of them.
    const partial = endpoint === learningEndpoints.lessonVideo || endpoint === assistanceEndpoints.video ? 206 : success
    // Beyond the documented ones: 401/403 of the access check, 404 of a path that names no route.
    const documented = new Set([success, partial, 422, 429, ...(endpoint.errors ?? [])])
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: valid[name]! }, { weight: 2, arbitrary: invalid(endpoint, valid[name]!) }),
        async (input) => {
          const reply = await send(endpoint, input, caller)
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
          if (reply.status === success || reply.status === partial) successes.set(name, (successes.get(name) ?? 0) + 1)
          expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500)
          if (reply.status === success || reply.status === partial) {
            const parsed = endpoint.response.safeParse(reply.body)
            expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
          } else {
            expect(ErrorResponseSchema.safeParse(reply.body).success, JSON.stringify(reply.body)).toBe(true)
            const pathMiss = reply.status === 404 && (reply.body as { code: string }).code === 'not_found'
            expect(documented.has(reply.status) || pathMiss, `undocumented ${reply.status} ${JSON.stringify(reply.body)}`).toBe(true)
          }
          await follow(endpoint, name, reply, caller)
        }
      ),
      { numRuns: RUNS }
    )
    // A route that takes input saw at least one refusal of bad input. The random runs draw one
    // only most of the time (a route whose input is one optional query field accepts most
    // mutations), so an input with unknown query keys is always sent once as well.
    if (endpoint.body || endpoint.querystring || endpoint.params) {
      const [bad] = fc.sample(unknownQueryKeys(endpoint), { numRuns: 1, seed: RUNS })
      const reply = await send(endpoint, bad!, caller)
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
      expect(
        [...statuses.keys()].some((s) => s === 422 || s === 404),
        JSON.stringify([...statuses])
      ).toBe(true)
    }
  })

  it('the generators reach the success answer of every route whose input is not a secret code', () => {
    // Guards the generators: a fuzz run that only ever produces 422 proves little.
    const needSecret = new Set([
      'accounts.confirmRegistration',
      'accounts.resetPassword',
      'accounts.socialCallback',
      'accounts.confirmEmail'
    ])
    const never = routes.filter((r) => !needSecret.has(r.name) && !successes.has(r.name)).map((r) => r.name)
    expect(never).toEqual([])
  })
})
