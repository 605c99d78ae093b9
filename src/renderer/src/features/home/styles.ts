import { makeStyles, tokens } from '@fluentui/react-components'
import { cardGridStyle, cardStyle, progressRowStyles, sideColumnScreenStyles } from '../../components/cardStyles.ts'
import { focusRing } from '../../components/shell/focusRing.ts'

/**
 * The home's layout. Ad cards (§9 breakpoints 600 and 1199 px): one column under the sections
 * below 600 px, a row of cards under them from 600 px, a side column from 1199 px.
 */
export const useHomeStyles = makeStyles({
  ...sideColumnScreenStyles(280),
  small: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2 },
  grid: cardGridStyle(340, tokens.spacingVerticalL),
  card: { ...cardStyle, boxSizing: 'border-box' },
  cardHeader: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  cardTitle: {
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold
  },
  titleIcon: { color: tokens.colorBrandForeground1, flexShrink: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0
  },
  itemBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1 },
  itemTitle: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS
  },
  swatch: {
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusMedium,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#ffffff',
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase400
  },
  dot: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0, display: 'inline-block' },
  time: {
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap'
  },
  ltr: { direction: 'ltr /* @noflip */' as 'ltr', unicodeBidi: 'isolate' },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ...focusRing
  },
  itemLink: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    overflowWrap: 'anywhere',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForeground1 },
    ...focusRing
  },
  textButton: {
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    font: 'inherit',
    textAlign: 'start'
  },
  ...progressRowStyles,
  profile: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 599px)': { gap: tokens.spacingHorizontalM }
  },
  profileText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1 },
  profileName: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere'
  },
  points: {
    display: 'inline-flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
    ...focusRing
  },
  pointsValue: { fontSize: tokens.fontSizeBase500, fontVariantNumeric: 'tabular-nums' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  warningBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, paddingBlock: tokens.spacingVerticalXS },
  warningBar: { maxWidth: '420px' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS }
})
