import { makeStyles, tokens } from '@fluentui/react-components'
import { cardGridStyle, cardStyle } from '../../../components/cardStyles.ts'

/** The layout shared by the wallet and history screens. */
export const useWalletStyles = makeStyles({
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
  subtitle: { margin: 0, color: tokens.colorNeutralForeground2 },
  grid: cardGridStyle(320),
  card: cardStyle,
  sectionTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold
  },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  ltr: { direction: 'ltr /* @noflip */' as 'ltr', unicodeBidi: 'isolate' }
})
