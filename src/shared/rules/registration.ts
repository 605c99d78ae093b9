import { z } from 'zod'
import { TUNISIA_COUNTRY_ID } from '../constants.ts'
import { birthDateSchema } from './birthDate.ts'
import { checkEmail } from './email.ts'
import { normalizeDigits } from './input.ts'
import type { MessageKey } from './messages.ts'
import { firstNameSchema, lastNameSchema } from './names.ts'
import { newPasswordSchema } from './password.ts'
import { checkPhone } from './phone.ts'

/** Tunisia, or no country chosen: the phone is the credential and the governorate is asked. */
export function isTunisianAddress(country: number | null | undefined): boolean {
  return country == null || country === TUNISIA_COUNTRY_ID
}

/**
 * Where an account's codes go (its credential): the phone in Tunisia or with no country, else the
 * e-mail; whichever it has when it lacks that one.
 */
export function codeDestination(phone: string | null, email: string | null, country: number | null | undefined): string {
  return isTunisianAddress(country) && phone ? phone : (email ?? phone ?? '')
}

/**
 * §5 Registration, "all fields required": a class that has optional subjects needs one of them
 * (the payload carries it "only when options exist").
 */
export function checkOptionalSubject(optionalSubject: number | null | undefined, divisionHasOptions: boolean): MessageKey | null {
  return divisionHasOptions && optionalSubject == null ? 'optionalSubject.required' : null
}

const id = z
  .number({ error: 'common.invalid' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })

export const captchaField = z
  .string({ error: 'captcha.required' })
  .min(1, { error: 'captcha.required' })
  .max(8192, { error: 'captcha.invalid' })

export const registrationShape = {
  name: firstNameSchema,
  lastName: lastNameSchema,
  phone: z.string().max(32, { error: 'phone.invalid' }).transform(normalizeDigits).nullish(),
  email: z.string().max(180, { error: 'email.invalid' }).nullish(),
  birthDate: birthDateSchema,
  plainPassword: z.strictObject(
    {
      first: newPasswordSchema,
      second: z.string({ error: 'password.confirmRequired' }).max(256, { error: 'password.length' })
    },
    { error: 'password.required' }
  ),
  country: id.nullish(),
  state: id.nullish(),
  division: z
    .number({ error: 'division.required' })
    .int({ error: 'division.required' })
    .positive({ error: 'division.required' })
    .max(2_147_483_647, { error: 'division.unknown' }),
  optionalSubject: id.nullish(),
  'g-recaptcha-response': captchaField
}

type RegistrationFields = {
  phone?: string | null
  email?: string | null
  country?: number | null
  state?: number | null
  plainPassword: { first: string; second: string }
}

/** The rules that tie fields together: credential by country, governorate, password twice. */
export function checkRegistrationFields(form: RegistrationFields): Array<{ path: string; key: MessageKey }> {
  const problems: Array<{ path: string; key: MessageKey }> = []
  const tunisian = isTunisianAddress(form.country)
  if (tunisian) {
    const phoneKey = checkPhone(form.phone ?? '')
    if (phoneKey) problems.push({ path: 'phone', key: phoneKey })
    if (form.email) {
      const emailKey = checkEmail(form.email)
      if (emailKey) problems.push({ path: 'email', key: emailKey })
    }
    if (form.state == null) problems.push({ path: 'state', key: 'state.required' })
  } else {
    const emailKey = checkEmail(form.email ?? '')
    if (emailKey) problems.push({ path: 'email', key: emailKey === 'email.invalid' ? 'email.invalid' : 'email.required' })
  }
  if (form.plainPassword.second === '') problems.push({ path: 'plainPassword.second', key: 'password.confirmRequired' })
  else if (form.plainPassword.second !== form.plainPassword.first) {
    problems.push({ path: 'plainPassword.second', key: 'password.mismatch' })
  }
  return problems
}

export const registrationSchema = z.strictObject(registrationShape).superRefine((form, ctx) => {
  for (const problem of checkRegistrationFields(form)) {
    ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.key })
  }
})
export type RegistrationForm = z.infer<typeof registrationSchema>
