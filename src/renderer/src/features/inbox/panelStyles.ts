import { makeStyles, tokens } from '@fluentui/react-components'

/** The look shared by the notification and message dropdowns. */
export const usePanelStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', maxHeight: 'min(560px, calc(100vh - 80px))' },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  tabs: { paddingInline: tokens.spacingHorizontalS },
  list: { margin: 0, padding: 0, listStyleType: 'none', overflowY: 'auto', flexGrow: 1, minHeight: 0 },
  item: {
    display: 'grid',
    gridTemplateColumns: '10px 1fr',
    columnGap: tokens.spacingHorizontalS,
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    textAlign: 'start',
    font: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  unseenItem: { backgroundColor: tokens.colorBrandBackground2 },
  dot: { width: '8px', height: '8px', borderRadius: '50%', marginTop: '6px', backgroundColor: tokens.colorBrandBackground },
  noDot: { width: '8px' },
  text: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, overflowWrap: 'anywhere' },
  itemTitle: { fontWeight: tokens.fontWeightRegular },
  itemTitleUnseen: { fontWeight: tokens.fontWeightBold },
  preview: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  date: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase100 },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center'
  },
  notice: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200
  },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap'
  }
})
