/** Operator endpoints (admin CLI) and the development outbox. */
import type { FastifyInstance } from 'fastify'
import { devEndpoints, operatorEndpoints as ep } from '../../../src/shared/api/operator.ts'
import { parseCredential } from '../../../src/shared/rules/credential.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute } from '../http.ts'
import { presentImpersonationLink } from '../presenters/user.ts'
import type { Services } from '../services.ts'
import type { OutboxRow } from '../services/outbox.ts'
import { checkReferences, credentialTaken, findById, firstAdminId, insertUser } from '../services/users.ts'

function presentOutbox(row: OutboxRow) {
  return {
    channel: row.channel === 'sms' ? ('sms' as const) : ('email' as const),
    to: row.to,
    subject: row.subject,
    body: row.body,
    code: row.code,
    created_at: row.createdAt.toISOString()
  }
}

/** `+216 20 123 456` and `20123456` name the same recipient. */
function recipient(to: string | undefined): string | null {
  if (!to) return null
  return parseCredential(to)?.value ?? to
}

export function registerOperatorRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.createUser, async ({ body }) => {
    const credential = parseCredential(body.credential)!
    if (await credentialTaken(db, credential))
      throw fieldError({ credential: ['common.invalid'] }, 'account_information_already_used', 'Account information already used: ')
    // An unknown class would otherwise surface as a foreign-key failure (a 500).
    await checkReferences(db, { countryId: null, stateId: null, divisionId: body.division ?? null, optionalSubjectId: null })
    const now = services.clock.now()
    const row = await insertUser(db, {
      role: body.role,
      name: body.name,
      lastName: body.lastName,
      phone: credential.kind === 'phone' ? credential.value : null,
      email: credential.kind === 'email' ? credential.value : null,
      emailVerified: credential.kind === 'email' && body.verified,
      phoneVerified: credential.kind === 'phone' && body.verified,
      countryId: credential.kind === 'phone' ? 1 : null,
      divisionId: body.division ?? null,
      passwordHash: await services.passwords.hash(body.password),
      passwordChangedAt: now,
      verified: body.verified,
      confirmedAt: body.verified ? now : null,
      isTest: body.isTest,
      createdAt: now,
      updatedAt: now
    })
    return { id: row.id, message: `Created ${body.role} ${row.id} (${credential.value})` }
  })

  addRoute(app, services, ep.impersonationLink, async ({ body }) => {
    const target = await findById(db, body.userId)
    if (!target || target.role === 'admin') throw new ApiError('not_found', 'Utilisateur introuvable')
    let adminId = body.adminId
    if (adminId === undefined) {
      const admin = await firstAdminId(db)
      if (admin === null) throw new ApiError('not_found', 'No administrator account exists')
      adminId = admin
    } else {
      const admin = await findById(db, adminId)
      if (!admin || admin.role !== 'admin') throw new ApiError('not_found', 'Administrateur introuvable')
    }
    return presentImpersonationLink(await services.sessions.startImpersonation(target.id, adminId), adminId, target.id, body.redirectTo)
  })

  addRoute(app, services, ep.outbox, async ({ query }) => (await services.outbox.list(recipient(query.to))).map(presentOutbox))

  if (services.config.dev) {
    addRoute(app, services, devEndpoints.outbox, async ({ query }) => (await services.outbox.list(recipient(query.to))).map(presentOutbox))
  }
}
