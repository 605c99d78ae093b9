import { tokens, type GriffelStyle } from '@fluentui/react-components'

/** The raised card the screens share: home sections, profile blocks, wallet cards. */
export const cardStyle: GriffelStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.spacingVerticalM,
  padding: tokens.spacingHorizontalL,
  borderRadius: tokens.borderRadiusLarge,
  border: `1px solid ${tokens.colorNeutralStroke2}`,
  backgroundColor: tokens.colorNeutralBackground1,
  boxShadow: tokens.shadow4,
  minWidth: 0
}

/** Cards side by side, as many columns of at least `columnPx` as fit, one on a narrow window. */
export function cardGridStyle(columnPx: number, gap: string = tokens.spacingHorizontalL): GriffelStyle {
  return {
    display: 'grid',
    gap,
    gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${columnPx}px), 1fr))`,
    alignItems: 'start'
  }
}
