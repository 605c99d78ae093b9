import { shortLanguage } from '../../i18n/languages.ts'

/** Sites outside the app that the sign-in flows send people to (allowlisted by main). */
export const TEACHER_SITE = 'https://enseignant.darsi.tn'
/** The platform's web registration page (docs/decisions/0008-impersonation-sessions.md). */
export const EXTERNAL_REGISTER_PAGE = 'https://inscription.darsi.tn/'

/** The external registration page in the app's language (fr, en or ar). */
export function externalRegisterPageUrl(language: string): string {
  return `${EXTERNAL_REGISTER_PAGE}?${new URLSearchParams({ lang: shortLanguage(language) })}`
}

export function teacherSiteUrl(token: string): string {
  return `${TEACHER_SITE}/?${new URLSearchParams({ token })}`
}

/** The sandbox (or real) provider's consent page, opened in the system browser (see socialSignIn.ts). */
export function socialAuthorizeUrl(
  sandboxBase: string,
  provider: 'google' | 'facebook',
  binding: { state: string; codeChallenge: string }
): string {
  const query = new URLSearchParams({ state: binding.state, code_challenge: binding.codeChallenge, code_challenge_method: 'S256' })
  return `${sandboxBase.replace(/\/+$/, '')}/oauth/${provider}/authorize?${query}`
}
