/**
 * Operator and development endpoints: the back-office steps the admin CLI performs against a
 * running server (operator key, loopback only by default) and the development outbox.
 */
import { z } from 'zod'
import { SwitchRedirectSchema } from '../deepLink.ts'
import { UserTypeSchema } from '../ipc.ts'
import { credentialSchema } from '../rules/credential.ts'
import { firstNameSchema, lastNameSchema } from '../rules/names.ts'
import { newPasswordSchema } from '../rules/password.ts'
import { ImpersonationResponseSchema } from './accounts.ts'
import type { Endpoint } from './common.ts'

export const OutboxEntrySchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  created_at: z.string()
})
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>
export const OutboxQuerySchema = z.strictObject({ to: z.string().max(180).optional() })

export const CreateUserBodySchema = z.strictObject({
  credential: credentialSchema,
  password: newPasswordSchema,
  name: firstNameSchema,
  lastName: lastNameSchema,
  role: UserTypeSchema.default('student'),
  division: z.number().int().positive().max(2_147_483_647).optional(),
  verified: z.boolean().default(true),
  isTest: z.boolean().default(false)
})
export const CreateUserResponseSchema = z.object({ id: z.number().int(), message: z.string() })

export const OperatorImpersonationBodySchema = z.strictObject({
  userId: z.number().int().positive().max(2_147_483_647),
  /** The administrator named in the link; the first administrator when omitted. */
  adminId: z.number().int().positive().max(2_147_483_647).optional(),
  redirectTo: SwitchRedirectSchema.optional()
})

export const operatorEndpoints = {
  createUser: {
    method: 'POST',
    service: 'operator',
    path: '/users',
    access: 'operator',
    status: 201,
    summary: 'Create an account (any role)',
    body: CreateUserBodySchema,
    response: CreateUserResponseSchema,
    errors: [401, 403]
  },
  impersonationLink: {
    method: 'POST',
    service: 'operator',
    path: '/impersonation-link',
    access: 'operator',
    summary: 'Mint a darsi://switch link for a student',
    body: OperatorImpersonationBodySchema,
    response: ImpersonationResponseSchema,
    errors: [401, 403, 404]
  },
  outbox: {
    method: 'GET',
    service: 'operator',
    path: '/outbox',
    access: 'operator',
    summary: 'Messages sent or waiting, newest first',
    querystring: OutboxQuerySchema,
    response: z.array(OutboxEntrySchema),
    errors: [401, 403]
  }
} as const satisfies Record<string, Endpoint>

export const devEndpoints = {
  outbox: {
    method: 'GET',
    service: 'dev',
    path: '/outbox',
    access: 'public',
    summary: 'Development only (--dev): the outbox, newest first',
    querystring: OutboxQuerySchema,
    response: z.array(OutboxEntrySchema)
  }
} as const satisfies Record<string, Endpoint>
