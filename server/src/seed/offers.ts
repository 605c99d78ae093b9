/**
 * The demo offers catalogue (`--seed demo`, decision 0034): for each demo class, the tiers the
 * specification names (Free, Excellent, Standard, Top 50, Silver+, Gold, Optimum) and its special
 * offers (80 Optimum, 84 revision pack, 102 without a period selector, 115 and 119 special packs,
 * 33 the mobile-operator plan with its unsubscribe menu), in dinars here and millimes in the
 * database. The demo pupil's subscriptions match it: his Gold year (290) and his monthly Silver+
 * of Mathématiques, Physique, SVT and Anglais (10 + 10 + 8 + 7 = 35).
 *
 * Demo coupons come with it (decision 0035). Runs once: an existing offer or coupon is left as it
 * is (the operator may have edited it).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Period } from '../../../src/shared/pricing/schema.ts'
import type { Db, Tx } from '../db/client.ts'
import { discountCodeOffers, discountCodes, offerDivisions, offerPrices, offers, offerSubjectDetails, subjects } from '../db/schema.ts'
import { toMillimes } from '../services/ledger.ts'
import { DEMO_CLASSES } from './learning.ts'

type OfferRow = typeof offers.$inferInsert

/** The catalogue's offers, by position; ids and groups as the specification names them (part 1, §9). */
export const offerRows: OfferRow[] = [
  { id: 83, groupId: 83, name: 'Gratuit', nameAr: 'مجاني', isFree: true, position: 1 },
  { id: 33, groupId: 104, name: 'Darsi Mobile', nameAr: 'درسي موبايل', position: 2, unsubscribable: true },
  { id: 102, groupId: 102, name: 'Standard', nameAr: 'العادي', position: 3 },
  { id: 127, groupId: 127, name: 'Excellent', nameAr: 'الممتاز', position: 4 },
  { id: 122, groupId: 122, name: 'Top 50', nameAr: 'أفضل 50', position: 5 },
  { id: 107, groupId: 107, name: 'Silver+', nameAr: 'الفضي+', position: 6 },
  { id: 112, groupId: 112, name: 'Gold', nameAr: 'الذهبي', position: 7 },
  { id: 80, groupId: 85, name: 'Optimum', nameAr: 'الأمثل', position: 8 },
  { id: 84, groupId: 84, name: 'Pack révision', nameAr: 'باقة المراجعة', position: 9 },
  { id: 115, groupId: 115, name: 'Pack à la carte', nameAr: 'باقة حسب الاختيار', position: 10 },
  { id: 119, groupId: 119, name: 'Pack sciences', nameAr: 'باقة العلوم', position: 11 }
]

type Price = { period: Period; price: number; finalPrice: number; discountPercent?: number }
type SubjectPrice = { oIds: number[] | 'all'; price: (oId: number) => number; max?: number }

type DivisionTemplate = {
  offerId: number
  type: 'primary' | 'pack'
  color: string
  description: string
  descriptionAr: string
  buttonLabel?: string
  buttonLabelAr?: string
  prices: Price[]
  basePrice?: number
  finalPrice?: number
  infoDiscount?: { discountType: 'percentage_discount' | 'fixed'; discountValue: number }
  slices?: number[]
  subjects?: SubjectPrice
  /** Not sold to these classes for now (the card shows it disabled). */
  disabledFor?: number[]
}

/** Silver+ per subject and month: the demo pupil's four come to 35. */
const SILVER_SUBJECT_PRICES: Record<number, number> = { 1: 10, 2: 10, 3: 8, 6: 7 }
const SCIENCE_PRICES: Record<number, number> = { 1: 120, 2: 100, 3: 90, 4: 90 }

