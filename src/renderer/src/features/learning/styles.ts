import { makeStyles, tokens } from '@fluentui/react-components'
import { cardGridStyle, cardStyle, progressRowStyles, sideColumnScreenStyles } from '../../components/cardStyles.ts'
import { focusRing } from '../../components/shell/focusRing.ts'

/**
 * The learning screens' layout: the main column and a side column (ads on the subjects grid, the
 * subject's widget on its page) from 1199 px, under it below (§9 breakpoints 600 and 1199 px).
 */
export const useLearningStyles = makeStyles({
  ...sideColumnScreenStyles(300),
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  grid: { ...cardGridStyle(220, tokens.spacingVerticalL), listStyleType: 'none', margin: 0, padding: 0 },
  subjectCard: {
    ...cardStyle,
    boxSizing: 'border-box',
    padding: 0,
    gap: 0,
    overflow: 'hidden',
    height: '100%'
  },
  subjectLink: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusLarge,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ...focusRing
  },
  band: {
    height: '88px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0
  },
  thumbnail: { maxHeight: '64px', maxWidth: '64px', objectFit: 'contain' },
  initial: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightBold, color: '#ffffff' },
  subjectBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  subjectName: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere'
  },
  ...progressRowStyles,
  card: { ...cardStyle, boxSizing: 'border-box' },
  status: { ...cardStyle, boxSizing: 'border-box', alignItems: 'flex-start' },
  breadcrumb: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    alignSelf: 'flex-start',
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { textDecorationLine: 'underline' },
    ...focusRing
  },
  tabs: { overflowX: 'auto' },
  sectionTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold
  },
  chapterList: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chapter: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) minmax(96px, 160px)',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    '@media (max-width: 599px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' }
  },
  chapterLink: {
    ':hover': { backgroundColor: tokens.colorNeutralBackground2Hover },
    ...focusRing
  },
  number: {
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorBrandForeground1,
    minWidth: '2.5ch'
  },
  chapterBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  chapterName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2
  },
  chapterProgress: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    '@media (max-width: 599px)': { gridColumn: '1 / -1' }
  },
  widgetHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  widgetImage: {
    width: '56px',
    height: '56px',
    borderRadius: tokens.borderRadiusMedium,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden'
  },
  widgetImageContent: { maxWidth: '44px', maxHeight: '44px', objectFit: 'contain' },
  widgetInitial: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightBold, color: '#ffffff' },
  counts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    color: tokens.colorNeutralForeground2
  },
  others: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  otherLink: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForeground1 },
    ...focusRing
  },
  dot: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0, display: 'inline-block' },
  toggle: { alignSelf: 'flex-start' }
})

/** The subject's own colour behind its image or initial (a neutral brand tone without one). */
export const subjectBackground = (color: string | null): string => color ?? tokens.colorBrandBackground
