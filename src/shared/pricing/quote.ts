/**
 * The pricing engine: one quote for one purchase, in a fixed order — the period price, the pack
 * rule, one code (coupon or referral), then the instalments. Pure: the renderer shows its figures
 * as the pupil chooses, the server computes them again at purchase and keeps the snapshot with the
 * order. Every figure is in millimes; every step rounds once, half up; a discount is never above
 * the amount it is taken from, so no figure is negative. Refusals are results, never exceptions.
 */
import type { z } from 'zod'
import { periodDates, restOfSchoolYear, TUNIS_ZONE, type RestOfYear } from './calendar.ts'
import { codeDiscount, normalizeDiscountCode, type CodeDiscount } from './codes.ts'
import { refuse, type PricingRefusal } from './errors.ts'
import { levelRate, RATE_DAYS } from './levelRates.ts'
import { percentOf, prorate, splitLargestRemainder, toMillimes, type Millimes } from './money.ts'
import { packRule, packSubjectPrice, type PackRule } from './packRules.ts'
import { PeriodSchema, QuoteRequestSchema, type LevelSlug, type Period, type PricingEntry, type QuoteRequest } from './schema.ts'

export const PRICING_ENGINE_VERSION = 'darsi-pricing/1'
/** Months a 'Par mois' purchase may cover at once; from 3 it is labelled multi-month. */
export const MAX_MONTHS = 12
export const MULTI_MONTH_FROM = 3

type Request = z.output<typeof QuoteRequestSchema>
type Division = Request['division']

/** The rules and catalogue figures a quote used, for the order to keep. */
export type PricingSnapshot = {
  engine: typeof PRICING_ENGINE_VERSION
  rounding: 'half_up_once_per_step'
  at: string
  timeZone: typeof TUNIS_ZONE
  offerId: number
  offerDivisionId: number
  divisionType: Division['type']
  level: LevelSlug
  period: Period
  quantity: number
  /** Where the price of one period came from, and that price. */
  unitSource: 'level_rate' | 'pricing_entry' | 'Finalprice' | 'subjects'
  unitPrice: Millimes
  entry: PricingEntry | null
  subjects: Array<{ id: number; subjectId: number; price: Millimes }>
  restOfYear: RestOfYear | null
  packRule: PackRule | null
  code: Omit<CodeDiscount, 'discount'> | null
  sliceWeights: Millimes[]
}

export type Quote = {
  currency: 'TND'
  period: {
    period: Period
    /** Months for 'month', 1 otherwise. */
    quantity: number
    multiMonth: boolean
    startDate: string
    /** Last day of access, or null when the offer's own dates decide ('fixed'). */
    endDate: string | null
  }
  /** The period's price before the catalogue's own discount (the crossed-out figure); never below base. */
  listPrice: Millimes
  /** Step 1: the period price. */
  base: Millimes
  /** Step 2: the pack rule. */
  pack: (PackRule & { discount: Millimes }) | null
  afterPack: Millimes
  /** Step 3: the coupon or referral code. */
  code: CodeDiscount | null
  total: Millimes
  /** Step 4: the instalments, adding up to the total. */
  slices: Millimes[]
  /** The slice paid now: 1…n, or -1 for the whole price at once. */
  sliceIndex: number
  dueNow: Millimes
  snapshot: PricingSnapshot
}

export type QuoteResult = { ok: true; quote: Quote } | PricingRefusal

type Unit = { source: PricingSnapshot['unitSource']; price: Millimes; listPrice: Millimes; entry: PricingEntry | null }
type Subjects = PricingSnapshot['subjects']

const millimes = (dinars: number): Millimes => toMillimes(dinars) as Millimes

/** The period's pricing entry, or the refusal: a period is sold only when the pricing list has it. */
function entryFor(division: Division, period: Period): PricingEntry | PricingRefusal | null {
  const entry = division.pricing.find((candidate) => candidate.period === period)
  if (entry) return entry
  // An offer without a period selector (offer 102) has no pricing list: it sells its Finalprice.
  if (period === 'fixed' && division.pricing.length === 0) return null
  return refuse('period_not_offered', period)
}

