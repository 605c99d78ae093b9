import { makeStyles, tokens } from '@fluentui/react-components'
import { cardScreenStyles, factListStyles } from '../../components/cardStyles.ts'

/** The layout of the profile and profile-edit screens. */
export const useProfileStyles = makeStyles({
  ...cardScreenStyles,
  headerRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  layout: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 1199px)': { gridTemplateColumns: 'minmax(0, 1fr) 300px' },
    alignItems: 'start'
  },
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  ...factListStyles('minmax(120px, auto) minmax(0, 1fr)', tokens.spacingHorizontalL, tokens.spacingVerticalS),
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
  ads: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
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
  fileItem: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    overflowWrap: 'anywhere'
  },
  family: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, border: 'none' },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0 }
})
