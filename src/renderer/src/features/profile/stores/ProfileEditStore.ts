import { makeAutoObservable, runInAction } from 'mobx'
import type { MeResponse, User } from '../../../../../shared/api/accounts.ts'
import { TUNISIA_COUNTRY_ID } from '../../../../../shared/constants.ts'
import { checkProfileBirthDate, fromDisplayDate } from '../../../../../shared/rules/birthDate.ts'
import { checkName } from '../../../../../shared/rules/names.ts'
import { normalizeDigits } from '../../../../../shared/rules/input.ts'
import { checkPhone, normalizeTunisianPhone } from '../../../../../shared/rules/phone.ts'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { isApiError, type ApiError } from '../../../api/errors.ts'
import type { Country, Delegation, Division, Institute, ProfileApi, State, UpdateProfileBody } from '../api.ts'
import { FormState } from '../../../forms/FormState.ts'
import { generalMessage, serverFieldMessage, serverTextMessage, stripPunctuation, type Message } from '../../../forms/messages.ts'
import type { UiStore } from '../../../stores/UiStore.ts'
import type { LoadStatus } from '../../../stores/status.ts'

export type ProfileField =
  'name' | 'lastName' | 'gender' | 'birthDate' | 'phone' | 'phone2' | 'country' | 'state' | 'delegation' | 'institute' | 'division'

export interface ProfileEditDeps {
  api: () => ProfileApi
  session: { me: MeResponse | null; solveCaptcha(): Promise<string>; loadUser(): Promise<MeResponse> }
  ui: Pick<UiStore, 'notify' | 'dismiss'>
  /** Today in Africa/Tunis, yyyy-mm-dd (the birth date may not be after it). */
  today: () => string
  /** The language the server is asked in: it names the classes, delegations and institutes in it. */
  language: () => string
}

/** Where the page goes after a save: the confirmation step, or on (home / the profile). */
export type SaveOutcome = { kind: 'confirm' } | { kind: 'saved'; wasIncomplete: boolean } | { kind: 'failed' }

/** A picker's list; `language`: the one its names came in (lists named by the server). */
type Options<T> = { items: T[]; status: LoadStatus; language?: string }
const empty = <T>(): Options<T> => ({ items: [], status: 'idle' })

type List = 'countries' | 'states' | 'delegations' | 'institutes' | 'divisions'
/** Lists the server names in the request's language; countries and governorates carry every language's name. */
const NAMED_BY_LANGUAGE: ReadonlySet<List> = new Set(['delegations', 'institutes', 'divisions'])

const SERVER_FIELDS: Record<string, ProfileField> = {
  name: 'name',
  lastName: 'lastName',
  gender: 'gender',
  birthDate: 'birthDate',
  phone: 'phone',
  phone2: 'phone2',
  country: 'country',
  state: 'state',
  delegation: 'delegation',
  institute: 'institute',
  division: 'division'
}

/** §8: 'Birthdate:', 'Name:' and 'Last Name:' prefixes name the field of a general message. */
const PREFIXES: [RegExp, ProfileField][] = [
  [/^\s*Birthdate\s*:/i, 'birthDate'],
  [/^\s*Last Name\s*:/i, 'lastName'],
  [/^\s*Name\s*:/i, 'name']
]

function displayDate(iso: string | null): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

const idText = (value: { id: number } | null | undefined) => (value ? String(value.id) : '')

/**
 * The profile form (§2 Profile edit, §4 country cascade, §5 Profile): values typed are kept
 * through failed submits; the address pickers load level by level and a change clears what
 * depended on it.
 */
export class ProfileEditStore {
  /** The values, what was left, the server's errors and the submit status. */
  readonly form: FormState<ProfileField>
  countries: Options<Country> = empty()
  states: Options<State> = empty()
  delegations: Options<Delegation> = empty()
  institutes: Options<Institute> = empty()
  divisions: Options<Division> = empty()
  /** What the form was filled from (the user at the time it opened). */
  readonly initial: User

  private readonly deps: ProfileEditDeps

  constructor(deps: ProfileEditDeps, user: User) {
    this.deps = deps
    this.initial = user
    this.form = new FormState<ProfileField>(
      {
        name: user.name,
        lastName: user.last_name,
        gender: user.gender ?? '',
        birthDate: displayDate(user.birth_date),
        phone: user.phone ?? '',
        phone2: user.phone2 ?? '',
        country: user.country_id != null ? String(user.country_id) : '',
        state: idText(user.state),
        delegation: idText(user.delegation),
        institute: idText(user.institute),
        division: idText(user.division)
      },
      { normalize: { phone: normalizeDigits, phone2: normalizeDigits } }
    )
    makeAutoObservable<ProfileEditStore, 'deps'>(this, { deps: false, initial: false, form: false }, { autoBind: true })
  }

