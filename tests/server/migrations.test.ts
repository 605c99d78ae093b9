/**
 * Migration 0005 on a database that already has accounts: which phones it marks as proven, and
 * that an address merely typed in no longer blocks its owner; then 0007: which accounts count as
 * confirmed once.
 */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigration, applyMigrationNumbered, databaseBefore, migrationFiles } from './migrationSteps.ts'

describe('migration 0005 (proven credentials) on existing accounts', () => {
  let client: PGlite
  beforeAll(async () => {
    client = await databaseBefore('0005')
    await client.exec(`
      INSERT INTO countries (id, code, name_fr, name_en, name_ar) VALUES (1, 'TN', 'Tunisie', 'Tunisia', 'تونس'), (7, 'FR', 'France', 'France', 'فرنسا');
      INSERT INTO users (id, name, last_name, phone, email, email_verified, country_id, verified) VALUES
        (1, 'Sami', 'T', '20000001', 'typed@example.org', false, 1, true),
        (2, 'Lina', 'H', '20000002', 'lina@example.org', true, 7, true),
        (3, 'Youssef', 'G', '20000003', null, false, 1, false),
        (4, 'Salma', 'K', '20000004', null, false, null, true),
        (5, 'Omar', 'A', null, 'omar@example.org', true, 7, true),
        (11, 'Mover', 'M', '20000011', 'mover@example.org', true, 1, true),
        (12, 'Added', 'E', '20000012', 'added@example.org', true, 1, true),
        (13, 'Pending', 'D', '20000013', 'dup@example.org', true, 1, false),
        (14, 'Google', 'D', null, 'dup@example.org', true, null, true);
      -- 11 signed up abroad by e-mail, then moved to Tunisia; 12 signed up by phone, then added an e-mail.
      INSERT INTO verification_codes (user_id, purpose, target, code_hash, expires_at) VALUES
        (11, 'registration', 'mover@example.org', 'h1', now()),
        (12, 'registration', '20000012', 'h2', now()),
        (12, 'email', 'added@example.org', 'h3', now());
    `)
    await applyMigrationNumbered(client, '0005')
  }, 120_000)
  afterAll(async () => {
    await client?.close()
  })

  it('marks as proven the phone of each verified account in Tunisia, and no other', async () => {
    const { rows } = await client.query<{ id: number; phone_verified: boolean }>('SELECT id, phone_verified FROM users ORDER BY id')
    expect(rows).toEqual([
      { id: 1, phone_verified: true },
      { id: 2, phone_verified: false },
      { id: 3, phone_verified: false },
      { id: 4, phone_verified: true },
      { id: 5, phone_verified: false },
      // Moved from abroad: its code went to its e-mail, never to the phone it typed in.
      { id: 11, phone_verified: false },
      { id: 12, phone_verified: true },
      { id: 13, phone_verified: false },
      { id: 14, phone_verified: false }
    ])
  })

  it('leaves a proven e-mail to one holder, the verified one', async () => {
    const { rows } = await client.query<{ id: number; email_verified: boolean }>(
      "SELECT id, email_verified FROM users WHERE email = 'dup@example.org' ORDER BY id"
    )
    expect(rows).toEqual([
      { id: 13, email_verified: false },
      { id: 14, email_verified: true }
    ])
  })

  it('lets the owner of a typed-in address or phone prove it, and still refuses a second proof', async () => {
    await client.exec(
      `INSERT INTO users (id, name, last_name, email, email_verified, country_id, verified) VALUES (6, 'Owner', 'O', 'typed@example.org', true, 7, true)`
    )
    await client.exec(
      `INSERT INTO users (id, name, last_name, phone, phone_verified, country_id, verified) VALUES (7, 'Owner', 'P', '20000002', true, 1, true)`
    )
    await expect(
      client.exec(
        `INSERT INTO users (id, name, last_name, phone, phone_verified, country_id, verified) VALUES (8, 'Other', 'Q', '20000001', true, 1, true)`
      )
    ).rejects.toThrow(/users_proven_phone_uq/)
    await expect(client.exec(`UPDATE users SET email_verified = true WHERE id = 1`)).rejects.toThrow(/users_proven_email_uq/)
  })

  it('then counts as confirmed once every verified account and every one that proved something (0007)', async () => {
    // 15 was verified, proved its e-mail, and now waits for the code of a new phone.
    await client.exec(
      `INSERT INTO users (id, name, last_name, phone, email, email_verified, country_id, verified) VALUES (15, 'Waiting', 'W', '20000015', 'waiting@example.org', true, 1, false)`
    )
    for (const file of migrationFiles.filter((name) => name > '0006' && name < '0008')) await applyMigration(client, file)
    const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE confirmed_at IS NULL ORDER BY id')
    // Never confirmed: the registration still waiting (3), and 13, which lost its e-mail to 14.
    expect(rows).toEqual([{ id: 3 }, { id: 13 }])
  })
})
