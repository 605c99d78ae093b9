import { makeStyles, tokens } from '@fluentui/react-components'
import { cardGridStyle, cardScreenStyles, cardStyle } from '../../components/cardStyles.ts'

/** The offers screen and its purchase dialog. */
export const useOffersStyles = makeStyles({
  ...cardScreenStyles,
  grid: { ...cardGridStyle(260), listStyleType: 'none', margin: 0, padding: 0, alignItems: 'stretch' },
  card: { ...cardStyle, height: '100%', boxSizing: 'border-box', paddingBlockStart: 0, overflow: 'hidden' },
  cardDisabled: { opacity: 0.72 },
  band: { height: '6px', marginInline: `calc(-1 * ${tokens.spacingHorizontalL})`, flexShrink: 0 },
  cardHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  cardName: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  description: { margin: 0, color: tokens.colorNeutralForeground2, flexGrow: 1 },
  price: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  crossed: {
    textDecorationLine: 'line-through',
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightRegular,
    fontSize: tokens.fontSizeBase300
  },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  // The dialog
  dialogBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  legend: { padding: 0, marginBlockEnd: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  subjects: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', columnGap: tokens.spacingHorizontalM },
  codeRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  codeInput: { flexGrow: 1, minWidth: '160px' },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2
  },
  term: { margin: 0, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  totalTerm: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  totalValue: { margin: 0, textAlign: 'end', fontWeight: tokens.fontWeightBold, whiteSpace: 'nowrap', color: tokens.colorBrandForeground1 },
  nowrap: { whiteSpace: 'nowrap' },
  note: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 }
})
