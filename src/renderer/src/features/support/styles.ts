import { makeStyles, tokens } from '@fluentui/react-components'
import { cardGridStyle, cardScreenStyles, cardStyle } from '../../components/cardStyles.ts'

/** The support screens: my reports (a table that scrolls sideways on a narrow window), the report dialog, assistance's video cards. */
export const useSupportStyles = makeStyles({
  ...cardScreenStyles,
  tableFrame: { ...cardStyle, boxSizing: 'border-box', padding: 0, overflowX: 'auto' },
  table: { minWidth: '720px' },
  cellText: { overflowWrap: 'anywhere' },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  status: { ...cardStyle, boxSizing: 'border-box', alignItems: 'flex-start' },
  videos: { ...cardGridStyle(360, tokens.spacingVerticalL), listStyleType: 'none', margin: 0, padding: 0 },
  videoCard: { ...cardStyle, boxSizing: 'border-box' },
  video: { width: '100%', aspectRatio: '16 / 9', backgroundColor: '#000000', borderRadius: tokens.borderRadiusMedium },
  videoTitle: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold }
})
