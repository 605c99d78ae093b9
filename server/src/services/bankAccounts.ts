/**
 * The accounts pupils send bank transfers and postal deposits to (the wallet page shows them).
 * Production sets `DARSI_BANK_ACCOUNTS` to a JSON array of {institution, kind, owner,
 * account_number, rib, rip}; without it the demo values below are served, marked as such.
 */
import { z } from 'zod'
import { BankAccountSchema, type BankAccount } from '../../../src/shared/api/wallet.ts'

export const DEMO_BANK_ACCOUNTS: BankAccount[] = [
  {
    institution: 'Banque Internationale Arabe de Tunisie (BIAT)',
    kind: 'bank',
    owner: 'Darsi SARL (compte de démonstration)',
    account_number: '0000 0000 0000 0001',
    rib: '08 000 0000000000001 00',
    rip: null
  },
  {
    institution: 'Société Tunisienne de Banque (STB)',
    kind: 'bank',
    owner: 'Darsi SARL (compte de démonstration)',
    account_number: '0000 0000 0000 0002',
    rib: '10 000 0000000000002 00',
    rip: null
  },
  {
    institution: 'La Poste Tunisienne',
    kind: 'postal',
    owner: 'Darsi SARL (compte de démonstration)',
    account_number: '0000 0000 0000 0003',
    rib: null,
    rip: '17 000 0000000000003 00'
  }
]

/** The configured accounts; a malformed setting is refused at start rather than shown to pupils. */
export function bankAccountsFromEnv(env: NodeJS.ProcessEnv = process.env): BankAccount[] {
  const raw = env.DARSI_BANK_ACCOUNTS
  if (!raw) return DEMO_BANK_ACCOUNTS
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new Error('DARSI_BANK_ACCOUNTS is not valid JSON')
  }
  const result = z.array(BankAccountSchema).min(1).safeParse(parsed)
  if (!result.success) throw new Error(`DARSI_BANK_ACCOUNTS is invalid: ${result.error.issues[0]?.message ?? 'unknown'}`)
  return result.data
}
