import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center'
  },
  title: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 }
})

export interface FailurePanelProps {
  testId: string
  title: string
  text: string
  action: { label: string; onClick: () => void; testId?: string }
  /** Where the panel stands (its height, its colours) and how its text reads. */
  className: string
  textClassName?: string
}

/** Something could not be shown: a title, what happened, and the one thing to try. */
export function FailurePanel({ testId, title, text, action, className, textClassName }: FailurePanelProps) {
  const styles = useStyles()
  return (
    <div className={mergeClasses(styles.root, className)} role="alert" data-testid={testId}>
      <h1 className={styles.title}>{title}</h1>
      <p className={textClassName}>{text}</p>
      <Button appearance="primary" onClick={action.onClick} data-testid={action.testId}>
        {action.label}
      </Button>
    </div>
  )
}
