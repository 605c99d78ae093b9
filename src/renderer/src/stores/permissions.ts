/**
 * The permissions object of the current-user response (specification §3). Until the accounts
 * work lands every flag is false; the shared API schema replaces this shape then.
 */
export interface Permissions {
  has_forum: boolean
  has_exam: boolean
  isProfSon: boolean
  versPilote: boolean
  freeHours: boolean
  hasEditDivision: boolean
  influencer: boolean
  eligibleUserForGift: boolean
  takeTrialAdvantage: boolean
  changePassword: boolean
  discount: boolean
}

export const NO_PERMISSIONS: Readonly<Permissions> = Object.freeze({
  has_forum: false,
  has_exam: false,
  isProfSon: false,
  versPilote: false,
  freeHours: false,
  hasEditDivision: false,
  influencer: false,
  eligibleUserForGift: false,
  takeTrialAdvantage: false,
  changePassword: false,
  discount: false
})

/** The fields of the current user the shell reads. */
export interface ShellUser {
  id: number
  name: string
  last_name: string
  gift_code: string | null
  hasParent: boolean
  hasParentRequest: boolean
  points: number
}