const TEMPLATES: DivisionTemplate[] = [
  {
    offerId: 83,
    type: 'primary',
    color: '#607D8B',
    prices: [],
    finalPrice: 0,
    description: 'Les leçons gratuites de chaque matière et les séances enregistrées offertes.',
    descriptionAr: 'الدروس المجانية في كل مادة والحصص المسجّلة المتاحة مجانًا.'
  },
  {
    offerId: 33,
    type: 'primary',
    color: '#E53935',
    prices: [
      { period: 'day', price: 0, finalPrice: 0 },
      { period: 'week', price: 0, finalPrice: 0 }
    ],
    description: 'Toutes les matières de la classe, au jour ou à la semaine, renouvelé automatiquement.',
    descriptionAr: 'كل مواد القسم، باليوم أو بالأسبوع، مع تجديد تلقائي.'
  },
  {
    offerId: 102,
    type: 'primary',
    color: '#00897B',
    prices: [],
    basePrice: 150,
    finalPrice: 120,
    infoDiscount: { discountType: 'fixed', discountValue: 30 },
    description: 'Toutes les matières de la classe jusqu’à la fin de l’année scolaire, en un seul paiement.',
    descriptionAr: 'كل مواد القسم حتى نهاية السنة الدراسية، بدفعة واحدة.'
  },
  {
    offerId: 127,
    type: 'primary',
    color: '#3949AB',
    prices: [
      { period: 'month', price: 50, finalPrice: 40, discountPercent: 20 },
      { period: 'rest_of_year', price: 350, finalPrice: 280, discountPercent: 20 }
    ],
    infoDiscount: { discountType: 'percentage_discount', discountValue: 20 },
    description: 'Toutes les matières, les séances en direct et les corrections d’examens.',
    descriptionAr: 'كل المواد والحصص المباشرة وإصلاح الامتحانات.'
  },
  {
    offerId: 122,
    type: 'primary',
    color: '#F4511E',
    prices: [{ period: 'rest_of_year', price: 450, finalPrice: 450 }],
    slices: [200, 150, 100],
    description: 'Le suivi des 50 meilleurs élèves : toutes les matières, payables en trois tranches.',
    descriptionAr: 'متابعة أفضل 50 تلميذًا: كل المواد، قابلة للدفع على ثلاثة أقساط.',
    disabledFor: [31, 29]
  },
  {
    offerId: 107,
    type: 'pack',
    color: '#9E9E9E',
    prices: [{ period: 'month', price: 0, finalPrice: 0 }],
    subjects: { oIds: 'all', price: (oId) => SILVER_SUBJECT_PRICES[oId] ?? 8 },
    description: 'Les matières de votre choix, au mois.',
    descriptionAr: 'المواد التي تختارها، بالشهر.'
  },
  {
    offerId: 112,
    type: 'primary',
    color: '#FFB300',
    prices: [
      { period: 'month', price: 45, finalPrice: 45 },
      { period: 'rest_of_year', price: 290, finalPrice: 290 }
    ],
    description: 'Toutes les matières, les séances en direct et le forum.',
    descriptionAr: 'كل المواد والحصص المباشرة والمنتدى.'
  },
  {
    offerId: 80,
    type: 'primary',
    color: '#8E24AA',
    prices: [{ period: 'rest_of_year', price: 460, finalPrice: 390 }],
    slices: [130, 130, 130],
    infoDiscount: { discountType: 'fixed', discountValue: 70 },
    description: 'L’offre la plus complète : toutes les matières, tout au long de l’année, en trois tranches.',
    descriptionAr: 'العرض الأشمل: كل المواد طوال السنة، على ثلاثة أقساط.'
  },
  {
    offerId: 84,
    type: 'pack',
    color: '#43A047',
    prices: [{ period: 'fixed', price: 0, finalPrice: 0 }],
    subjects: { oIds: 'all', price: () => 15, max: 4 },
    description: 'Les révisions des matières choisies ; 25 % de réduction pour toutes les matières du pack.',
    descriptionAr: 'مراجعة المواد المختارة؛ تخفيض 25 % عند اختيار كل مواد الباقة.'
  },
  {
    offerId: 115,
    type: 'pack',
    color: '#1E88E5',
    prices: [{ period: 'month', price: 0, finalPrice: 0 }],
    basePrice: 35,
    finalPrice: 30,
    subjects: { oIds: 'all', price: () => 30, max: 4 },
    description: 'Chaque matière au même prix : 10 % pour deux matières, 15 % pour trois et plus.',
    descriptionAr: 'كل مادة بنفس السعر: 10 % لمادتين و15 % لثلاث مواد فأكثر.'
  },
  {
    offerId: 119,
    type: 'pack',
    color: '#00ACC1',
    prices: [{ period: 'rest_of_year', price: 0, finalPrice: 0 }],
    subjects: { oIds: [1, 2, 3, 4], price: (oId) => SCIENCE_PRICES[oId] ?? 90 },
    description: 'Les matières scientifiques jusqu’à la fin de l’année ; 25 % de réduction pour toutes.',
    descriptionAr: 'المواد العلمية حتى نهاية السنة؛ تخفيض 25 % عند اختيارها كلها.'
  }
]

/** Pack 115 has exactly 3 subjects in the demo pupil's class (its whole-pack 25 %), 4 elsewhere (15 %). */
const PACK_115_SUBJECTS: Partial<Record<number, number[]>> = { 14: [1, 2, 3] }

const buttons = { fr: 'Acheter', ar: 'شراء' }