/** The chosen subjects of a pack, each at the price its rule gives. */
function chosenSubjects(division: Division, ids: readonly number[]): Subjects | PricingRefusal {
  if (division.type !== 'pack') return ids.length > 0 ? refuse('subjects_not_sold_separately') : []
  if (ids.length === 0) return refuse('subjects_required')
  if (new Set(ids).size !== ids.length) return refuse('duplicate_subject')
  const perSubject = packSubjectPrice(division.offer_id)
  if (perSubject === 'Finalprice' && (division.Finalprice === null || division.Finalprice === undefined))
    return refuse('price_missing', 'Finalprice')
  const chosen: Subjects = []
  for (const id of ids) {
    const detail = division.subject_details.find((candidate) => candidate.id === id)
    if (!detail) return refuse('unknown_subject', String(id))
    chosen.push({
      id,
      subjectId: detail.subjectId,
      price: millimes(perSubject === 'Finalprice' ? (division.Finalprice as number) : detail.price)
    })
  }
  return chosen
}

/** The price of one period (a month, the school year, the single period of a 'fixed' offer). */
function unitPrice(division: Division, entry: PricingEntry | null, subjects: Subjects): Unit | PricingRefusal {
  if (division.type === 'pack') {
    const price = subjects.reduce((sum, subject) => sum + subject.price, 0)
    const crossedOut =
      packSubjectPrice(division.offer_id) === 'Finalprice' && division.Baseprice != null
        ? millimes(division.Baseprice) * subjects.length
        : price
    return { source: 'subjects', price, listPrice: Math.max(price, crossedOut), entry }
  }
  if (entry)
    return {
      source: 'pricing_entry',
      price: millimes(entry.final_price),
      listPrice: Math.max(millimes(entry.final_price), millimes(entry.price)),
      entry
    }
  if (division.Finalprice === null || division.Finalprice === undefined) return refuse('price_missing', 'Finalprice')
  const price = millimes(division.Finalprice)
  const crossedOut = division.Baseprice != null ? millimes(division.Baseprice) : price
  return { source: 'Finalprice', price, listPrice: Math.max(price, crossedOut), entry: null }
}

