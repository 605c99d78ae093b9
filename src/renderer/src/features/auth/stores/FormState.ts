import { makeAutoObservable } from 'mobx'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { ruleMessage, type Message } from '../../../forms/messages.ts'

/**
 * What every sign-in form shares: its values (never cleared by a failed submit), which fields
 * were left, the server's field errors, and the submit status.
 */
export class FormState<F extends string> {
  values: Record<F, string>
  touched: Partial<Record<F, boolean>> = {}
  submitAttempted = false
  serverErrors: Partial<Record<F, Message>> = {}
  status: LoadStatus = 'idle'

  constructor(initial: Record<F, string>) {
    this.values = { ...initial }
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get submitting(): boolean {
    return this.status === 'loading'
  }

  set(field: F, value: string): void {
    this.values[field] = value
    delete this.serverErrors[field]
  }

  touch(field: F): void {
    this.touched[field] = true
  }

  /** The error to show: the server's, else the rule's once the field was left or submitted. */
  visible(field: F, ruleKey: MessageKey | null): Message | null {
    const server = this.serverErrors[field]
    if (server) return server
    if (!ruleKey || (!this.touched[field] && !this.submitAttempted)) return null
    return ruleMessage(ruleKey)
  }

  setServerErrors(errors: Partial<Record<F, Message>>): void {
    this.serverErrors = errors
  }

  setStatus(status: LoadStatus): void {
    this.status = status
  }

  attempt(): void {
    this.submitAttempted = true
  }

  /** A fresh start with these values: nothing left, no errors, not sent. */
  reset(values: Record<F, string>): void {
    this.values = { ...values }
    this.touched = {}
    this.submitAttempted = false
    this.serverErrors = {}
    this.status = 'idle'
  }
}
