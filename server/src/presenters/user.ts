/** The only way a user row leaves the server: the current-user shape of the contract. */
import { eq, sql } from 'drizzle-orm'
import type { MeResponse, NotificationPreferences, Permissions, User, UserType } from '../../../src/shared/api/accounts.ts'
import type { Executor } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { countries, delegations, divisions, institutes, ledgerAccounts, levels, offerGroups, optionalSubjects, states, userOffers, users } from '../db/schema.ts'
import type { UserRow } from '../http.ts'
import { codeDestination } from '../../../src/shared/rules/registration.ts'
import { avatarUrl } from '../services/avatars.ts'
import { toPoints } from '../services/ledger.ts'

export const defaultNotificationPreferences: NotificationPreferences = {
  completeInformation: true, giftCodeUsed: true, parentRequest: true, changePassword: true,
  uploadNewSessionRecord: true, uploadNewContent: true, updateSession: true, updateVideoReport: true,
  paySlice: true, transferPoint: true
}

export function userType(row: UserRow): UserType {
  const role = row.role
  return role === 'parent' || role === 'teacher' || role === 'influencer' || role === 'admin' ? role : 'student'
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

export type UserView = { user: User; level: string | null; divisionName: string | null }

type OfferView = User['offers'][number]

/**
 * The names of the user's references, subscriptions and balance (/auth/me is asked every 80 s by
 * every client). Scalar subqueries rather than seven joins: PostgreSQL plans them in a fraction
 * of the time. A query selecting these columns joins `ledger_accounts` on the user (left join):
 * with a join drizzle also qualifies every column, where an unqualified `id` inside a subquery
 * would name the subquery's own table.
 */
export const userViewColumns = {
  divisionName: sql<string | null>`(select ${divisions.name} from ${divisions} where ${divisions.id} = ${users.divisionId})`,
  levelName: sql<string | null>`(select ${levels.name} from ${levels} inner join ${divisions} on ${divisions.levelId} = ${levels.id}
    where ${divisions.id} = ${users.divisionId})`,
  optionalName: sql<string | null>`(select ${optionalSubjects.name} from ${optionalSubjects} where ${optionalSubjects.id} = ${users.optionalSubjectId})`,
  countryCode: sql<string | null>`(select ${countries.code} from ${countries} where ${countries.id} = ${users.countryId})`,
  countryName: sql<string | null>`(select ${countries.nameFr} from ${countries} where ${countries.id} = ${users.countryId})`,
  stateName: sql<string | null>`(select ${states.nameFr} from ${states} where ${states.id} = ${users.stateId})`,
  delegationName: sql<string | null>`(select ${delegations.name} from ${delegations} where ${delegations.id} = ${users.delegationId})`,
  instituteName: sql<string | null>`(select ${institutes.name} from ${institutes} where ${institutes.id} = ${users.instituteId})`,
  offers: sql<OfferView[] | null>`(select json_agg(json_build_object('group_id', ${userOffers.groupId}, 'name', ${offerGroups.name},
    'start_date', ${userOffers.startDate}, 'end_date', ${userOffers.endDate}, 'chapter_id', ${userOffers.chapterId}) order by ${userOffers.id})
    from ${userOffers} inner join ${offerGroups} on ${offerGroups.id} = ${userOffers.groupId} where ${userOffers.userId} = ${users.id})`,
  balance: ledgerAccounts.balance
}

/** What `userViewColumns` read for one user. */
export type UserViewRow = {
  divisionName: string | null
  levelName: string | null
  optionalName: string | null
  countryCode: string | null
  countryName: string | null
  stateName: string | null
  delegationName: string | null
  instituteName: string | null
  offers: OfferView[] | null
  balance: number | null
}

const userViewQuery = preparedFor((db) => db.select(userViewColumns)
  .from(users).leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
  .where(eq(users.id, sql.placeholder('id'))).prepare('user_view'))

/** `view`: the user's view when the caller already read it (with the session, see http.ts). */
export async function presentUser(db: Executor, row: UserRow, view?: UserViewRow): Promise<UserView> {
  const refs: UserViewRow | undefined = view ?? (await userViewQuery(db).execute({ id: row.id }))[0]
  const offers: OfferView[] = refs?.offers ?? []
  const ref = (id: number | null, name: string | null | undefined) => (id != null && name != null ? { id, name } : null)
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
    division: ref(row.divisionId, refs?.divisionName),
    optional_subject: ref(row.optionalSubjectId, refs?.optionalName),
    country: row.countryId != null && refs?.countryName ? { id: row.countryId, name: refs.countryName, code: refs.countryCode ?? '' } : null,
    country_id: row.countryId,
    state: ref(row.stateId, refs?.stateName),
    delegation: ref(row.delegationId, refs?.delegationName),
    institute: ref(row.instituteId, refs?.instituteName),
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
  return { user, level: refs?.levelName ?? null, divisionName: refs?.divisionName ?? null }
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

export async function presentMe(db: Executor, row: UserRow, passwordExpired: boolean, impersonatorId: number | null, userView?: UserViewRow): Promise<MeResponse> {
  const view = await presentUser(db, row, userView)
  return {
    user: view.user,
    permissions: permissionsOf(row, passwordExpired),
    studentLevel: { level: view.level, division: view.divisionName, subjects: [] },
    hasPhoneParent: row.phone2 != null,
    hasParent: row.parentId != null,
    hasParentRequest: false,
    isOperatorClient: false,
    discountCode: null,
    discountType: null,
    discountAmount: null,
    admin_user_id: impersonatorId
  }
}