/** Prices a purchase, or says why it cannot be priced. */
export function quote(input: QuoteRequest): QuoteResult {
  const parsed = QuoteRequestSchema.safeParse(input)
  if (!parsed.success) return refuse('invalid_input', parsed.error.issues[0]?.path.join('.'))
  const request = parsed.data
  const division = request.division
  const at = typeof request.at === 'string' ? new Date(request.at) : request.at

  // Step 1: the period price.
  const periodParse = PeriodSchema.safeParse(request.period)
  if (!periodParse.success) return refuse('unknown_period', request.period)
  const period = periodParse.data
  if (division.disabled) return refuse('division_disabled')
  const entry = entryFor(division, period)
  if (entry !== null && 'ok' in entry) return entry
  const subjects = chosenSubjects(division, request.subjectIds ?? [])
  if ('ok' in subjects) return subjects

  let quantity = 1
  let unit: Unit
  let base: Millimes
  let listPrice: Millimes
  let restOfYear: RestOfYear | null = null
  let dates: { startDate: string; endDate: string | null }
  if (period === 'day' || period === 'week') {
    // The auto-renewing plans: the level's rate for the whole class, never a pack.
    if (division.type === 'pack') return refuse('period_not_offered', period)
    if (request.quantity != null && request.quantity !== 1) return refuse('invalid_quantity')
    const rate = levelRate(request.level, period)
    unit = { source: 'level_rate', price: rate, listPrice: rate, entry }
    base = rate
    listPrice = rate
    dates = periodDates(at, { days: RATE_DAYS[period] })
  } else {
    const found = unitPrice(division, entry, subjects)
    if ('ok' in found) return found
    unit = found
    if (period === 'month') {
      quantity = request.quantity ?? 1
      if (quantity < 1 || quantity > MAX_MONTHS) return refuse('invalid_quantity')
      base = unit.price * quantity
      listPrice = unit.listPrice * quantity
      dates = periodDates(at, { months: quantity })
    } else if (period === 'rest_of_year') {
      if (request.quantity != null && request.quantity !== 1) return refuse('invalid_quantity')
      restOfYear = restOfSchoolYear(at)
      base = prorate(unit.price, restOfYear.remainingDays, restOfYear.schoolYearDays)
      listPrice = Math.max(base, prorate(unit.listPrice, restOfYear.remainingDays, restOfYear.schoolYearDays))
      dates = { startDate: restOfYear.startDate, endDate: restOfYear.endDate }
    } else {
      if (request.quantity != null && request.quantity !== 1) return refuse('invalid_quantity')
      base = unit.price
      listPrice = unit.listPrice
      dates = { startDate: periodDates(at, { days: 1 }).startDate, endDate: null }
    }
  }

  // Step 2: the pack rule.
  const rule = division.type === 'pack' ? packRule(division.offer_id, subjects.length, division.subject_details.length) : null
  const pack = rule ? { ...rule, discount: percentOf(base, rule.basisPoints) } : null
  const afterPack = base - (pack?.discount ?? 0)

  // Step 3: one coupon or one referral code, only with the first instalment.
  const sliceIndex = request.sliceIndex ?? division.indexSliceToPay ?? -1
  if (request.codes.length > 1) {
    const distinct = new Set(request.codes.map((applied) => normalizeDiscountCode(applied.code)))
    return refuse(distinct.size < request.codes.length ? 'code_already_added' : 'two_codes')
  }
  let code: CodeDiscount | null = null
  if (request.codes.length === 1) {
    const found = codeDiscount(request.codes[0], afterPack, {
      offerId: division.offer_id,
      offerDivisionId: division.id,
      period,
      sliceIndex,
      at,
      buyerGiftCode: request.buyerGiftCode
    })
    if ('ok' in found) return found
    code = found
  }
  const total = afterPack - (code?.discount ?? 0)

  // Step 4: the instalments. The daily and weekly plans are paid period by period, whole.
  const sliceWeights = period === 'day' || period === 'week' ? [] : division.slices.map((slice) => millimes(slice.amount))
  const sliceCount = Math.max(1, sliceWeights.length)
  if (sliceIndex === 0 || sliceIndex > sliceCount) return refuse('slice_out_of_range', String(sliceIndex))
  const slices = sliceIndex === -1 ? [total] : splitLargestRemainder(total, sliceWeights.length > 0 ? sliceWeights : [1])
  const dueNow = sliceIndex === -1 ? total : slices[sliceIndex - 1]

  const snapshot: PricingSnapshot = {
    engine: PRICING_ENGINE_VERSION,
    rounding: 'half_up_once_per_step',
    at: at.toISOString(),
    timeZone: TUNIS_ZONE,
    offerId: division.offer_id,
    offerDivisionId: division.id,
    divisionType: division.type,
    level: request.level,
    period,
    quantity,
    unitSource: unit.source,
    unitPrice: unit.price,
    entry: unit.entry,
    subjects,
    restOfYear,
    packRule: rule,
    code: code
      ? { kind: code.kind, code: code.code, discountType: code.discountType, basisPoints: code.basisPoints, fixedAmount: code.fixedAmount }
      : null,
    sliceWeights
  }
  return {
    ok: true,
    quote: {
      currency: 'TND',
      period: { period, quantity, multiMonth: period === 'month' && quantity >= MULTI_MONTH_FROM, ...dates },
      listPrice: Math.max(listPrice, base),
      base,
      pack,
      afterPack,
      code,
      total,
      slices,
      sliceIndex,
      dueNow,
      snapshot
    }
  }
}
