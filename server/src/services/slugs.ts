/** The slugs of subjects, chapters and lessons (their paths in the app). */

/** `Équations du second degré` → `equations-du-second-degre`; empty for a name without Latin letters. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
}
