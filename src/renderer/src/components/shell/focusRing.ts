import { createFocusOutlineStyle } from '@fluentui/react-components'

/** Fluent's keyboard focus outline, for the plain links of the shell. */
export const focusRing = createFocusOutlineStyle({ style: { outlineOffset: '2px' }, selector: 'focus' })
