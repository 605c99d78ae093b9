/**
 * The language of a request (its `Accept-Language` header) and the names of reference rows in
 * it: the Arabic name in Arabic where the row has one, the French name otherwise (English has
 * no names of its own for classes, delegations or institutes).
 */
import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Language } from '../../src/shared/api/profile.ts'

export type { Language }

/** The first of fr, en, ar in the Accept-Language header by preference; French otherwise. */
export function pickLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean)
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q[1]) : 1, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const found = ranked.find((entry) => entry.lang === 'fr' || entry.lang === 'en' || entry.lang === 'ar')
  return (found?.lang as Language | undefined) ?? 'fr'
}

/** The request's language; the answer is marked as varying with it. */
export function requestLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  void reply.header('vary', 'Accept-Language')
  return pickLanguage(request.headers['accept-language'])
}

/** A reference row's name in the language: its Arabic name in Arabic when it has one, else the French. */
export function localName(french: string, arabic: string | null | undefined, lang: Language): string {
  return lang === 'ar' && arabic ? arabic : french
}

/** `localName` in a statement: `lang` is the statement's parameter holding the language. */
export function localNameSql(french: AnyColumn, arabic: AnyColumn, lang: Placeholder): SQL<string> {
  return sql<string>`(case when ${lang}::text = 'ar' and ${arabic} <> '' then ${arabic} else ${french} end)`
}

const collators = new Map<Language, Intl.Collator>()

/** Sorts by name in the language's alphabetical order (lists ordered by name, named in Arabic). */
export function byName<T extends { name: string }>(items: T[], lang: Language): T[] {
  let collator = collators.get(lang)
  if (!collator) collators.set(lang, (collator = new Intl.Collator(lang)))
  return items.sort((a, b) => collator.compare(a.name, b.name))
}
