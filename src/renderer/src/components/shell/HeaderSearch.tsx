import { makeStyles, mergeClasses, SearchBox, Spinner, tokens } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { SearchResult } from '../../../../shared/api/search.ts'
import { lessonPath } from '../../features/learning/index.ts'
import { useInboxCatalogue } from '../../i18n/inboxCatalogue.ts'
import { useInbox } from '../../stores/StoreContext.tsx'

const useStyles = makeStyles({
  root: { position: 'relative', width: '100%', maxWidth: '480px', minWidth: 0 },
  box: { width: '100%', maxWidth: 'none' },
  list: {
    position: 'absolute',
    insetInlineStart: 0,
    insetInlineEnd: 0,
    top: 'calc(100% + 4px)',
    zIndex: 20,
    margin: 0,
    padding: tokens.spacingVerticalXS,
    listStyleType: 'none',
    maxHeight: '60vh',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16
  },
  option: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover }
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    outline: `2px solid ${tokens.colorStrokeFocus2}`,
    outlineOffset: '-2px'
  },
  name: { fontWeight: tokens.fontWeightSemibold },
  subject: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  note: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3
  }
})

/**
 * The header's lesson search: an ARIA combobox whose list shows from 3 characters; arrows move,
 * Enter opens the lesson, Escape closes. Disabled for pupils with an offer of group 104.
 */
export const HeaderSearch = observer(function HeaderSearch({ compact }: { compact: boolean }) {
  useInboxCatalogue()
  const styles = useStyles()
  const inbox = useInbox()
  const { search } = inbox
  const { t } = useTranslation(['inbox', 'shell'])
  const navigate = useNavigate()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const disabled = inbox.searchDisabled || inbox.userId === null

  const choose = (result: SearchResult) => {
    setOpen(false)
    setActive(-1)
    search.clear()
    void navigate(lessonPath(result.subject_slug, { slug: result.chapter_slug, type: result.chapter_type }, result.content_slug))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = search.results.length
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((index) => (index + 1) % count)
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault()
      setActive((index) => (index <= 0 ? count - 1 : index - 1))
    } else if (event.key === 'Enter' && open && active >= 0 && search.results[active]) {
      event.preventDefault()
      choose(search.results[active])
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  // A search that failed shows nothing (specification, part 2 §8): the next keystroke asks again.
  const showList = open && search.searchable && search.status !== 'failed'
  const optionId = (index: number) => `${listId}-option-${index}`
  let note: string | null = null
  if (search.status === 'loading') note = t('inbox:search.searching')
  else if (search.status === 'succeeded' && search.results.length === 0) note = t('inbox:search.noOptions')

  return (
    <div className={styles.root}>
      <SearchBox
        className={styles.box}
        disabled={disabled}
        value={search.term}
        onChange={(_event, data) => {
          search.setTerm(data.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        aria-label={t('shell:header.searchLabel')}
        placeholder={compact ? t('shell:header.searchLabel') : t('shell:header.searchPlaceholder')}
        title={inbox.searchDisabled ? t('inbox:search.disabled') : undefined}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        data-testid="search-box"
      />
      {showList ? (
        <ul id={listId} role="listbox" aria-label={t('inbox:search.results')} className={styles.list} data-testid="search-results">
          {note !== null ? (
            <li role="presentation" className={styles.note} data-testid={`search-${search.status}`} aria-live="polite">
              {search.status === 'loading' ? <Spinner size="extra-tiny" /> : null}
              {note}
            </li>
          ) : null}
          {search.status === 'succeeded'
            ? search.results.map((result, index) => (
                <li
                  key={`${result.subject}-${result.chapter_slug}-${result.content_slug}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={mergeClasses(styles.option, index === active && styles.active)}
                  // Chosen before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault()
                    choose(result)
                  }}
                  data-testid="search-result"
                >
                  <span className={styles.name}>{result.name}</span>
                  <span className={styles.subject}>{result.subject_name}</span>
                </li>
              ))
            : null}
        </ul>
      ) : null}
    </div>
  )
})
