import { makeAutoObservable, runInAction } from 'mobx'
import type { Country, Division, State } from '../../../../../shared/api/pickers.ts'
import { TUNISIA_COUNTRY_ID } from '../../../../../shared/constants.ts'
import { checkBirthDate, fromDisplayDate } from '../../../../../shared/rules/birthDate.ts'
import { normalizeDigits } from '../../../../../shared/rules/input.ts'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { checkName } from '../../../../../shared/rules/names.ts'
import { checkNewPassword } from '../../../../../shared/rules/password.ts'
import { checkOptionalSubject, checkRegistrationFields, isTunisianAddress } from '../../../../../shared/rules/registration.ts'
import type { OptionalSubject, RegisterBody } from '../../../api/accounts.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { mapRegisterError, type RegisterField } from '../errorMapping.ts'
import { type Message } from '../../../forms/messages.ts'
import { FormState } from '../../../forms/FormState.ts'
import { asApiError, refuse, startSubmit, type AuthDeps } from './deps.ts'

type Field = RegisterField | 'referral'

/** Today in Tunis as yyyy-mm-dd: the minimum age counts on the platform's calendar. */
export function tunisToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** Inserts the slashes of dd/mm/yyyy as digits are typed; anything else is kept as typed. */
export function formatBirthDateInput(raw: string): string {
  if (!/^[\d/]*$/.test(raw)) return raw
  const digits = raw.replace(/\//g, '').slice(0, 8)
  if (raw.includes('/')) return raw.slice(0, 10)
  if (digits.length <= 2) return digits
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`
}

const toId = (value: string): number | null => (value === '' ? null : Number(value))

/** The registration form (§5 Registration) with its pickers from the API. */
export class RegisterFormStore {
  readonly form = new FormState<Field>({
    name: '',
    lastName: '',
    phone: '',
    email: '',
    birthDate: '',
    password: '',
    passwordConfirm: '',
    country: String(TUNISIA_COUNTRY_ID),
    state: '',
    division: '',
    optionalSubject: '',
    referral: ''
  })
  showPassword = false
  countries: Country[] = []
  states: State[] = []
  divisions: Division[] = []
  optionalSubjects: OptionalSubject[] = []
  pickersStatus: LoadStatus = 'idle'
  /** The language the pickers were asked in (the server names the classes and options in it). */
  pickersLanguage: string | null = null
  private readonly deps: AuthDeps
  private readonly today: () => string

  constructor(deps: AuthDeps, options: { today?: () => string; referral?: string | null } = {}) {
    this.deps = deps
    this.today = options.today ?? (() => tunisToday())
    if (options.referral) this.form.values.referral = options.referral
    makeAutoObservable<RegisterFormStore, 'deps' | 'today'>(this, { deps: false, today: false, form: false }, { autoBind: true })
  }

  get country(): number | null {
    return toId(this.form.values.country)
  }

  get tunisian(): boolean {
    return isTunisianAddress(this.country)
  }

  get selectedDivision(): Division | null {
    return this.divisions.find((division) => String(division.id) === this.form.values.division) ?? null
  }

  /** The optional subject is asked, and required, only when the chosen class has some. */
  get showsOptionalSubject(): boolean {
    return this.selectedDivision?.has_optional_subjects === true
  }

  get birthDateIso(): string | null {
    return fromDisplayDate(this.form.values.birthDate.trim())
  }

  /** Every §5 rule, by field; null when the field is fine. */
  get ruleErrors(): Partial<Record<Field, MessageKey>> {
    const v = this.form.values
    const errors: Partial<Record<Field, MessageKey>> = {}
    const put = (field: Field, key: MessageKey | null | undefined) => {
      if (key && !errors[field]) errors[field] = key
    }
    put('name', checkName(v.name, 'first'))
    put('lastName', checkName(v.lastName, 'last'))
    const display = v.birthDate.trim()
    if (display === '') put('birthDate', 'birthDate.required')
    else put('birthDate', this.birthDateIso ? checkBirthDate(this.birthDateIso, this.today()) : 'birthDate.format')
    put('password', checkNewPassword(v.password)[0])
    for (const problem of checkRegistrationFields({
      phone: v.phone,
      email: v.email,
      country: this.country,
      state: toId(v.state),
      plainPassword: { first: v.password, second: v.passwordConfirm }
    })) {
      const field = problem.path === 'plainPassword.second' ? 'passwordConfirm' : (problem.path as Field)
      put(field, problem.key)
    }
    if (this.country == null) put('country', 'country.required')
    if (v.division === '') put('division', 'division.required')
    put('optionalSubject', checkOptionalSubject(toId(v.optionalSubject), this.showsOptionalSubject))
    return errors
  }

  error(field: Field): Message | null {
    return this.form.visible(field, this.ruleErrors[field] ?? null)
  }

  get valid(): boolean {
    return Object.keys(this.ruleErrors).length === 0
  }

  get canSubmit(): boolean {
    return this.valid && !this.form.submitting
  }

  set(field: Field, value: string): void {
    this.form.set(
      field,
      field === 'birthDate' ? formatBirthDateInput(normalizeDigits(value)) : field === 'phone' ? normalizeDigits(value) : value
    )
    if (field === 'country') {
      // §4 country cascade: a new country clears the governorate.
      this.form.set('state', '')
    }
    if (field === 'division') void this.loadOptionalSubjects()
  }

  toggleShowPassword(): void {
    this.showPassword = !this.showPassword
  }

  /** Loads the pickers, again after a change of language (the lists shown stay until the new ones arrive). */
  async loadPickers(): Promise<void> {
    const language = this.deps.session.apiLanguage()
    if ((this.pickersStatus === 'loading' || this.pickersStatus === 'succeeded') && this.pickersLanguage === language) return
    this.pickersStatus = 'loading'
    this.pickersLanguage = language
    try {
      const api = this.deps.session.api
      const [countries, states, divisions] = await Promise.all([api.countries(), api.states(TUNISIA_COUNTRY_ID), api.divisions()])
      runInAction(() => {
        // Asked again in another language meanwhile: that answer is the one to show.
        if (this.pickersLanguage !== language) return
        this.countries = countries
        this.states = states
        this.divisions = divisions
        this.pickersStatus = 'succeeded'
      })
    } catch {
      runInAction(() => {
        if (this.pickersLanguage === language) this.pickersStatus = 'failed'
      })
    }
  }

  /** The interface language changed: the classes and options are asked for in it, the choices kept. */
  languageChanged(): void {
    void this.loadPickers()
    if (this.optionalSubjects.length > 0) void this.loadOptionalSubjects(true)
  }

  private async loadOptionalSubjects(keepChoice = false): Promise<void> {
    const division = this.selectedDivision
    if (!keepChoice) this.form.set('optionalSubject', '')
    if (!division?.has_optional_subjects) {
      this.optionalSubjects = []
      return
    }
    try {
      const subjects = await this.deps.session.api.optionalSubjects(division.id)
      runInAction(() => {
        if (this.selectedDivision?.id === division.id) this.optionalSubjects = subjects
      })
    } catch {
      runInAction(() => {
        this.optionalSubjects = []
      })
    }
  }

  /** The payload of §3, the birth date sent as yyyy-mm-dd. */
  body(captcha: string): RegisterBody {
    const v = this.form.values
    const tunisian = this.tunisian
    return {
      name: v.name.trim(),
      lastName: v.lastName.trim(),
      phone: v.phone.trim() === '' ? null : v.phone.trim(),
      email: v.email.trim() === '' ? null : v.email.trim(),
      birthDate: this.birthDateIso ?? '',
      plainPassword: { first: v.password, second: v.passwordConfirm },
      country: tunisian ? null : this.country,
      state: tunisian ? toId(v.state) : null,
      division: Number(v.division),
      optionalSubject: this.showsOptionalSubject ? toId(v.optionalSubject) : null,
      'g-recaptcha-response': captcha
    }
  }

  async submit(search: string): Promise<boolean> {
    if (!startSubmit(this.form, () => this.canSubmit)) return false
    const { session, ui } = this.deps
    try {
      const captcha = await session.solveCaptcha()
      const result = await session.api.register(this.body(captcha))
      session.setLanding(search)
      await session.signIn(result)
      this.form.setStatus('succeeded')
      return true
    } catch (error) {
      refuse(this.form, ui, mapRegisterError(asApiError(error), this.tunisian))
      return false
    }
  }
}
