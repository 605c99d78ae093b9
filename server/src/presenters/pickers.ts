/**
 * The pickers' shapes. Classes, levels, optional subjects, delegations and schools are named in
 * the request's language (Arabic where known, French otherwise); countries and governorates carry
 * their names in each language.
 */
import type { Division } from '../../../src/shared/api/pickers.ts'
import { byName, localName, type Language } from '../language.ts'
import type { CountryRow, DelegationRow, DivisionEntry, InstituteRow, OptionalSubjectRow, StateRow } from '../services/pickers.ts'

/** Lists ordered by name: by the French names in SQL, by the Arabic ones once named in Arabic. */
function ordered<T extends { name: string }>(items: T[], lang: Language): T[] {
  return lang === 'ar' ? byName(items, lang) : items
}

export function presentCountry(row: CountryRow) {
  return { id: row.id, code: row.code, name: row.nameFr, name_fr: row.nameFr, name_en: row.nameEn, name_ar: row.nameAr }
}

export function presentState(row: StateRow) {
  return { id: row.id, name: row.nameFr, name_ar: row.nameAr, country_id: row.countryId }
}

export function presentDelegations(rows: DelegationRow[], lang: Language) {
  return ordered(
    rows.map((row) => ({ id: row.id, name: localName(row.name, row.nameAr, lang), state_id: row.stateId })),
    lang
  )
}

export function presentInstitutes(rows: InstituteRow[], lang: Language) {
  return ordered(
    rows.map((row) => ({
      id: row.id,
      name: localName(row.name, row.nameAr, lang),
      state_id: row.stateId,
      delegation_id: row.delegationId
    })),
    lang
  )
}

export function presentDivision({ division, level, hasOptionalSubjects }: DivisionEntry, lang: Language): Division {
  return {
    id: division.id,
    name: localName(division.name, division.nameAr, lang),
    level: { id: level.id, slug: level.slug as Division['level']['slug'], name: localName(level.name, level.nameAr, lang) },
    has_optional_subjects: hasOptionalSubjects
  }
}

export function presentOptionalSubjects(rows: OptionalSubjectRow[], lang: Language) {
  return ordered(
    rows.map((row) => ({ id: row.id, name: localName(row.name, row.nameAr, lang), division_id: row.divisionId })),
    lang
  )
}
