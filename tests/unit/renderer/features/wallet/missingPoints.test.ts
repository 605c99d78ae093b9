/**
 * A purchase refused for want of points names the points missing in the wallet's address; the
 * wallet reads them back (docs/decisions/0038-offers-screen.md).
 */
import { matchPath } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { findRoute } from '../../../../../src/renderer/src/app/routes.ts'
import { missingPointsOf, walletPathForMissingPoints } from '../../../../../src/renderer/src/features/wallet/index.ts'

describe('the points missing, from a refused purchase to the wallet', () => {
  it("travels in the wallet route's query and is read back", () => {
    const path = walletPathForMissingPoints(92.5)
    expect(path).toBe('/porte-monnaie?missing_points=92.5')
    const url = new URL(path, 'app://darsi')
    expect(matchPath(findRoute('wallet')!.path, url.pathname)).not.toBeNull()
    expect(missingPointsOf(url.search)).toBe(92.5)
  })

  it('leads to the plain wallet when nothing is known, and reads nothing odd from the address', () => {
    expect(walletPathForMissingPoints(null)).toBe('/porte-monnaie')
    expect(walletPathForMissingPoints(0)).toBe('/porte-monnaie')
    for (const search of [
      '',
      '?missing_points=',
      '?missing_points=-3',
      '?missing_points=abc',
      '?missing_points=1e9',
      '?missing_points=0',
      '?missing_points=1.2345'
    ]) {
      expect(missingPointsOf(search), search).toBeNull()
    }
    expect(missingPointsOf('?missing_points=130')).toBe(130)
  })
})
