/** The only way a user row leaves the server: the current-user shape of the contract. */
import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MeResponse, NotificationPreferences, Permissions, User, UserType } from '../../../src/shared/api/accounts.ts'
import type { Executor } from '../db/client.ts'
import { countries, delegations, divisions, institutes, ledgerAccounts, levels, offerGroups, optionalSubjects, states, userOffers, users } from '../db/schema.ts'
import type { UserRow } from '../http.ts'
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
  return (row.countryId == null || row.countryId === 1) && row.phone ? row.phone : (row.email ?? row.phone ?? '')
}

export type UserView = { user: User; level: string | null; divisionName: string | null }

type OfferView = User['offers'][number]

export async function presentUser(db: Executor, row: UserRow): Promise<UserView> {
  const optional = alias(optionalSubjects, 'opt')
  // One round trip: on PGlite every query waits for the single connection, so /auth/me (asked
  // every 80 s by every client) reads its references, offers and balance together.
  const [refs] = await db.select({
    divisionName: divisions.name, levelName: levels.name, optionalName: optional.name,
    countryCode: countries.code, countryName: countries.nameFr, stateName: states.nameFr,
    delegationName: delegations.name, instituteName: institutes.name,
    offers: sql<OfferView[] | null>`(select json_agg(json_build_object('group_id', ${userOffers.groupId}, 'name', ${offerGroups.name},
      'start_date', ${userOffers.startDate}, 'end_date', ${userOffers.endDate}, 'chapter_id', ${userOffers.chapterId}) order by ${userOffers.id})
      from ${userOffers} inner join ${offerGroups} on ${offerGroups.id} = ${userOffers.groupId} where ${userOffers.userId} = ${users.id})`,
    balance: sql<string | null>`(select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${users.id})`
  }).from(users)
    .leftJoin(divisions, eq(divisions.id, users.divisionId))
    .leftJoin(levels, eq(levels.id, divisions.levelId))
    .leftJoin(optional, eq(optional.id, users.optionalSubjectId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(states, eq(states.id, users.stateId))
    .leftJoin(delegations, eq(delegations.id, users.delegationId))
    .leftJoin(institutes, eq(institutes.id, users.instituteId))
    .where(eq(users.id, row.id))
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

export async function presentMe(db: Executor, row: UserRow, passwordExpired: boolean, impersonatorId: number | null): Promise<MeResponse> {
  const view = await presentUser(db, row)
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