  get values(): Record<ProfileField, string> {
    return this.form.values
  }

  /**
   * Loads the pickers the current values need; after a change of language, asks again for the
   * lists named in the previous one (they stay on screen until the new ones arrive).
   */
  async load(): Promise<void> {
    const country = this.values.country
    const state = this.values.state
    await Promise.all([
      this.fetch('countries', () => this.deps.api().countries()),
      this.fetch('divisions', () => this.deps.api().divisions()),
      country === String(TUNISIA_COUNTRY_ID) ? this.fetch('states', () => this.deps.api().states(TUNISIA_COUNTRY_ID)) : null,
      state ? this.loadUnder(Number(state)) : null
    ])
  }

  /** Retries every picker that failed to load. */
  async retryPickers(): Promise<void> {
    await this.load()
  }

  get pickersFailed(): boolean {
    return [this.countries, this.states, this.delegations, this.institutes, this.divisions].some((list) => list.status === 'failed')
  }

  get completed(): boolean {
    return this.initial.completed
  }

  get readOnly(): boolean {
    return this.initial.istest
  }

  get tunisian(): boolean {
    return this.values.country === String(TUNISIA_COUNTRY_ID)
  }

  /** Avatar and gender: only once the profile is complete. */
  get genderEditable(): boolean {
    return this.completed && !this.readOnly
  }

  /** Phones are locked once set; the main one only once proven (one typed in abroad may be corrected). */
  locked(field: 'phone' | 'phone2'): boolean {
    if (this.readOnly) return true
    return field === 'phone' ? Boolean(this.initial.phone) && this.initial.phone_verified : Boolean(this.initial.phone2)
  }

  /** The class: chosen here only while the pupil has none; afterwards through a change request. */
  get divisionLocked(): boolean {
    return this.readOnly || this.initial.division !== null
  }

  get stateEnabled(): boolean {
    return this.tunisian && !this.readOnly
  }

  get delegationEnabled(): boolean {
    return this.stateEnabled && this.values.state !== ''
  }

  get instituteEnabled(): boolean {
    return this.delegationEnabled && this.values.delegation !== ''
  }

  /** Institutes of the governorate that belong to the chosen delegation. */
  get instituteChoices(): Institute[] {
    const delegation = Number(this.values.delegation)
    return this.institutes.items.filter((institute) => institute.delegation_id === null || institute.delegation_id === delegation)
  }

  set(field: ProfileField, value: string): void {
    if (this.readOnly) return
    this.form.set(field, value)
    if (field === 'country') this.chooseCountry(value)
    else if (field === 'state') this.chooseState(value)
    else if (field === 'delegation') this.clear('institute')
  }

  touch(field: ProfileField): void {
    this.form.touch(field)
  }

  /** The rule broken by a field's value, or null. */
  rule(field: ProfileField): MessageKey | null {
    const value = this.values[field]
    switch (field) {
      case 'name':
        return checkName(value, 'first')
      case 'lastName':
        return checkName(value, 'last')
      case 'birthDate': {
        if (value.trim() === '') return 'birthDate.required'
        const iso = fromDisplayDate(value.trim())
        return iso ? checkProfileBirthDate(iso, this.deps.today()) : 'birthDate.format'
      }
      case 'phone':
        if (this.locked('phone')) return null
        if (value.trim() === '') return this.tunisian ? 'phone.required' : null
        return checkPhone(value)
      case 'phone2':
        if (this.locked('phone2') || value.trim() === '') return null
        return (
          checkPhone(value) ?? (normalizeTunisianPhone(value) === normalizeTunisianPhone(this.values.phone) ? 'phone.sameAsMain' : null)
        )
      case 'country':
        return value === '' ? 'address.required' : null
      case 'state':
        return this.tunisian && value === '' ? 'address.required' : null
      case 'division':
        return value === '' ? 'division.required' : null
      default:
        return null
    }
  }

  error(field: ProfileField): Message | null {
    return this.form.visible(field, this.rule(field))
  }

  get valid(): boolean {
    return (Object.keys(this.values) as ProfileField[]).every((field) => this.rule(field) === null)
  }

  get submitting(): boolean {
    return this.form.submitting
  }

  /** The body of `/user/update`: only what the pupil may change. */
  body(captcha: string): UpdateProfileBody {
    const id = (value: string) => (value === '' ? null : Number(value))
    const v = this.values
    return {
      name: v.name.trim(),
      lastName: v.lastName.trim(),
      birthDate: fromDisplayDate(v.birthDate.trim()) ?? v.birthDate.trim(),
      ...(this.genderEditable && v.gender ? { gender: v.gender as 'male' | 'female' } : {}),
      ...(!this.locked('phone') && v.phone.trim() ? { phone: v.phone.trim() } : {}),
      ...(!this.locked('phone2') && v.phone2.trim() ? { phone2: v.phone2.trim() } : {}),
      country: id(v.country),
      state: this.tunisian ? id(v.state) : null,
      delegation: this.tunisian ? id(v.delegation) : null,
      institute: this.tunisian ? id(v.institute) : null,
      ...(!this.divisionLocked ? { division: id(v.division) } : {}),
      'g-recaptcha-response': captcha
    }
  }

