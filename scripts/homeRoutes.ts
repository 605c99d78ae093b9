/**
 * What the home screen asks for at once right after sign-in (src/renderer's home page): the bench
 * measures them (scripts/bench.ts, part home) and the server tests count the statements of each.
 */
export const HOME_ROUTES = [
  '/api/events?offset=0&today=1',
  '/api/student/subjects',
  '/progress-service/progress/subjects',
  '/api/student/chapters/new-contents',
  '/api/student/chapters/free-contents',
  '/api/alerts',
  '/api/student/pubs-cards',
  '/api/forum/latest-posts'
] as const
