/**
 * Values put into a translated sentence keep their own direction: an e-mail address or a
 * French class name inside an Arabic sentence is isolated, so neither it nor the punctuation
 * around it is reordered by the sentence's direction (Unicode bidirectional isolates).
 */
const FIRST_STRONG_ISOLATE = '\u2068'
const LEFT_TO_RIGHT_ISOLATE = '\u2066'
const POP_DIRECTIONAL_ISOLATE = '\u2069'

/** The text isolated, its direction taken from its first letter, or left to right when `ltr`. */
export function isolate(text: string, direction: 'auto' | 'ltr' = 'auto'): string {
  return `${direction === 'ltr' ? LEFT_TO_RIGHT_ISOLATE : FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`
}
