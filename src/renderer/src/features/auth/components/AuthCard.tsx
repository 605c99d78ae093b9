import { Button, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { SubmitButton } from '../../../forms/SubmitButton.tsx'

const useStyles = makeStyles({
  card: {
    width: 'min(480px, 100%)',
    boxSizing: 'border-box',
    marginBlock: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalL, marginBlock: tokens.spacingVerticalS }
  },
  wide: { width: 'min(720px, 100%)' },
  heading: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  subtitle: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 }
})

/** The card every sign-in step sits in: a heading, a line of help, the form. */
export function AuthCard(props: { heading: string; subtitle?: string; wide?: boolean; testId: string; children: ReactNode }) {
  const styles = useStyles()
  const id = `${props.testId}-heading`
  return (
    <section className={props.wide ? `${styles.card} ${styles.wide}` : styles.card} aria-labelledby={id} data-testid={props.testId}>
      <h1 id={id} className={styles.heading}>
        {props.heading}
      </h1>
      {props.subtitle ? <p className={styles.subtitle}>{props.subtitle}</p> : null}
      {props.children}
    </section>
  )
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    // A field keeps its own height when its neighbour shows an error or a hint.
    alignItems: 'start',
    // A select sizes itself on its longest option: let the column, not the option, decide.
    '& > *': { minWidth: 0 },
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' }
  },
  full: { gridColumn: '1 / -1' },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  end: { display: 'flex', justifyContent: 'flex-end' },
  center: { display: 'flex', justifyContent: 'center', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  submit: { width: '100%' },
  divider: { color: tokens.colorNeutralForeground3 },
  social: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' }
  },
  ltr: { direction: 'ltr /* @noflip */' as 'ltr', textAlign: 'start' },
  /** Router links styled as Fluent links (brand colour, underline on hover and focus). */
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { textDecorationLine: 'underline' }
  },
  selectRoot: { minWidth: 0, width: '100%' },
  selectControl: { minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 }
})

/** A sign-in step's submit button, large and as wide as the card. */
export function AuthSubmit(props: { disabled: boolean; submitting: boolean; testId: string; children: ReactNode }) {
  const styles = useFormStyles()
  return (
    <SubmitButton size="large" className={styles.submit} disabled={props.disabled} submitting={props.submitting} data-testid={props.testId}>
      {props.children}
    </SubmitButton>
  )
}

/** A finished step's card: its success message, then the one large button that goes on. */
export function AuthDoneCard(props: {
  heading: string
  testId: string
  text: string
  textTestId?: string
  action: string
  actionTestId?: string
  onAction: () => void
}) {
  const styles = useFormStyles()
  return (
    <AuthCard heading={props.heading} testId={props.testId}>
      <MessageBar intent="success" data-testid={props.textTestId}>
        <MessageBarBody>{props.text}</MessageBarBody>
      </MessageBar>
      <Button appearance="primary" size="large" className={styles.submit} onClick={props.onAction} data-testid={props.actionTestId}>
        {props.action}
      </Button>
    </AuthCard>
  )
}

/** The line under a step's form that leads to another step: an optional question, then the link. */
export function AuthLinkLine(props: { question?: string; to: string; testId: string; children: ReactNode }) {
  const styles = useFormStyles()
  return (
    <p className={styles.center}>
      {props.question === undefined ? null : <span>{props.question}</span>}
      <Link className={styles.link} to={props.to} data-testid={props.testId}>
        {props.children}
      </Link>
    </p>
  )
}
