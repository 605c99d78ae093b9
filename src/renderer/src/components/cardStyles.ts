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

const sectionTitle: GriffelStyle = {
  margin: 0,
  fontSize: tokens.fontSizeBase500,
  lineHeight: tokens.lineHeightBase500,
  fontWeight: tokens.fontWeightSemibold
}

/**
 * The screens made of cards (profile, wallet, history): a centred column with its title, the
 * cards in a grid, and what a card holds. A screen adds its own classes beside these.
 */
export const cardScreenStyles = {
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    maxWidth: '1100px',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    width: '100%'
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold
  },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  grid: cardGridStyle(320),
  card: cardStyle,
  sectionTitle,
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  ltr: { direction: 'ltr /* @noflip */' as 'ltr', unicodeBidi: 'isolate' }
} satisfies Record<string, GriffelStyle>
