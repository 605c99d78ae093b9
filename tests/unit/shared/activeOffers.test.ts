import { describe, expect, it } from 'vitest'
import { activeGroups, isActiveOffer, tunisDay } from '../../../src/shared/rules/activeOffers.ts'
import { searchClosed } from '../../../src/shared/rules/search.ts'
import { offerPermissions } from '../../../src/renderer/src/stores/permissions.ts'

/** An offer of group 104 from 1 to 30 November 2026 (Tunis days, both included). */
const november = { group_id: 104, start_date: '2026-11-01', end_date: '2026-11-30' }

describe('active offers: started and not ended, days in Africa/Tunis (UTC+1)', () => {
  it.each([
    // instant (UTC)             Tunis day       active
    ['2026-10-31T22:59:59Z', '2026-10-31', false], // 23:59:59 in Tunis: the day before it starts
    ['2026-10-31T23:00:00Z', '2026-11-01', true], // midnight in Tunis: its first day
    ['2026-11-15T12:00:00Z', '2026-11-15', true],
    ['2026-11-30T22:59:59Z', '2026-11-30', true], // 23:59:59 in Tunis: still its last day
    ['2026-11-30T23:00:00Z', '2026-12-01', false] // midnight in Tunis: ended
  ])('at %s (Tunis %s): active %s', (instant, day, active) => {
    expect(tunisDay(new Date(instant))).toBe(day)
    expect(tunisDay(Date.parse(instant))).toBe(day)
    expect(activeGroups([november], new Date(instant)).has(104)).toBe(active)
    expect(isActiveOffer(november, day)).toBe(active)
    expect(searchClosed([november], day)).toBe(active)
    expect(offerPermissions([november], new Date(instant)).searchClosed).toBe(active)
  })

  it('reads open dates as open, ISO instants by their day, and a yyyy-mm-dd day as given', () => {
    expect(isActiveOffer({ group_id: 1, start_date: null, end_date: null }, '2026-11-22')).toBe(true)
    expect(isActiveOffer({ group_id: 1, end_date: '2026-11-22T00:00:00.000Z' }, '2026-11-22')).toBe(true)
    expect(isActiveOffer({ group_id: 1, start_date: '2026-11-23', end_date: null }, '2026-11-22')).toBe(false)
    expect(tunisDay('2026-11-22')).toBe('2026-11-22')
    expect(tunisDay('2026-11-22T23:30:00Z')).toBe('2026-11-23')
  })

  it('gives the groups of the active offers only', () => {
    const offers = [
      { group_id: 83, start_date: '2026-09-01', end_date: '2026-11-21' }, // ended
      { group_id: 84, start_date: '2026-11-23', end_date: '2027-06-30' }, // not started
      { group_id: 112, start_date: '2026-09-01', end_date: '2027-06-30' },
      { group_id: 122, start_date: null, end_date: null }
    ]
    expect([...activeGroups(offers, '2026-11-22')].sort()).toEqual([112, 122])
    expect(offerPermissions(offers, new Date('2026-11-22T10:00:00Z'))).toEqual({
      searchClosed: false,
      attachmentsBlocked: false,
      events: true,
      purchasedAll: true
    })
    expect(offerPermissions(offers, new Date('2026-11-23T10:00:00Z')).attachmentsBlocked).toBe(true)
    expect(offerPermissions(null, Date.now())).toEqual({
      searchClosed: false,
      attachmentsBlocked: false,
      events: false,
      purchasedAll: false
    })
  })

  it('a group-104 offer not started yet leaves the search open, in the app and in the shared rule', () => {
    const later = [{ group_id: 104, start_date: '2026-12-01', end_date: '2026-12-07' }]
    expect(searchClosed(later, '2026-11-30')).toBe(false)
    expect(offerPermissions(later, new Date('2026-11-30T22:59:00Z')).searchClosed).toBe(false)
    expect(offerPermissions(later, new Date('2026-11-30T23:00:00Z')).searchClosed).toBe(true)
  })
})