  async save(): Promise<SaveOutcome> {
    if (this.readOnly || this.submitting) return { kind: 'failed' }
    this.form.attempt()
    if (this.rule('country') || this.rule('state')) {
      this.deps.ui.notify({ intent: 'error', key: 'auth:rules.address.required' })
      return { kind: 'failed' }
    }
    if (!this.valid) return { kind: 'failed' }
    this.form.setStatus('loading')
    const toastId = this.deps.ui.notify({ intent: 'info', key: 'profile:edit.processing' })
    try {
      const captcha = await this.deps.session.solveCaptcha()
      const result = await this.deps.api().update(this.body(captcha))
      runInAction(() => {
        this.form.setStatus('succeeded')
      })
      this.deps.ui.dismiss(toastId)
      // The server's text is French: the pupil reads the catalogue's, in their language.
      this.deps.ui.notify({ intent: 'success', key: 'profile:edit.saved' })
      // The guard reads the reloaded user: a now-complete pupil is let through.
      await this.deps.session.loadUser().catch(() => undefined)
      if (result.credential) return { kind: 'confirm' }
      return { kind: 'saved', wasIncomplete: !this.initial.completed }
    } catch (error) {
      this.deps.ui.dismiss(toastId)
      runInAction(() => {
        this.form.setStatus('failed')
        if (isApiError(error)) this.placeError(error)
        else this.deps.ui.notify({ intent: 'error', key: 'auth:errors.server' })
      })
      return { kind: 'failed' }
    }
  }

  private placeError(error: ApiError): void {
    const fields: Partial<Record<ProfileField, Message>> = {}
    for (const serverField of Object.keys({ ...error.fields, ...error.keys })) {
      const field = SERVER_FIELDS[serverField]
      const message = serverFieldMessage(error, serverField)
      if (field && message) fields[field] ??= message
    }
    const prefixed = PREFIXES.find(([pattern]) => pattern.test(error.message))
    if (prefixed && !fields[prefixed[1]]) {
      // Worded in the user's language: the rule the text is, else the code (never the sentence itself).
      const text = error.message.replace(prefixed[0], '')
      if (stripPunctuation(text)) fields[prefixed[1]] = serverTextMessage(error, text)
    }
    this.form.setServerErrors(fields)
    if (Object.keys(fields).length === 0) {
      const message = error.code === 'test_account' ? { key: 'profile:edit.testAccount' as const } : generalMessage(error)
      if ('key' in message) this.deps.ui.notify({ intent: 'error', key: message.key })
      else if ('text' in message) this.deps.ui.notify({ intent: 'error', text: message.text })
    }
  }

  private chooseCountry(value: string): void {
    this.clear('state')
    this.clear('delegation')
    this.clear('institute')
    this.states = empty()
    this.delegations = empty()
    this.institutes = empty()
    if (value === String(TUNISIA_COUNTRY_ID)) void this.fetch('states', () => this.deps.api().states(TUNISIA_COUNTRY_ID))
  }

  private chooseState(value: string): void {
    this.clear('delegation')
    this.clear('institute')
    this.delegations = empty()
    this.institutes = empty()
    if (value !== '') void this.loadUnder(Number(value))
  }

  private async loadUnder(stateId: number): Promise<void> {
    await Promise.all([
      this.fetch('delegations', () => this.deps.api().delegations(stateId)),
      this.fetch('institutes', () => this.deps.api().institutes(stateId))
    ])
  }

  private clear(field: ProfileField): void {
    this.form.set(field, '')
  }

  private async fetch<K extends List>(list: K, load: () => Promise<this[K]['items']>): Promise<void> {
    const language = NAMED_BY_LANGUAGE.has(list) ? this.deps.language() : undefined
    const current = this[list]
    if ((current.status === 'succeeded' || current.status === 'loading') && current.language === language) return
    this[list] = { items: current.items, status: 'loading', language } as this[K]
    const marker = this[list]
    try {
      const items = await load()
      runInAction(() => {
        // A newer choice (or language) replaced this list meanwhile: its answer is not for it.
        if (this[list] === marker) this[list] = { items, status: 'succeeded', language } as this[K]
      })
    } catch {
      runInAction(() => {
        if (this[list] === marker) this[list] = { items: marker.items, status: 'failed', language } as this[K]
      })
    }
  }
}
