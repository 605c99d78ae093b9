/** The origin of the page the app serves in production: the privileged `app` scheme. */
export const APP_SCHEME = 'app'
export const APP_HOST = 'darsi'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The scheme of `darsi://` links (the same as the shared parser's, without loading it). */
export const DEEP_LINK_PROTOCOL = 'darsi'
