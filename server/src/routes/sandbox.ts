/**
 * The sandbox OAuth provider: a small consent page that hands a one-time code back to the app
 * through `darsi://login/{provider}/callback?code=…&state=…`, exchanged at
 * `GET /api/auth/social/{provider}/callback` with the PKCE verifier (RFC 7636, S256) whose
 * challenge the app gave the authorize page; the state goes back to the app unchanged.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatDeepLink, SocialProviderSchema } from '../../../src/shared/deepLink.ts'
import type { Services } from '../services.ts'
import { storeSocialCode } from '../services/auth.ts'
import { sha256 } from '../services/tokens.ts'

const CODE_TTL_MS = 5 * 60_000

const providerNames = { google: 'Google', facebook: 'Facebook' } as const

/** What the app passed to the authorize page: carried through the consent form unchanged. */
type Binding = { state: string; codeChallenge: string }

function consentPage(provider: 'google' | 'facebook', binding: Binding): string {
  const name = providerNames[provider]
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${name} (bac à sable) — Connexion à Darsi</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}
.actions{display:flex;gap:.5rem;margin-top:1.2rem}button{padding:.6rem 1rem;cursor:pointer}</style></head>
<body><main><h1>${name} — bac à sable</h1>
<p>Darsi demande l'accès à votre nom et à votre adresse e-mail. Ce fournisseur est un bac à sable : aucune donnée ne quitte cette machine.</p>
<form method="post" action="/sandbox/oauth/${provider}/consent">
<input type="hidden" name="state" value="${binding.state}"><input type="hidden" name="code_challenge" value="${binding.codeChallenge}">
<label for="email">Adresse e-mail</label><input id="email" name="email" type="email" required maxlength="180" value="eleve.${provider}@example.com">
<label for="name">Prénom</label><input id="name" name="name" required maxlength="25" value="Yasmine">
<label for="lastName">Nom</label><input id="lastName" name="lastName" required maxlength="25" value="Ben Salah">
<div class="actions"><button type="submit" name="decision" value="allow">Autoriser</button>
<button type="submit" name="decision" value="deny" formnovalidate>Refuser</button></div>
</form></main></body></html>`
}

/** Both are base64url (RFC 7636 S256 challenge; the app's random state): safe inside an attribute. */
const state = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/)
const codeChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
const AuthorizeQuerySchema = z.object({ state, code_challenge: codeChallenge, code_challenge_method: z.literal('S256') })

const ConsentBodySchema = z.object({
  decision: z.enum(['allow', 'deny']),
  state,
  code_challenge: codeChallenge,
  email: z.string().max(180).optional(),
  name: z.string().max(25).optional(),
  lastName: z.string().max(25).optional()
})

export function registerSandboxRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const params = z.strictObject({ provider: SocialProviderSchema })

  // An authorize request without a state and a PKCE challenge is refused (422), as a real provider
  // configured for a native app does.
  typed.get(
    '/sandbox/oauth/:provider/authorize',
    { schema: { params, querystring: AuthorizeQuerySchema, hide: true } },
    async (request, reply) => {
      const { state, code_challenge: codeChallenge } = request.query
      return reply
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' darsi:; frame-ancestors 'none'"
        )
        .type('text/html; charset=utf-8')
        .send(consentPage(request.params.provider, { state, codeChallenge }))
    }
  )

  typed.post('/sandbox/oauth/:provider/consent', { schema: { params, body: ConsentBodySchema, hide: true } }, async (request, reply) => {
    const { provider } = request.params
    const body = request.body
    const name = body.name?.trim() || 'Élève'
    const lastName = body.lastName?.trim() || 'Darsi'
    const email = body.email?.trim().toLowerCase()
    if (body.decision === 'deny' || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return reply.redirect(formatDeepLink({ kind: 'social-callback', provider, code: null, state: body.state }), 302)
    }
    const code = randomBytes(24).toString('base64url')
    await storeSocialCode(db, {
      code,
      provider,
      subject: `${provider}-${sha256(email).slice(0, 20)}`,
      email,
      name,
      lastName,
      codeChallenge: body.code_challenge,
      expiresAt: new Date(services.clock.now().getTime() + CODE_TTL_MS)
    })
    return reply.redirect(formatDeepLink({ kind: 'social-callback', provider, code, state: body.state }), 302)
  })
}
