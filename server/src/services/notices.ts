/** Texts of the codes and notices the platform sends (French, the platform's default language). */
import type { Credential } from '../../../src/shared/rules/credential.ts'
import type { OutgoingMessage } from './outbox.ts'

export type CodeNotice = 'registration' | 'reset' | 'email'

const subjects: Record<CodeNotice, string> = {
  registration: 'Darsi : votre code de confirmation',
  reset: 'Darsi : réinitialisation du mot de passe',
  email: 'Darsi : confirmez votre adresse e-mail'
}

const bodies: Record<CodeNotice, (code: string, minutes: number) => string> = {
  registration: (code, minutes) => `Votre code de confirmation Darsi est ${code}. Il expire dans ${minutes} minutes.`,
  reset: (code, minutes) =>
    `Votre code de réinitialisation Darsi est ${code}. Il expire dans ${minutes} minutes. Si vous n'avez rien demandé, ignorez ce message.`,
  email: (code, minutes) => `Votre code de vérification d'adresse e-mail Darsi est ${code}. Il expire dans ${minutes} minutes.`
}

/** Phones get an SMS to the international number; e-mail addresses an e-mail. */
export function codeMessage(kind: CodeNotice, to: Credential, code: string, minutes: number): OutgoingMessage {
  return {
    channel: to.kind === 'phone' ? 'sms' : 'email',
    to: to.value,
    subject: subjects[kind],
    body: bodies[kind](code, minutes),
    code
  }
}
