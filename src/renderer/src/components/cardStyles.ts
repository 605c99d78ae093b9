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

/**
 * The screens with a side column (home, subjects, a subject, a lesson): the main column, and the
 * side one (ads, a widget, a list) beside it from 1199 px and under it below; ad cards in a row
 * between 600 and 1198 px (§9 breakpoints).
 */
export function sideColumnScreenStyles(sidePx: number) {
  return {
    page: {
      display: 'grid',
      gap: tokens.spacingVerticalL,
      gridTemplateColumns: 'minmax(0, 1fr)',
      maxWidth: '1240px',
      marginInline: 'auto',
      width: '100%',
      boxSizing: 'border-box',
      alignItems: 'start',
      '@media (min-width: 1199px)': { gridTemplateColumns: `minmax(0, 1fr) ${sidePx}px` }
    },
    main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
    ads: {
      '@media (min-width: 600px) and (max-width: 1198px)': {
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        alignItems: 'start'
      }
    },
    header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
    title: {
      margin: 0,
      fontSize: tokens.fontSizeHero700,
      lineHeight: tokens.lineHeightHero700,
      fontWeight: tokens.fontWeightSemibold,
      overflowWrap: 'anywhere',
      '@media (max-width: 599px)': { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 }
    },
    muted: { margin: 0, color: tokens.colorNeutralForeground2 }
  } satisfies Record<string, GriffelStyle>
}

/** A subject's progress (home, subjects, a subject): its name and figure on a line, the bar under them. */
export const progressRowStyles = {
  progressRow: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS
  },
  progressValue: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  progressBar: { gridColumn: '1 / -1' }
} satisfies Record<string, GriffelStyle>

/** Facts as terms and their values (a `dl`): the term muted in its column, the value beside it, wrapped anywhere. */
export function factListStyles(gridTemplateColumns: string, columnGap: string, rowGap: string) {
  return {
    facts: { display: 'grid', gridTemplateColumns, columnGap, rowGap, margin: 0 },
    term: { color: tokens.colorNeutralForeground2 },
    value: { margin: 0, overflowWrap: 'anywhere' }
  } satisfies Record<string, GriffelStyle>
}
