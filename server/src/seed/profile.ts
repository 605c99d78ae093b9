/**
 * Reference rows of the profile features: the reasons a pupil may give for a class change and
 * the ad cards of the side columns. Seeded with the demo data (`--seed demo`); idempotent.
 */
import type { Db } from '../db/client.ts'
import { adCards, divisionChangeReasons } from '../db/schema.ts'

/** [id, fr, en, ar]; id 4 is "other" and needs the free text (OTHER_REASON_ID). */
export const divisionChangeReasonRows: Array<[number, string, string, string]> = [
  [1, "Erreur lors de l'inscription", 'Mistake when registering', 'خطأ عند التسجيل'],
  [
    2,
    'Passage au niveau supérieur (nouvelle année scolaire)',
    'Moving up a year (new school year)',
    'الانتقال إلى المستوى الأعلى (سنة دراسية جديدة)'
  ],
  [3, 'Redoublement', 'Repeating the year', 'الرسوب وإعادة السنة'],
  [4, 'Autre raison', 'Other reason', 'سبب آخر'],
  [5, "Changement de section ou d'option", 'Change of stream or option', 'تغيير الشعبة أو المادة الاختيارية']
]

type AdCardRow = typeof adCards.$inferInsert

export const adCardRows: AdCardRow[] = [
  {
    id: 1,
    type: 'text',
    position: 1,
    text: 'Révisez le bac avec nos séances en direct chaque soir à 19h',
    urlLink: 'https://darsi.tn/offres',
    iconPosition: 'left',
    color: '#1E6FD9',
    visible: true
  },
  {
    id: 2,
    type: 'video',
    position: 2,
    text: 'Découvrez Darsi en 2 minutes',
    videoLink: 'https://www.youtube.com/watch?v=darsi-presentation',
    iconPosition: 'top',
    color: '#0F9D58',
    visible: true
  },
  {
    id: 3,
    type: 'link',
    position: 3,
    text: 'Parrainez un ami et gagnez des jetons',
    urlLink: 'https://darsi.tn/parrainage',
    iconPosition: 'right',
    color: '#F4B400',
    visible: true
  },
  {
    // Kept hidden: the list must leave it out.
    id: 4,
    type: 'text',
    position: 0,
    text: 'Offre de rentrée terminée',
    iconPosition: 'left',
    color: '#9E9E9E',
    visible: false
  },
  {
    id: 5,
    type: 'text',
    position: 4,
    text: 'Téléchargez vos bulletins pour suivre vos progrès trimestre après trimestre',
    iconPosition: 'left',
    color: '#7B1FA2',
    visible: true
  }
]

export async function seedProfile(db: Db): Promise<void> {
  await db
    .insert(divisionChangeReasons)
    .values(
      divisionChangeReasonRows.map(([id, textFr, textEn, textAr]) => ({
        id,
        textFr,
        textEn,
        textAr,
        position: id
      }))
    )
    .onConflictDoNothing()
  await db.insert(adCards).values(adCardRows).onConflictDoNothing()
}
