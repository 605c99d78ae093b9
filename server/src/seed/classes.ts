/**
 * Levels, classes and optional subjects of the Tunisian school system. Ids 23–31, 33 and 34 are
 * the ones the specification names (23–30, 33, 34: content moved elsewhere; 31: the "vers
 * pilote" join path).
 */

export const levelRows = [
  { id: 1, slug: 'primary', name: 'Primaire', position: 1 },
  { id: 2, slug: 'basic', name: 'Enseignement de base (collège)', position: 2 },
  { id: 3, slug: 'secondary', name: 'Secondaire', position: 3 },
  { id: 4, slug: 'bac', name: 'Baccalauréat', position: 4 }
] as const

const BAC_STREAMS = ['Mathématiques', 'Sciences expérimentales', 'Économie et gestion', 'Technique', 'Informatique', 'Lettres', 'Sport']
const SECOND_YEAR_STREAMS = ['Sciences', 'Lettres', 'Économie et services', "Technologies de l'informatique", 'Sport']

export function divisionRows(): Array<{ id: number; levelId: number; name: string; position: number }> {
  const rows: Array<{ id: number; levelId: number; name: string; position: number }> = []
  SECOND_YEAR_STREAMS.forEach((stream, i) => rows.push({ id: 1 + i, levelId: 3, name: `2ème année secondaire — ${stream}`, position: 20 + i }))
  BAC_STREAMS.forEach((stream, i) => rows.push({ id: 6 + i, levelId: 3, name: `3ème année secondaire — ${stream}`, position: 30 + i }))
  BAC_STREAMS.forEach((stream, i) => rows.push({ id: 13 + i, levelId: 4, name: `Bac ${stream}`, position: 40 + i }))
  const primary = ['1ère année primaire', '2ème année primaire', '3ème année primaire', '4ème année primaire', '5ème année primaire', '6ème année primaire']
  primary.forEach((name, i) => rows.push({ id: 23 + i, levelId: 1, name, position: 2 + i }))
  rows.push({ id: 29, levelId: 2, name: '7ème année de base', position: 10 })
  rows.push({ id: 30, levelId: 2, name: '8ème année de base', position: 11 })
  rows.push({ id: 31, levelId: 2, name: '9ème année de base', position: 12 })
  rows.push({ id: 32, levelId: 3, name: '1ère année secondaire', position: 19 })
  rows.push({ id: 33, levelId: 1, name: 'Année préparatoire', position: 1 })
  rows.push({ id: 34, levelId: 1, name: '6ème année primaire — préparation au concours', position: 8 })
  return rows
}

const OPTIONS = ['Allemand', 'Italien', 'Espagnol', 'Russe', 'Chinois', 'Turc', 'Musique', 'Arts plastiques', 'Théâtre']

/** Optional subjects of the 3ème année and bac streams except sport. */
export function optionalSubjectRows(): Array<{ id: number; divisionId: number; name: string }> {
  const divisions = [6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18]
  return divisions.flatMap((divisionId, d) => OPTIONS.map((name, i) => ({ id: d * OPTIONS.length + i + 1, divisionId, name })))
}

/** Offer groups the specification names by id. */
export const offerGroupRows = [
  { id: 83, name: 'Gratuit' },
  { id: 84, name: 'Pack révision' },
  { id: 85, name: 'Optimum' },
  { id: 104, name: 'Opérateur mobile' },
  { id: 107, name: 'Silver+' },
  { id: 112, name: 'Gold' },
  { id: 122, name: 'Top 50' },
  { id: 127, name: 'Excellent' }
]
