import { Button, Tab, TabList } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular, ZoomIn20Regular, ZoomOut20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLessonStyles } from './lessonStyles.ts'
import type { MagazineMode, MagazineStore } from './stores/MagazineStore.ts'

/**
 * A magazine's pages (part 2, §3): one at a time or one under the other, zoom, the keyboard
 * (arrows, + and −), right-to-left page order for an Arabic magazine; only the pages around the
 * one shown are loaded.
 */
export const MagazineReader = observer(function MagazineReader({ store, name }: { store: MagazineStore; name: string }) {
  const styles = useLessonStyles()
  const { t } = useTranslation('learning')
  const slots = useRef<(HTMLDivElement | null)[]>([])

  // Continuous: the page most in view is the current one (what is remembered and loaded around).
  useEffect(() => {
    if (store.mode !== 'scroll') return
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.filter((entry) => entry.isIntersecting).sort((a, b) => b.intersectionRatio - a.intersectionRatio)[0]
        if (seen) store.go(Number((seen.target as HTMLElement).dataset.index))
      },
      { threshold: [0.25, 0.5, 0.75] }
    )
    for (const slot of slots.current) if (slot) observer.observe(slot)
    slots.current[store.index]?.scrollIntoView({ block: 'start' })
    return () => observer.disconnect()
    // The observer is made again only when the mode changes; the page it starts on is read once.
  }, [store, store.mode])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, [role="tab"]')) return
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      store.arrow(event.key === 'ArrowLeft' ? 'left' : 'right')
      if (store.mode === 'scroll') slots.current[store.index]?.scrollIntoView({ block: 'start' })
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault()
      store.zoomIn()
    } else if (event.key === '-') {
      event.preventDefault()
      store.zoomOut()
    }
  }
  const Back = store.rtl ? ChevronRight20Regular : ChevronLeft20Regular
  const Forward = store.rtl ? ChevronLeft20Regular : ChevronRight20Regular
  const page = (index: number) => (
    <div
      key={index}
      ref={(element) => {
        slots.current[index] = element
      }}
      data-index={index}
      className={styles.magazineSlot}
      style={{ width: `${store.zoom * 100}%` }}
    >
      {store.isDecoded(index) ? (
        <img
          src={store.pages[index]}
          alt={t('magazine.pageAlt', { number: index + 1, total: store.count, name })}
          className={styles.magazinePage}
          decoding="async"
          data-testid="magazine-page"
        />
      ) : (
        <div className={styles.magazinePlaceholder} aria-hidden />
      )}
    </div>
  )
  return (
    <section
      className={styles.info}
      aria-label={t('magazine.label', { name })}
      data-testid="magazine"
      data-page={store.index + 1}
      data-rtl={store.rtl}
    >
      <div className={styles.bar}>
        <TabList
          selectedValue={store.mode}
          onTabSelect={(_, data) => store.setMode(data.value as MagazineMode)}
          size="small"
          aria-label={t('magazine.modeLabel')}
        >
          <Tab value="page">{t('magazine.byPage')}</Tab>
          <Tab value="scroll" data-testid="magazine-continuous">
            {t('magazine.continuous')}
          </Tab>
        </TabList>
        <div className={styles.barGroup}>
          <Button appearance="subtle" icon={<ZoomOut20Regular />} aria-label={t('magazine.zoomOut')} onClick={store.zoomOut} />
          <span className={styles.watched} data-testid="magazine-zoom">
            {Math.round(store.zoom * 100)} %
          </span>
          <Button appearance="subtle" icon={<ZoomIn20Regular />} aria-label={t('magazine.zoomIn')} onClick={store.zoomIn} />
        </div>
      </div>
      <div
        className={styles.magazineView}
        tabIndex={0}
        onKeyDown={onKeyDown}
        dir={store.rtl ? 'rtl' : 'ltr'}
        aria-describedby="magazine-keys"
        data-testid="magazine-view"
      >
        {store.mode === 'page' ? page(store.index) : store.pages.map((_, index) => page(index))}
      </div>
      <span id="magazine-keys" hidden>
        {t('magazine.keys')}
      </span>
      <div className={styles.bar} dir={store.rtl ? 'rtl' : 'ltr'}>
        <Button icon={<Back />} onClick={store.previous} disabled={store.index === 0} data-testid="magazine-previous">
          {t('magazine.previous')}
        </Button>
        <span className={styles.watched} role="status" data-testid="magazine-position">
          {t('magazine.position', { number: store.index + 1, total: store.count })}
        </span>
        <Button
          icon={<Forward />}
          iconPosition="after"
          onClick={store.next}
          disabled={store.index >= store.count - 1}
          data-testid="magazine-next"
        >
          {t('magazine.next')}
        </Button>
      </div>
    </section>
  )
})
