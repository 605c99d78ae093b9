import { runInAction } from 'mobx'
import type { FormState } from '../../../forms/FormState.ts'
import type { Message } from '../../../forms/messages.ts'

export interface OperatorCheckoutCall {
  /** Asks the checkout of the plan (the phone billed and the class, the form's values). */
  checkout(): Promise<{ payload: { redirectUrl: string } }>
  /** Opens the operator's page in the system browser. */
  openExternal(url: string): Promise<void>
}

/**
 * An operator checkout sent from a form whose rules passed (the purchase dialog's operator step,
 * the landing's subscribe modal): the checkout, then the operator's page in the system browser.
 * A refusal naming a field of `names` (the server's field to the form's) goes on that field
 * through the form's own `fail` ('Le numéro existe déjà' and a number no pupil proved on the
 * phone, §8); the values typed stay. True once the page is open, else the message to show under
 * the form (null when the fields took it all).
 */
export async function sendOperatorCheckout<F extends string>(
  form: FormState<F>,
  call: OperatorCheckoutCall,
  names: Partial<Record<string, F>>
): Promise<true | Message | null> {
  form.setStatus('loading')
  try {
    const answer = await call.checkout()
    await call.openExternal(answer.payload.redirectUrl)
    runInAction(() => form.setStatus('succeeded'))
    return true
  } catch (error) {
    return runInAction(() => form.fail(error, names))
  }
}
