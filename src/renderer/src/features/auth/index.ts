/**
 * What the app shell and the other areas use of the sign-in area (docs/decisions/0028-areas.md).
 * Imported at start-up: only loaders and small functions, each screen keeps its own chunk.
 */
export { externalRegisterPageUrl } from './externalSites.ts'
export const loadLoginPage = () => import('./LoginPage.tsx')
export const loadRegisterPage = () => import('./RegisterPage.tsx')
export const loadResetPasswordPage = () => import('./ResetPasswordPage.tsx')
export const loadSocialCallbackPage = () => import('./SocialCallbackPage.tsx')
export const loadConfirmPage = () => import('./ConfirmPage.tsx')
export const loadUpdatePasswordPage = () => import('./UpdatePasswordPage.tsx')
export const loadSwitchPage = () => import('./SwitchPage.tsx')
export const loadChangePasswordDialog = () => import('./ChangePasswordDialog.tsx')
