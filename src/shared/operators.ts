/**
 * The mobile operators whose landing the platform has (`/offers/{operator}`, specification part 1,
 * §2): their external landing pages by name. A signed-out visitor's operator return lands on the
 * first one's page (decision 0046 §14). No import here: the app's first chunk reads it.
 */
export const LANDING_OPERATOR = 'ooredoo'

export const OPERATOR_LANDINGS: Readonly<Record<string, string>> = {
  [LANDING_OPERATOR]: 'https://darsi.tn/offers/ooredoo'
}
