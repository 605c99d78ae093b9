/** The only way a user row leaves the server: the current-user shape of the contract. */
import { eq, sql } from 'drizzle-orm'
import type { AuthResult, MeResponse, NotificationPreferences, Permissions, User, UserType } from '../../../src/shared/api/accounts.ts'
import { formatDeepLink, type SwitchRedirect } from '../../../src/shared/deepLink.ts'
import type { Executor } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import {
  appliedDiscountCodes,
  countries,
  discountCodes,
  delegations,
  divisions,
  institutes,
  ledgerAccounts,
  levels,
  offerGroups,
  operatorSubscriptions,
  optionalSubjects,
  states,
  userOffers,
  users
} from '../db/schema.ts'
import type { UserRow } from '../http.ts'
import { localName, type Language } from '../language.ts'
import { codeDestination } from '../../../src/shared/rules/registration.ts'
import { codeKind, REFERRAL_BASIS_POINTS, toDinars } from '../../../src/shared/pricing/index.ts'
import { avatarUrl } from '../services/avatars.ts'
import { toPoints } from '../services/ledger.ts'
import type { IssuedTokens, SwitchToken } from '../services/sessions.ts'

export const defaultNotificationPreferences: NotificationPreferences = {
  completeInformation: true,
  giftCodeUsed: true,
  parentRequest: true,
  changePassword: true,
  uploadNewSessionRecord: true,
  uploadNewContent: true,
  updateSession: true,
  updateVideoReport: true,
  paySlice: true,
  transferPoint: true
}

export function userType(row: UserRow): UserType {
  const role = row.role
  return role === 'parent' || role === 'teacher' || role === 'influencer' || role === 'admin' ? role : 'student'
}

/** The answer of a sign-in, a registration or a token renewal: the tokens and what the app routes by. */
export function presentAuthResult(user: UserRow, tokens: IssuedTokens, message: string, passwordExpired: boolean): AuthResult {
  return {
    token: tokens.token,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    user_type: userType(user),
    verified: user.verified,
    password_expired: passwordExpired,
    message
  }
}

/**
 * A `darsi://switch` link: a single-use switch token (minutes), exchanged by the app at
 * `POST /auth/switch` for a refreshable pair of an impersonation session.
 */
export function presentImpersonationLink(switchToken: SwitchToken, adminId: number, userId: number, redirectTo?: SwitchRedirect) {
  return {
    link: formatDeepLink({
      kind: 'switch',
      token: switchToken.token,
      adminId: String(adminId),
      userId: String(userId),
      ...(redirectTo ? { redirectTo } : {})
    }),
    token: switchToken.token,
    expires_in: switchToken.expiresIn
  }
}

export function credentialOf(row: Pick<UserRow, 'phone' | 'email' | 'countryId'>): string {
  return codeDestination(row.phone, row.email, row.countryId)
}

/**
 * Where a verified account's codes go (transfer confirmations): its credential when a code proved
 * it, else the phone or e-mail it did prove — never a number or address only typed in — and its
 * credential when it proved neither (an account older than the proofs).
 */
export function provenCredentialOf(row: Pick<UserRow, 'phone' | 'email' | 'countryId' | 'phoneVerified' | 'emailVerified'>): string {
  const main = credentialOf(row)
  const phone = row.phoneVerified && row.phone ? row.phone : null
  const email = row.emailVerified && row.email ? row.email : null
  if (main !== '' && (main === phone || main === email)) return main
  return phone ?? email ?? main
}

export type UserView = {
  user: User
  level: string | null
  divisionName: string | null
  discount: Pick<MeResponse, 'discountCode' | 'discountType' | 'discountAmount'>
  operatorClient: boolean
}

type OfferView = User['offers'][number]

/**
 * The names of the user's references, subscriptions and balance (/auth/me is asked every 80 s by
 * every client). The references are read in each language: the view is kept with the session,
 * which serves requests in any language (an Arabic name is null where none is known). Scalar
 * subqueries rather than seven joins: PostgreSQL plans them in a fraction of the time. A query selecting these columns joins `ledger_accounts` on the user (left join):
 * with a join drizzle also qualifies every column, where an unqualified `id` inside a subquery
 * would name the subquery's own table.
 */
