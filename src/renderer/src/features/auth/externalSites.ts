/** Sites outside the app that the sign-in flows send people to (allowlisted by main). */
export const TEACHER_SITE = 'https://enseignant.darsi.tn'
export const EXTERNAL_REGISTER_PAGE = 'https://inscription.darsi.tn'

export function teacherSiteUrl(token: string): string {
  return `${TEACHER_SITE}/?${new URLSearchParams({ token })}`
}

/** The sandbox (or real) provider's consent page, opened in the system browser. */
export function socialAuthorizeUrl(sandboxBase: string, provider: 'google' | 'facebook'): string {
  return `${sandboxBase.replace(/\/+$/, '')}/oauth/${provider}/authorize`
}
