import type { ReactNode } from 'react'
import { useProfileStyles } from './styles.ts'

/** A card of the profile screens: its heading, which names the section, over what it holds. */
export function ProfileSection({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  const styles = useProfileStyles()
  return (
    <section className={styles.card} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}
