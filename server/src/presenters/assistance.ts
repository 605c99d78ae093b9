/** The only way assistance videos leave the server: the shape of src/shared/api/assistance.ts. */
import type { AssistanceVideo } from '../../../src/shared/api/assistance.ts'
import { servicePrefixes } from '../../../src/shared/api/common.ts'
import type { AssistanceRow } from '../services/assistance.ts'

export function presentAssistanceVideo(row: AssistanceRow): AssistanceVideo {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // A file of the store is served by the API (GET /api/media/assistance/{id}).
    url: row.storageKey !== null ? `${servicePrefixes.api}/media/assistance/${row.id}` : row.url!,
    mime_type: row.mimeType,
    duration: row.durationSeconds,
    position: row.position
  }
}
