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

/** The subject of the warning to the holder of a phone or e-mail someone tried to register with. */
export const REGISTRATION_ATTEMPT_SUBJECT = 'Darsi : tentative d’inscription avec vos coordonnées'

/**
 * What the holder of a phone or e-mail is told when someone tries to register with it: the same
 * text by SMS or e-mail and in the app's messages. Nothing was created and nothing changed.
 */
export function registrationAttemptNotice(to: Credential): { outgoing: OutgoingMessage; inbox: { name: string; body: string } } {
  const what = to.kind === 'phone' ? 'votre numéro de téléphone' : 'votre adresse e-mail'
  const body =
    `Quelqu’un a essayé de créer un compte Darsi avec ${what}. Aucun compte n’a été créé et le vôtre n’a pas changé. ` +
    'Si c’était vous, connectez-vous ou utilisez « Mot de passe oublié ». Sinon, vous pouvez ignorer ce message.'
  return {
    outgoing: { channel: to.kind === 'phone' ? 'sms' : 'email', to: to.value, subject: REGISTRATION_ATTEMPT_SUBJECT, body },
    inbox: { name: 'Tentative d’inscription avec vos coordonnées', body }
  }
}