export const userViewColumns = {
  divisionName: sql<string | null>`(select ${divisions.name} from ${divisions} where ${divisions.id} = ${users.divisionId})`,
  divisionNameAr: sql<string | null>`(select ${divisions.nameAr} from ${divisions} where ${divisions.id} = ${users.divisionId})`,
  levelName: sql<string | null>`(select ${levels.name} from ${levels} inner join ${divisions} on ${divisions.levelId} = ${levels.id}
    where ${divisions.id} = ${users.divisionId})`,
  levelNameAr: sql<string | null>`(select ${levels.nameAr} from ${levels} inner join ${divisions} on ${divisions.levelId} = ${levels.id}
    where ${divisions.id} = ${users.divisionId})`,
  optionalName: sql<
    string | null
  >`(select ${optionalSubjects.name} from ${optionalSubjects} where ${optionalSubjects.id} = ${users.optionalSubjectId})`,
  optionalNameAr: sql<
    string | null
  >`(select ${optionalSubjects.nameAr} from ${optionalSubjects} where ${optionalSubjects.id} = ${users.optionalSubjectId})`,
  countryCode: sql<string | null>`(select ${countries.code} from ${countries} where ${countries.id} = ${users.countryId})`,
  countryName: sql<string | null>`(select ${countries.nameFr} from ${countries} where ${countries.id} = ${users.countryId})`,
  countryNameEn: sql<string | null>`(select ${countries.nameEn} from ${countries} where ${countries.id} = ${users.countryId})`,
  countryNameAr: sql<string | null>`(select ${countries.nameAr} from ${countries} where ${countries.id} = ${users.countryId})`,
  stateName: sql<string | null>`(select ${states.nameFr} from ${states} where ${states.id} = ${users.stateId})`,
  stateNameAr: sql<string | null>`(select ${states.nameAr} from ${states} where ${states.id} = ${users.stateId})`,
  delegationName: sql<string | null>`(select ${delegations.name} from ${delegations} where ${delegations.id} = ${users.delegationId})`,
  delegationNameAr: sql<string | null>`(select ${delegations.nameAr} from ${delegations} where ${delegations.id} = ${users.delegationId})`,
  instituteName: sql<string | null>`(select ${institutes.name} from ${institutes} where ${institutes.id} = ${users.instituteId})`,
  instituteNameAr: sql<string | null>`(select ${institutes.nameAr} from ${institutes} where ${institutes.id} = ${users.instituteId})`,
  offers: sql<OfferView[] | null>`(select json_agg(json_build_object('group_id', ${userOffers.groupId}, 'name', ${offerGroups.name},
    'start_date', ${userOffers.startDate}, 'end_date', ${userOffers.endDate}, 'chapter_id', ${userOffers.chapterId}) order by ${userOffers.id})
    from ${userOffers} inner join ${offerGroups} on ${offerGroups.id} = ${userOffers.groupId} where ${userOffers.userId} = ${users.id})`,
  balance: ledgerAccounts.balance,
  appliedCode: sql<AppliedCodeView | null>`(select json_build_object('code', ${appliedDiscountCodes.code},
    'discount_type', ${discountCodes.discountType}, 'discount_value', ${discountCodes.discountValue})
    from ${appliedDiscountCodes} left join ${discountCodes} on ${discountCodes.id} = ${appliedDiscountCodes.discountCodeId}
    where ${appliedDiscountCodes.userId} = ${users.id})`,
  // A mobile-operator client record: a plan the operator charged at least once (decision 0046).
  operatorClient: sql<boolean>`exists(select 1 from ${operatorSubscriptions} where ${operatorSubscriptions.userId} = ${users.id}
    and ${operatorSubscriptions.status} in ('active', 'cancelled', 'ended'))`
}

/** The code the pupil applied and has not used yet, with its coupon's terms (none for a referral code). */
type AppliedCodeView = { code: string; discount_type: string | null; discount_value: number | null }

/** What `userViewColumns` read for one user. */
export type UserViewRow = {
  divisionName: string | null
  divisionNameAr: string | null
  levelName: string | null
  levelNameAr: string | null
  optionalName: string | null
  optionalNameAr: string | null
  countryCode: string | null
  countryName: string | null
  countryNameEn: string | null
  countryNameAr: string | null
  stateName: string | null
  stateNameAr: string | null
  delegationName: string | null
  delegationNameAr: string | null
  instituteName: string | null
  instituteNameAr: string | null
  offers: OfferView[] | null
  balance: number | null
  appliedCode: AppliedCodeView | null
  operatorClient: boolean
}

const userViewQuery = preparedFor((db) =>
  db
    .select(userViewColumns)
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_view')
)

/**
 * `view`: the user's view when the caller already read it (with the session, see http.ts);
 * `lang`: the request's language, which names the references (Arabic where known, else French).
 */
