/**
 * Test accounts (specification part 1, §4): they cannot change their password, unless an
 * administrator is the one acting: an administrator's own test account, or any account an
 * administrator has opened through a switch link (§6, decision 0008). The server refuses the
 * change by this rule and the app offers it by the same one, so a pupil is never refused only
 * after typing.
 */
export interface PasswordChanger {
  /** The account is a test account (`istest`). */
  isTest: boolean
  /** The account itself is an administrator's (`user_type` admin). */
  admin: boolean
  /** An administrator opened this session through a switch link (`admin_user_id` set). */
  impersonated: boolean
}

export function mayChangePassword(account: PasswordChanger): boolean {
  return !account.isTest || account.admin || account.impersonated
}
