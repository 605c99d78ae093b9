import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  track: {
    display: 'block',
    height: '4px',
    width: '100%',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground6,
    '@media (forced-colors: active)': { backgroundColor: 'CanvasText' }
  },
  fill: {
    display: 'block',
    height: '100%',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorCompoundBrandBackground,
    '@media (forced-colors: active)': { backgroundColor: 'Highlight' }
  }
})

interface Props {
  /** 0–100. */
  value: number
  className?: string
  'aria-label'?: string
  'aria-labelledby'?: string
  'aria-valuetext'?: string
}

/**
 * A progress bar as Fluent's large one looks, drawn with two spans: a subject's page shows one per
 * chapter (40 in the bench's subject, whose render has a bar of 200 ms at 4× throttle), and this
 * one needs no component state, hooks or slots of its own.
 */
export function ProgressMeter({ value, className, ...aria }: Props) {
  const styles = useStyles()
  const shown = Math.min(100, Math.max(0, value))
  return (
    <span
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={shown}
      className={mergeClasses(styles.track, className)}
      {...aria}
    >
      <span className={styles.fill} style={{ width: `${shown}%` }} />
    </span>
  )
}
