import { makeStyles, tokens } from '@fluentui/react-components'
import { cardStyle } from '../../components/cardStyles.ts'
import { focusRing } from '../../components/shell/focusRing.ts'

/** The lesson page: the player and its panels, the side list of lessons (beside from 1199 px, under it below). */
export const useLessonStyles = makeStyles({
  player: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: '#000',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    ':focus-within': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    ':fullscreen': { borderRadius: 0, justifyContent: 'center' }
  },
  video: { display: 'block', width: '100%', aspectRatio: '16 / 9', backgroundColor: '#000', cursor: 'pointer' },
  videoSpinner: { position: 'absolute', insetInlineStart: '50%', top: '40%', transform: 'translate(-50%, -50%)', pointerEvents: 'none' },
  videoFailed: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    color: '#fff',
    backgroundColor: 'rgba(0, 0, 0, 0.75)'
  },
  controls: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    backgroundColor: '#111',
    color: '#fff'
  },
  controlButton: { color: '#fff', minWidth: '32px', ':hover': { color: '#fff', backgroundColor: 'rgba(255, 255, 255, 0.12)' } },
  time: { fontVariantNumeric: 'tabular-nums', fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  seek: { flexGrow: 1, minWidth: '120px' },
  speedLabel: { fontSize: tokens.fontSizeBase200 },
  speed: { width: '84px' },
  offline: {
    margin: 0,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200
  },
  bar: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'space-between' },
  barGroup: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  navLink: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '32px',
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ...focusRing
  },
  done: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteGreenForeground1,
    fontWeight: tokens.fontWeightSemibold
  },
  watched: { color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  info: { ...cardStyle },
  infoList: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0
  },
  infoTerm: { color: tokens.colorNeutralForeground2 },
  infoValue: { margin: 0, overflowWrap: 'anywhere' },
  locked: {
    ...cardStyle,
    alignItems: 'center',
    textAlign: 'center',
    paddingBlock: tokens.spacingVerticalXXL
  },
  lockIcon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
  primaryLink: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '32px',
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    textDecorationLine: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
    ...focusRing
  },
  side: { ...cardStyle, gap: tokens.spacingVerticalM },
  sideSection: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  sideTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  sideChapter: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  lessonList: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  lessonLink: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ...focusRing
  },
  lessonCurrent: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  lessonName: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  lessonMeta: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap'
  },
  lessonDone: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  lessonLock: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  favourite: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: 0 },
  magazineView: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    maxHeight: '80vh',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' }
  },
  magazineSlot: { maxWidth: 'none', flexShrink: 0 },
  magazinePage: { display: 'block', width: '100%', height: 'auto', boxShadow: tokens.shadow4, backgroundColor: '#fff' },
  magazinePlaceholder: { width: '100%', aspectRatio: '1 / 1.414', backgroundColor: tokens.colorNeutralBackground1 },
  quizList: {
    margin: 0,
    paddingInlineStart: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL
  },
  quizQuestion: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  quizText: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  quizOptions: { display: 'flex', flexDirection: 'column' },
  quizCorrection: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingInlineStart: tokens.spacingHorizontalM,
    borderInlineStartWidth: '3px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorNeutralStroke1
  },
  wrong: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold
  },
  attachmentList: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  attachment: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  attachmentProgress: { width: '120px' },
  favouriteMeta: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular
  },
  reaction: { minWidth: 'auto', paddingInline: tokens.spacingHorizontalS },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    border: 0
  }
})