async function seedClass(tx: Tx, divisionId: number): Promise<void> {
  const classSubjects = await tx
    .select({ id: subjects.id, oId: subjects.oId })
    .from(subjects)
    .where(and(eq(subjects.divisionId, divisionId), eq(subjects.visible, true)))
    .orderBy(subjects.position, subjects.id)
  for (const template of TEMPLATES) {
    const offer = offerRows.find((row) => row.id === template.offerId)!
    const [division] = await tx
      .insert(offerDivisions)
      .values({
        offerId: template.offerId,
        divisionId,
        name: offer.name,
        nameAr: offer.nameAr,
        type: template.type,
        color: template.color,
        description: template.description,
        descriptionAr: template.descriptionAr,
        buttonLabel: template.buttonLabel ?? buttons.fr,
        buttonLabelAr: template.buttonLabelAr ?? buttons.ar,
        disabled: template.disabledFor?.includes(divisionId) ?? false,
        basePrice: template.basePrice === undefined ? null : toMillimes(template.basePrice),
        finalPrice: template.finalPrice === undefined ? null : toMillimes(template.finalPrice),
        infoDiscount: template.infoDiscount ?? null,
        slices: (template.slices ?? []).map(toMillimes)
      })
      .onConflictDoNothing()
      .returning({ id: offerDivisions.id })
    if (!division) continue
    if (template.prices.length > 0) {
      await tx.insert(offerPrices).values(
        template.prices.map((price, position) => ({
          offerDivisionId: division.id,
          period: price.period,
          price: toMillimes(price.price),
          finalPrice: toMillimes(price.finalPrice),
          discount: price.discountPercent ? toMillimes(price.price - price.finalPrice) : null,
          discountBasisPoints: price.discountPercent ? price.discountPercent * 100 : null,
          position
        }))
      )
    }
    if (template.subjects) {
      const wanted =
        template.offerId === 115 ? PACK_115_SUBJECTS[divisionId] : template.subjects.oIds === 'all' ? null : template.subjects.oIds
      const chosen = classSubjects
        .filter((subject) => subject.oId != null && (wanted ? wanted.includes(subject.oId) : true))
        .slice(0, template.subjects.max ?? Number.MAX_SAFE_INTEGER)
      if (chosen.length > 0) {
        await tx.insert(offerSubjectDetails).values(
          chosen.map((subject, position) => ({
            offerDivisionId: division.id,
            subjectId: subject.id,
            price: toMillimes(template.subjects!.price(subject.oId!)),
            position
          }))
        )
      }
    }
  }
}

/**
 * Demo coupons (decision 0035), one per case the purchase dialog shows: a percentage for any
 * offer, a fixed amount on Gold, the rest of the year only, one use in all, an expired and an
 * inactive one.
 */
export const couponRows: Array<typeof discountCodes.$inferInsert & { offers?: number[] }> = [
  { code: 'BIENVENUE10', discountType: 'percentage_discount', discountValue: 1000 },
  { code: 'GOLD5', discountType: 'fixed', discountValue: toMillimes(5), offers: [112] },
  { code: 'ANNEE20', discountType: 'percentage_discount', discountValue: 2000, allYear: true },
  { code: 'UNSEUL', discountType: 'percentage_discount', discountValue: 1500, maxUses: 1 },
  { code: 'EXPIRE2025', discountType: 'percentage_discount', discountValue: 1000, expiresAt: new Date('2025-06-30T23:00:00Z') },
  { code: 'INACTIF', discountType: 'percentage_discount', discountValue: 1000, active: false }
]

/** Seeds the catalogue once (nothing is done when any offer exists), and the coupons once. */
export async function seedOffers(db: Db): Promise<void> {
  const [seeded] = await db
    .select({
      offer: sql<boolean>`exists (select 1 from ${offers})`,
      coupon: sql<boolean>`exists (select 1 from ${discountCodes})`
    })
    .from(sql`(select 1) as seed_check`)
  if (seeded?.offer && seeded.coupon) return
  await db.transaction(async (tx) => {
    if (!seeded?.offer) {
      await tx.insert(offers).values(offerRows).onConflictDoNothing()
      for (const divisionId of DEMO_CLASSES) await seedClass(tx, divisionId)
    }
    if (!seeded?.coupon) {
      for (const { offers: limitedTo, ...coupon } of couponRows) {
        const [row] = await tx.insert(discountCodes).values(coupon).onConflictDoNothing().returning({ id: discountCodes.id })
        if (row && limitedTo) await tx.insert(discountCodeOffers).values(limitedTo.map((offerId) => ({ discountCodeId: row.id, offerId })))
      }
    }
  })
}
