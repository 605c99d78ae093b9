import { runInAction } from 'mobx'
import { isApiError } from '../../../api/errors.ts'
import type { FormState } from '../../../forms/FormState.ts'
import type { Message } from '../../../forms/messages.ts'
import { failureMessage } from '../failures.ts'

export interface OperatorCheckoutCall {
  /** Asks the checkout of the plan (the phone billed and the class, the form's values). */
  checkout(): Promise<{ payload: { redirectUrl: string } }>
  /** Opens the operator's page in the system browser. */
  openExternal(url: string): Promise<void>
}

/**
 * An operator checkout sent from a form whose rules passed (the purchase dialog's operator step,
 * the landing's subscribe modal): the checkout, then the operator's page in the system browser.
 * A refusal naming one of `fields` goes on that field ('Le numéro existe déjà' and a number no
 * pupil proved on the phone, §8); the values typed stay. True once the page is open, else the
 * message to show under the form (null when a field took it).
 */
export async function sendOperatorCheckout<F extends string>(
  form: FormState<F>,
  call: OperatorCheckoutCall,
  fields: readonly F[]
): Promise<true | Message | null> {
  form.setStatus('loading')
  try {
    const answer = await call.checkout()
    await call.openExternal(answer.payload.redirectUrl)
    runInAction(() => form.setStatus('succeeded'))
    return true
  } catch (error) {
    return runInAction((): Message | null => {
      form.setStatus('failed')
      const message = failureMessage(error)
      const field = isApiError(error) ? fields.find((name) => error.keys[name]?.length) : undefined
      if (field === undefined) return message
      form.setServerError(field, message)
      return null
    })
  }
}
