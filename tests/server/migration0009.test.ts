/**
 * Migration 0009 (learning content) on a database that already has lessons and progress: the
 * sections take their chapters' tab, the free offer opens no lesson, and progress recorded before
 * the watched seconds existed becomes that share of the video, from its start.
 */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigrationNumbered, databaseBefore } from './migrationSteps.ts'

describe('migration 0009 (learning content) on existing lessons and progress', () => {
  let client: PGlite
  beforeAll(async () => {
    client = await databaseBefore('0009')
    await client.exec(`
      INSERT INTO levels (id, slug, name, position) VALUES (4, 'bac', 'Baccalauréat', 4);
      INSERT INTO divisions (id, level_id, name, position) VALUES (14, 4, 'Bac Sciences expérimentales', 1);
      INSERT INTO offer_groups (id, name) VALUES (83, 'Gratuit'), (112, 'Gold');
      INSERT INTO users (id, name, last_name, verified) VALUES (1, 'Sami', 'T', true);
      INSERT INTO subjects (id, division_id, name, slug) VALUES (1, 14, 'Mathématiques', 'mathematiques');
      INSERT INTO chapter_sections (id, subject_id, name, position) VALUES (1, 1, 'Analyse', 1), (2, 1, 'Séances enregistrées', 2), (3, 1, 'Vide', 3);
      INSERT INTO chapters (id, subject_id, section_id, slug, name, type, position) VALUES
        (1, 1, 1, 'limites', 'Limites', 'course', 1), (2, 1, 2, 'seances', 'Séances', 'recording', 2);
      INSERT INTO contents (id, chapter_id, slug, name, type_id, duration_seconds) VALUES
        (1, 1, 'a', 'A', 2, 600), (2, 1, 'b', 'B', 1, 600), (3, 2, 'c', 'C', 6, 1200), (4, 1, 'd', 'D', 3, NULL);
      INSERT INTO content_progress (user_id, content_id, percentage, completed) VALUES (1, 1, 100, true), (1, 2, 45, false), (1, 3, 0, false), (1, 4, 30, false);
    `)
    await applyMigrationNumbered(client, '0009')
  }, 120_000)
  afterAll(async () => {
    await client?.close()
  })

  it("gives each section its chapters' tab (course where it holds none)", async () => {
    const { rows } = await client.query<{ id: number; type: string }>('SELECT id, type FROM chapter_sections ORDER BY id')
    expect(rows).toEqual([
      { id: 1, type: 'course' },
      { id: 2, type: 'recording' },
      { id: 3, type: 'course' }
    ])
  })

  it('lets the free offer open no lesson, the others all', async () => {
    const { rows } = await client.query<{ id: number; unlocks_content: boolean }>(
      'SELECT id, unlocks_content FROM offer_groups ORDER BY id'
    )
    expect(rows).toEqual([
      { id: 83, unlocks_content: false },
      { id: 112, unlocks_content: true }
    ])
  })

  it('turns the progress recorded before into that share of the video, from its start', async () => {
    const { rows } = await client.query<{ content_id: number; watched: string; watched_seconds: number; percentage: number }>(
      'SELECT content_id, watched::text AS watched, watched_seconds, percentage FROM content_progress ORDER BY content_id'
    )
    expect(rows).toEqual([
      { content_id: 1, watched: '{[0,600)}', watched_seconds: 600, percentage: 100 },
      { content_id: 2, watched: '{[0,270)}', watched_seconds: 270, percentage: 45 },
      { content_id: 3, watched: '{}', watched_seconds: 0, percentage: 0 },
      // A magazine has no video to have watched.
      { content_id: 4, watched: '{}', watched_seconds: 0, percentage: 30 }
    ])
    // The database merges ranges added later.
    await client.exec('UPDATE content_progress SET watched = watched + int4multirange(int4range(250, 300)) WHERE content_id = 2')
    const { rows: merged } = await client.query<{ watched: string }>(
      'SELECT watched::text AS watched FROM content_progress WHERE content_id = 2'
    )
    expect(merged[0]!.watched).toBe('{[0,300)}')
  })
})
