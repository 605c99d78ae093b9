import { describe, expect, it } from 'vitest'
import { searchClosed } from '../../../src/shared/rules/search.ts'
import { tunisDate } from '../../../src/shared/tunisDate.ts'

describe('the search rule (group 104)', () => {
  const today = '2026-11-22'
  it('closes the search while an offer of group 104 runs, through its last day', () => {
    expect(searchClosed([{ group_id: 104, end_date: null }], today)).toBe(true)
    expect(searchClosed([{ group_id: 104, end_date: '2026-11-22' }], today)).toBe(true)
    expect(searchClosed([{ group_id: 104, end_date: '2027-01-31T00:00:00.000Z' }], today)).toBe(true)
  })

  it('leaves it open for ended offers of group 104 and for other groups', () => {
    expect(searchClosed([{ group_id: 104, end_date: '2026-11-21' }], today)).toBe(false)
    expect(searchClosed([{ group_id: 12, end_date: null }], today)).toBe(false)
    expect(searchClosed([], today)).toBe(false)
  })

  it('counts days in Tunis (UTC+1): 23:30 UTC is already the next day there', () => {
    expect(tunisDate(Date.parse('2026-11-22T23:30:00Z'))).toBe('2026-11-23')
    expect(tunisDate(new Date('2026-11-22T22:59:00Z'))).toBe('2026-11-22')
  })
})
