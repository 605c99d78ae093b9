/**
 * The address and class pickers: countries → governorates → delegations → institutes, and
 * levels → divisions → optional subjects. Public: registration needs them before sign-in.
 * Delegations, institutes, levels, classes and options are named in the Accept-Language language
 * (Arabic where known, French otherwise); countries and governorates carry each language's name.
 */
import { z } from 'zod'
import { idParam, type Endpoint, IdPathSchema } from './common.ts'

export const CountrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  name_ar: z.string()
})
export type Country = z.infer<typeof CountrySchema>

export const StateSchema = z.object({ id: z.number().int(), name: z.string(), name_ar: z.string(), country_id: z.number().int() })
export type State = z.infer<typeof StateSchema>

export const DelegationSchema = z.object({ id: z.number().int(), name: z.string(), state_id: z.number().int() })
export const InstituteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state_id: z.number().int(),
  delegation_id: z.number().int().nullable()
})

export const LevelSlugSchema = z.enum(['primary', 'basic', 'secondary', 'bac'])
export const LevelSchema = z.object({ id: z.number().int(), slug: LevelSlugSchema, name: z.string() })
export const DivisionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: LevelSchema,
  has_optional_subjects: z.boolean()
})
export type Division = z.infer<typeof DivisionSchema>
export const OptionalSubjectSchema = z.object({ id: z.number().int(), name: z.string(), division_id: z.number().int() })

export const pickersEndpoints = {
  countries: {
    method: 'GET',
    service: 'api',
    path: '/countries',
    access: 'public',
    summary: 'Countries (id 1 is Tunisia, listed first)',
    response: z.array(CountrySchema)
  },
  states: {
    method: 'GET',
    service: 'api',
    path: '/countries/:id/states',
    access: 'public',
    summary: 'Governorates of a country (only Tunisia has them)',
    params: IdPathSchema,
    response: z.array(StateSchema),
    errors: [404]
  },
  delegations: {
    method: 'GET',
    service: 'api',
    path: '/deleg/:stateId/delegation',
    access: 'public',
    summary: 'Delegations of a governorate',
    params: z.strictObject({ stateId: idParam }),
    response: z.array(DelegationSchema),
    errors: [404]
  },
  institutes: {
    method: 'GET',
    service: 'api',
    path: '/state/:id/institutes',
    access: 'public',
    summary: 'Institutes of a governorate (each names its delegation)',
    params: IdPathSchema,
    response: z.array(InstituteSchema),
    errors: [404]
  },
  divisions: {
    method: 'GET',
    service: 'api',
    path: '/divisions',
    access: 'public',
    summary: 'Every class, by level',
    response: z.array(DivisionSchema)
  },
  levelDivisions: {
    method: 'GET',
    service: 'api',
    path: '/:level/divisions',
    access: 'public',
    summary: 'Classes of one level (slug or id)',
    params: z.strictObject({ level: z.union([LevelSlugSchema, idParam], { error: 'common.invalid' }) }),
    response: z.array(DivisionSchema),
    errors: [404]
  },
  optionalSubjects: {
    method: 'GET',
    service: 'api',
    path: '/optional-subjects/:id',
    access: 'public',
    summary: 'Optional subjects of a class (empty when it has none)',
    params: IdPathSchema,
    response: z.array(OptionalSubjectSchema),
    errors: [404]
  }
} as const satisfies Record<string, Endpoint>
