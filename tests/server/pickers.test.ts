import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CountrySchema,
  DelegationSchema,
  DivisionSchema,
  InstituteSchema,
  OptionalSubjectSchema,
  StateSchema
} from '../../src/shared/api/pickers.ts'
import { call, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

async function list<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>[]> {
  const reply = await call(server.app, 'GET', url)
  expect(reply.status, url).toBe(200)
  return z.array(schema).parse(reply.body)
}

describe('address pickers (public)', () => {
  it('GET /api/countries lists Tunisia first, in three languages', async () => {
    const countries = await list('/api/countries', CountrySchema)
    expect(countries[0]).toEqual({ id: 1, code: 'TN', name: 'Tunisie', name_fr: 'Tunisie', name_en: 'Tunisia', name_ar: 'تونس' })
    expect(countries.find((c) => c.id === 7)).toMatchObject({ code: 'FR', name: 'France' })
  })

  it('GET /api/countries/{id}/states gives the 24 governorates of Tunisia and none elsewhere', async () => {
    const states = await list('/api/countries/1/states', StateSchema)
    expect(states).toHaveLength(24)
    expect(states.every((s) => s.country_id === 1)).toBe(true)
    expect(states.map((s) => s.name)).toContain('Sousse')
    expect(await list('/api/countries/7/states', StateSchema)).toEqual([])
    expect((await call(server.app, 'GET', '/api/countries/999/states')).status).toBe(404)
  })

  it('GET /api/deleg/{stateId}/delegation and /api/state/{id}/institutes cascade from the governorate', async () => {
    const delegations = await list('/api/deleg/1/delegation', DelegationSchema)
    expect(delegations.length).toBeGreaterThan(0)
    expect(delegations.every((d) => d.state_id === 1)).toBe(true)
    expect(delegations.map((d) => d.name)).toContain('La Marsa')
    const institutes = await list('/api/state/1/institutes', InstituteSchema)
    expect(institutes.length).toBeGreaterThan(0)
    const ids = new Set(delegations.map((d) => d.id))
    for (const institute of institutes) {
      expect(institute.state_id).toBe(1)
      if (institute.delegation_id != null) expect(ids.has(institute.delegation_id)).toBe(true)
    }
    expect((await call(server.app, 'GET', '/api/deleg/999/delegation')).status).toBe(404)
    expect((await call(server.app, 'GET', '/api/state/999/institutes')).status).toBe(404)
  })

  it('answers 422 with the error shape for an id that is not a positive integer', async () => {
    for (const url of [
      '/api/countries/abc/states',
      '/api/countries/0/states',
      '/api/deleg/-1/delegation',
      '/api/state/1.5/institutes',
      '/api/optional-subjects/99999999999'
    ]) {
      const reply = await call(server.app, 'GET', url)
      expect(reply.status, url).toBe(422)
      expect(reply.body.code, url).toBe('validation_failed')
    }
    // Found by the T1 fuzz run: Fastify's router answered these in its own shape.
    for (const url of [`/api/countries/${'9'.repeat(150)}/states`, '/api/state/%E0%A4%A/institutes']) {
      const reply = await call(server.app, 'GET', url)
      expect(reply.status, url).toBe(422)
      expect(reply.body, url).toEqual({ code: 'validation_failed', message: 'Requête invalide' })
    }
  })
})

describe('class pickers (public)', () => {
  it('GET /api/divisions lists every class with its level, in level order', async () => {
    const divisions = await list('/api/divisions', DivisionSchema)
    expect(divisions).toHaveLength(31)
    const levels = divisions.map((d) => d.level.id)
    expect([...levels].sort((a, b) => a - b)).toEqual(levels)
    expect(divisions.find((d) => d.id === 14)).toMatchObject({
      name: 'Bac Sciences expérimentales',
      level: { slug: 'bac' },
      has_optional_subjects: true
    })
    expect(divisions.find((d) => d.id === 19)).toMatchObject({ name: 'Bac Sport', has_optional_subjects: false })
  })

  it('GET /api/{level}/divisions takes a slug or an id', async () => {
    const bySlug = await list('/api/bac/divisions', DivisionSchema)
    const byId = await list('/api/4/divisions', DivisionSchema)
    expect(bySlug).toEqual(byId)
    expect(bySlug).toHaveLength(7)
    expect(bySlug.every((d) => d.level.slug === 'bac')).toBe(true)
    expect((await list('/api/primary/divisions', DivisionSchema)).map((d) => d.id)).toContain(23)
    expect((await call(server.app, 'GET', '/api/99/divisions')).status).toBe(404)
    expect((await call(server.app, 'GET', '/api/university/divisions')).status).toBe(422)
  })

  it('GET /api/optional-subjects/{id} lists the options of a class, empty when it has none', async () => {
    const options = await list('/api/optional-subjects/14', OptionalSubjectSchema)
    expect(options).toHaveLength(9)
    expect(options.every((o) => o.division_id === 14)).toBe(true)
    expect(await list('/api/optional-subjects/19', OptionalSubjectSchema)).toEqual([])
    expect((await call(server.app, 'GET', '/api/optional-subjects/999')).status).toBe(404)
  })
})
