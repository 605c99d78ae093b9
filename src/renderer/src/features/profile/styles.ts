import { makeStyles, tokens } from '@fluentui/react-components'
import { cardGridStyle, cardStyle } from '../../components/cardStyles.ts'

/** The layout of the profile and profile-edit screens. */
export const useProfileStyles = makeStyles({
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
  headerRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold
  },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  layout: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 1199px)': { gridTemplateColumns: 'minmax(0, 1fr) 300px' },
    alignItems: 'start'
  },
  blocks: cardGridStyle(320),
  card: cardStyle,
  sectionTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold
  },
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, auto) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  fields: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    columnGap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
    // A hint or an error under one field must not stretch its neighbours' inputs.
    alignItems: 'start'
  },
  withAction: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    '& > :first-child': { flexGrow: 1, minWidth: 0 },
    '& > button': { flexShrink: 0, whiteSpace: 'nowrap' }
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  ads: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  ltr: { direction: 'ltr /* @noflip */' as 'ltr', unicodeBidi: 'isolate' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  listItem: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`
  },
  listMeta: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  fileList: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  fileItem: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, overflowWrap: 'anywhere' },
  family: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, border: 'none' },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0 }
})
