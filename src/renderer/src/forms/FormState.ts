import { makeAutoObservable } from 'mobx'
import type { MessageKey } from '../../../shared/rules/messages.ts'
import { isApiError } from '../api/errors.ts'
import type { LoadStatus } from '../stores/status.ts'
import { placeFields, ruleMessage, type Message } from './messages.ts'

/** A field's rule from `src/shared/rules`: the rule key it breaks, or null. */
export type FieldRule = (value: string) => MessageKey | null

export interface FormOptions<F extends string> {
  /** The client rules by field (a form may also pass a rule to `visible` itself). */
  rules?: Partial<Record<F, FieldRule>>
  /** How a field reads what is typed (Arabic digits as ASCII, spaces…), applied on each `set`. */
  normalize?: Partial<Record<F, (value: string) => string>>
  /** How a failure's own wording is placed: a rule key, or the failure's code (decision 0021). */
  wording?: (key: MessageKey) => Message
  /**
   * When the rules' messages show. 'live' (the default): each follows its field's value once the
   * field was left or a submit attempted. 'untilEdit': a submit's `check` places them, and each
   * stays until its field is edited, as the server's do (the wallet's forms, decision 0028).
   */
  feedback?: 'live' | 'untilEdit'
}

/**
 * The one form state of the app: its values (never cleared by a failed submit), which fields were
 * left, the client rules' messages, the server's field errors worded by code, and the submit status.
 */
export class FormState<F extends string> {
  values: Record<F, string>
  touched: Partial<Record<F, boolean>> = {}
  submitAttempted = false
  serverErrors: Partial<Record<F, Message>> = {}
  /** The rules' messages the latest `check` placed (feedback 'untilEdit'), each until its field is edited. */
  checked: Partial<Record<F, Message>> = {}
  status: LoadStatus = 'idle'
  /** The values the form started from (what `dirty` compares with). */
  initial: Record<F, string>

  private readonly options: FormOptions<F>

  constructor(initial: Record<F, string>, options: FormOptions<F> = {}) {
    this.values = { ...initial }
    this.initial = { ...initial }
    this.options = options
    makeAutoObservable<FormState<F>, 'options'>(this, { options: false }, { autoBind: true })
  }

  get submitting(): boolean {
    return this.status === 'loading'
  }

  /** A value differs from the one the form started from. */
  get dirty(): boolean {
    return (Object.keys(this.values) as F[]).some((field) => this.isDirty(field))
  }

  isDirty(field: F): boolean {
    return this.values[field] !== this.initial[field]
  }

  set(field: F, value: string): void {
    const normalize = this.options.normalize?.[field]
    this.values[field] = normalize ? normalize(value) : value
    this.clearError(field)
  }

  /** The field's message goes (the server's, and the one a check placed). */
  clearError(field: F): void {
    delete this.serverErrors[field]
    delete this.checked[field]
  }

  touch(field: F): void {
    this.touched[field] = true
  }

  /** The rule key the field's value breaks, by the form's own rules; null when none. */
  rule(field: F): MessageKey | null {
    return this.options.rules?.[field]?.(this.values[field]) ?? null
  }

  /** Some field breaks the form's own rules. */
  get invalid(): boolean {
    const rules = this.options.rules ?? {}
    return (Object.keys(rules) as F[]).some((field) => this.rule(field) !== null)
  }

  /**
   * The error to show: the server's, else the rule's once the field was left or submitted (with
   * feedback 'untilEdit', the one the latest check placed).
   */
  visible(field: F, ruleKey: MessageKey | null): Message | null {
    const server = this.serverErrors[field]
    if (server) return server
    if (this.options.feedback === 'untilEdit') return this.checked[field] ?? null
    if (!ruleKey || (!this.touched[field] && !this.submitAttempted)) return null
    return (this.options.wording ?? ruleMessage)(ruleKey)
  }

  /** The error to show for a field by the form's own rules. */
  error(field: F): Message | null {
    return this.visible(field, this.rule(field))
  }

  /** The message shown for each field that has one. */
  get errors(): Partial<Record<F, Message>> {
    const errors: Partial<Record<F, Message>> = {}
    for (const field of Object.keys(this.values) as F[]) {
      const error = this.error(field)
      if (error) errors[field] = error
    }
    return errors
  }

  /**
   * A submit's check of `fields` (by default every field with a rule): true when none breaks its
   * rule. With feedback 'untilEdit', the messages shown are this check's from now on, each until
   * its field is edited; those of an earlier submit, the server's too, go.
   */
  check(fields: readonly F[] = Object.keys(this.options.rules ?? {}) as F[]): boolean {
    this.submitAttempted = true
    const placed: Partial<Record<F, Message>> = {}
    for (const field of fields) {
      const key = this.rule(field)
      if (key) placed[field] = (this.options.wording ?? ruleMessage)(key)
    }
    if (this.options.feedback === 'untilEdit') {
      this.checked = placed
      this.serverErrors = {}
    }
    return Object.keys(placed).length === 0
  }

  setServerErrors(errors: Partial<Record<F, Message>>): void {
    this.serverErrors = errors
  }

  setServerError(field: F, message: Message | null): void {
    if (message) this.serverErrors[field] = message
    else delete this.serverErrors[field]
  }

  setStatus(status: LoadStatus): void {
    this.status = status
  }

  attempt(): void {
    this.submitAttempted = true
  }

  /**
   * A submit refused: the server's field errors go onto the form's fields (`names`: the server's
   * field names to the form's), worded by rule key or code; what no field takes is returned for
   * the toast. The values typed stay as they were.
   */
  fail(error: unknown, names: Partial<Record<string, F>>): Message | null {
    this.status = 'failed'
    if (!isApiError(error)) {
      this.serverErrors = {}
      return { key: 'auth:errors.server' }
    }
    const mapped = placeFields(error, names as Record<string, F>)
    this.serverErrors = mapped.fields
    return mapped.toast
  }

  /** Nothing shown as left or refused any more (a dialog opened again); the values and the status stay. */
  clearFeedback(): void {
    this.touched = {}
    this.submitAttempted = false
    this.serverErrors = {}
    this.checked = {}
  }

  /** A fresh start with these values: nothing left, no errors, not sent. */
  reset(values: Record<F, string>): void {
    this.values = { ...values }
    this.initial = { ...values }
    this.touched = {}
    this.submitAttempted = false
    this.serverErrors = {}
    this.checked = {}
    this.status = 'idle'
  }
}
