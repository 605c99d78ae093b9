/**
 * Levels, classes and optional subjects of the Tunisian school system, with their French and
 * official Arabic names (the API serves the one of the request's language). Ids 23–31, 33 and 34 are
 * the ones the specification names (23–30, 33, 34: content moved elsewhere; 31: the "vers
 * pilote" join path).
 */

export const levelRows = [
  { id: 1, slug: 'primary', name: 'Primaire', nameAr: 'ابتدائي', position: 1 },
  { id: 2, slug: 'basic', name: 'Enseignement de base (collège)', nameAr: 'إعدادي/أساسي', position: 2 },
  { id: 3, slug: 'secondary', name: 'Secondaire', nameAr: 'ثانوي', position: 3 },
  { id: 4, slug: 'bac', name: 'Baccalauréat', nameAr: 'باكالوريا', position: 4 }
] as const

/** [French, Arabic]: the streams (sections) by their official names. */
const BAC_STREAMS: Array<[string, string]> = [
  ['Mathématiques', 'رياضيات'],
  ['Sciences expérimentales', 'علوم تجريبية'],
  ['Économie et gestion', 'اقتصاد وتصرف'],
  ['Technique', 'علوم تقنية'],
  ['Informatique', 'علوم الإعلامية'],
  ['Lettres', 'آداب'],
  ['Sport', 'رياضة']
]
const SECOND_YEAR_STREAMS: Array<[string, string]> = [
  ['Sciences', 'علوم'],
  ['Lettres', 'آداب'],
  ['Économie et services', 'اقتصاد وخدمات'],
  ["Technologies de l'informatique", 'تكنولوجيا الإعلامية'],
  ['Sport', 'رياضة']
]

export type DivisionRow = { id: number; levelId: number; name: string; nameAr: string; position: number }

/** Every class with its official name in French and in Arabic. */
export function divisionRows(): DivisionRow[] {
  const rows: DivisionRow[] = []
  SECOND_YEAR_STREAMS.forEach(([stream, ar], i) =>
    rows.push({ id: 1 + i, levelId: 3, name: `2ème année secondaire — ${stream}`, nameAr: `السنة الثانية ثانوي — ${ar}`, position: 20 + i })
  )
  BAC_STREAMS.forEach(([stream, ar], i) =>
    rows.push({ id: 6 + i, levelId: 3, name: `3ème année secondaire — ${stream}`, nameAr: `السنة الثالثة ثانوي — ${ar}`, position: 30 + i })
  )
  BAC_STREAMS.forEach(([stream, ar], i) =>
    rows.push({ id: 13 + i, levelId: 4, name: `Bac ${stream}`, nameAr: `باكالوريا ${ar}`, position: 40 + i })
  )
  const primary: Array<[string, string]> = [
    ['1ère année primaire', 'السنة الأولى ابتدائي'],
    ['2ème année primaire', 'السنة الثانية ابتدائي'],
    ['3ème année primaire', 'السنة الثالثة ابتدائي'],
    ['4ème année primaire', 'السنة الرابعة ابتدائي'],
    ['5ème année primaire', 'السنة الخامسة ابتدائي'],
    ['6ème année primaire', 'السنة السادسة ابتدائي']
  ]
  primary.forEach(([name, nameAr], i) => rows.push({ id: 23 + i, levelId: 1, name, nameAr, position: 2 + i }))
  rows.push({ id: 29, levelId: 2, name: '7ème année de base', nameAr: 'السنة السابعة أساسي', position: 10 })
  rows.push({ id: 30, levelId: 2, name: '8ème année de base', nameAr: 'السنة الثامنة أساسي', position: 11 })
  rows.push({ id: 31, levelId: 2, name: '9ème année de base', nameAr: 'السنة التاسعة أساسي', position: 12 })
  rows.push({ id: 32, levelId: 3, name: '1ère année secondaire', nameAr: 'السنة الأولى ثانوي', position: 19 })
  rows.push({ id: 33, levelId: 1, name: 'Année préparatoire', nameAr: 'السنة التحضيرية', position: 1 })
  rows.push({
    id: 34,
    levelId: 1,
    name: '6ème année primaire — préparation au concours',
    nameAr: 'السنة السادسة ابتدائي — التحضير للمناظرة',
    position: 8
  })
  return rows
}

/** [French, Arabic] */
const OPTIONS: Array<[string, string]> = [
  ['Allemand', 'الألمانية'],
  ['Italien', 'الإيطالية'],
  ['Espagnol', 'الإسبانية'],
  ['Russe', 'الروسية'],
  ['Chinois', 'الصينية'],
  ['Turc', 'التركية'],
  ['Musique', 'الموسيقى'],
  ['Arts plastiques', 'الفنون التشكيلية'],
  ['Théâtre', 'المسرح']
]

/** Optional subjects of the 3ème année and bac streams except sport. */
export function optionalSubjectRows(): Array<{ id: number; divisionId: number; name: string; nameAr: string }> {
  const divisions = [6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18]
  return divisions.flatMap((divisionId, d) =>
    OPTIONS.map(([name, nameAr], i) => ({ id: d * OPTIONS.length + i + 1, divisionId, name, nameAr }))
  )
}

/**
 * Offer groups the specification names by id, and those of the demo catalogue's other offers (102,
 * 115, 119: decision 0034); the free offer opens no lesson but the free ones.
 */
export const offerGroupRows = [
  { id: 83, name: 'Gratuit', unlocksContent: false },
  { id: 84, name: 'Pack révision' },
  { id: 85, name: 'Optimum' },
  { id: 102, name: 'Standard' },
  { id: 104, name: 'Opérateur mobile' },
  { id: 107, name: 'Silver+' },
  { id: 112, name: 'Gold' },
  { id: 115, name: 'Pack à la carte' },
  { id: 119, name: 'Pack sciences' },
  { id: 122, name: 'Top 50' },
  { id: 127, name: 'Excellent' }
]
