/**
 * What the sandbox's HTML pages share (the payment and operator sandboxes): the page frame, its
 * escaping, the status page, the answer's headers (a strict CSP, never cached) and the path's key.
 */
import type { FastifyReply } from 'fastify'
import { z } from 'zod'

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' darsi:; frame-ancestors 'none'"

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The pages of one sandbox: `page` frames a body (`style` adds that sandbox's own rules before the
 * shared grid of details); `statusPage` only says something, a heading and one paragraph, under
 * the sandbox's name.
 */
export function sandboxPages(site: string, style = '') {
  const page = (title: string, body: string): string => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}
.actions{display:flex;gap:.5rem;margin-top:1.2rem}button{padding:.6rem 1rem;cursor:pointer}
${style}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}code{background:#f1f1f1;padding:0 .3rem}</style></head>
<body><main>${body}</main></body></html>`
  const statusPage = (title: string, text: string): string =>
    page(`${title} — ${site}`, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`)
  return { page, statusPage }
}

/** Sends a sandbox page with its status. */
export function sendSandboxPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body)
}

/** The path parameters of a sandbox page: its one key (an order id, a plan token), word characters and dashes up to max. */
export function sandboxKeyParams<K extends string>(key: K, max: number) {
  const shape = {
    [key]: z
      .string()
      .min(1)
      .max(max)
      .regex(/^[\w-]+$/)
  } as { [P in K]: z.ZodString }
  return z.strictObject(shape)
}
