/** Liveness of each route group of the platform API. */
import { z } from 'zod'
import type { Endpoint } from './common.ts'

export const HealthSchema = z.object({ status: z.literal('ok'), service: z.string() })

const health = <S extends Endpoint['service']>(service: S) =>
  ({
    method: 'GET',
    service,
    path: '/health',
    access: 'public',
    summary: `Liveness of the ${service} service`,
    response: HealthSchema
  }) as const satisfies Endpoint

export const healthEndpoints = {
  api: health('api'),
  notify: health('notify'),
  progress: health('progress'),
  analytics: health('analytics'),
  sandbox: health('sandbox')
} as const