export async function presentUser(db: Executor, row: UserRow, view: UserViewRow | undefined, lang: Language): Promise<UserView> {
  const refs: UserViewRow | undefined = view ?? (await userViewQuery(db).execute({ id: row.id }))[0]
  const offers: OfferView[] = refs?.offers ?? []
  const ref = (id: number | null, name: string | null | undefined, nameAr: string | null | undefined) =>
    id != null && name != null ? { id, name: localName(name, nameAr, lang) } : null
  const countryName = (lang === 'ar' ? refs?.countryNameAr : lang === 'en' ? refs?.countryNameEn : null) || refs?.countryName
  const user: User = {
    id: row.id,
    name: row.name,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    phone2: row.phone2,
    gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null,
    birth_date: row.birthDate,
    avatar: avatarUrl(row.avatar),
    points: toPoints(Number(refs?.balance ?? 0)),
    division: ref(row.divisionId, refs?.divisionName, refs?.divisionNameAr),
    optional_subject: ref(row.optionalSubjectId, refs?.optionalName, refs?.optionalNameAr),
    country: row.countryId != null && countryName ? { id: row.countryId, name: countryName, code: refs?.countryCode ?? '' } : null,
    country_id: row.countryId,
    state: ref(row.stateId, refs?.stateName, refs?.stateNameAr),
    delegation: ref(row.delegationId, refs?.delegationName, refs?.delegationNameAr),
    institute: ref(row.instituteId, refs?.instituteName, refs?.instituteNameAr),
    affiliations: offers,
    offers,
    completed: row.completed,
    verified: row.verified,
    email_verified: row.emailVerified,
    phone_verified: row.phoneVerified,
    google_id: row.googleId,
    facebook_id: row.facebookId,
    hasSession: false,
    freeHours: row.freeHours,
    istest: row.isTest,
    hasEditDivision: row.hasEditDivision,
    business_id: row.businessId,
    takeTrialAdvantage: row.takeTrialAdvantage,
    gift_code: row.giftCode,
    gift_point: row.giftPoint,
    password_changed_at: row.passwordChangedAt ? row.passwordChangedAt.toISOString() : null,
    notification_preferences: { ...defaultNotificationPreferences, ...row.notificationPreferences },
    notification_token: row.notificationToken,
    user_type: userType(row),
    created_at: row.createdAt.toISOString()
  }
  const level = refs?.levelName != null ? localName(refs.levelName, refs.levelNameAr, lang) : null
  return {
    user,
    level,
    divisionName: user.division?.name ?? null,
    discount: discountOf(refs?.appliedCode ?? null),
    operatorClient: refs?.operatorClient === true
  }
}

/**
 * /auth/me's discountCode, discountType and discountAmount: the code the pupil applied in the
 * purchase dialog and has not used yet — a referral code (CP…) is 5 %, a coupon its percentage or
 * its amount in dinars, as the applied code's own answer gives them (decision 0045); null without one.
 */
export function discountOf(applied: AppliedCodeView | null): Pick<MeResponse, 'discountCode' | 'discountType' | 'discountAmount'> {
  if (!applied) return { discountCode: null, discountType: null, discountAmount: null }
  if (applied.discount_type == null || applied.discount_value == null || codeKind(applied.code) === 'referral')
    return { discountCode: applied.code, discountType: 'percentage_discount', discountAmount: REFERRAL_BASIS_POINTS / 100 }
  const fixed = applied.discount_type === 'fixed'
  return {
    discountCode: applied.code,
    discountType: fixed ? 'fixed' : 'percentage_discount',
    discountAmount: fixed ? toDinars(applied.discount_value) : applied.discount_value / 100
  }
}

export function permissionsOf(row: UserRow, passwordExpired: boolean): Permissions {
  const flag = (name: string) => row.flags[name] === true
  return {
    has_forum: flag('has_forum'),
    has_exam: flag('has_exam'),
    isProfSon: flag('isProfSon'),
    versPilote: flag('versPilote'),
    freeHours: row.freeHours > 0,
    hasEditDivision: row.hasEditDivision,
    influencer: row.role === 'influencer',
    eligibleUserForGift: flag('eligibleUserForGift'),
    takeTrialAdvantage: row.takeTrialAdvantage,
    changePassword: passwordExpired,
    discount: flag('discount')
  }
}

export async function presentMe(
  db: Executor,
  row: UserRow,
  passwordExpired: boolean,
  impersonatorId: number | null,
  userView: UserViewRow | undefined,
  lang: Language
): Promise<MeResponse> {
  const view = await presentUser(db, row, userView, lang)
  return {
    user: view.user,
    permissions: permissionsOf(row, passwordExpired),
    studentLevel: { level: view.level, division: view.divisionName, subjects: [] },
    hasPhoneParent: row.phone2 != null,
    hasParent: row.parentId != null,
    hasParentRequest: false,
    isOperatorClient: view.operatorClient,
    ...view.discount,
    admin_user_id: impersonatorId
  }
}
