/** The file a running server writes in its data directory so the admin CLI can find it. */
export const SERVER_INFO_FILE = 'server.json'
