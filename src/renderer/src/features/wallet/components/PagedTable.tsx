import { Button, Dropdown, Option, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'
import { useVirtualizer } from '@tanstack/react-virtual'
import { observer } from 'mobx-react-lite'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZES, type PagedRows, type PageSize } from '../stores/walletSupport.ts'

export interface Column<T> {
  id: string
  header: string
  cell: (row: T) => ReactNode
  /** CSS grid track, `minmax(120px, 1fr)` unless told. */
  width?: string
}

const ROW_HEIGHT = 44
/** Rows drawn beyond the visible ones, each side. */
const OVERSCAN = 6

const useStyles = makeStyles({
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1
  },
  scroller: {
    maxHeight: `${ROW_HEIGHT * 12}px`,
    overflow: 'auto'
  },
  table: { width: '100%' },
  row: {
    display: 'grid',
    alignItems: 'center',
    minHeight: `${ROW_HEIGHT}px`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    boxSizing: 'border-box'
  },
  head: {
    minHeight: `${ROW_HEIGHT}px`,
    height: 'auto',
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold
  },
  cell: {
    paddingInline: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalXS,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    textAlign: 'start'
  },
  headerCell: { whiteSpace: 'normal', overflowWrap: 'break-word' },
  empty: {
    padding: tokens.spacingVerticalXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2
  },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    paddingInline: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`
  },
  pageSize: { minWidth: '88px' }
})

/**
 * A table cut into pages of 10, 25 or 100 rows (§9) whose body is virtualized (QUALITY P5): only
 * the rows in view, plus a few, are in the DOM.
 */
function PagedTableInner<T>(props: {
  label: string
  rows: PagedRows<T>
  columns: Column<T>[]
  rowKey: (row: T) => string | number
  empty: ReactNode
  testId: string
}) {
  const { rows, columns } = props
  const styles = useStyles()
  const { t, i18n } = useTranslation('wallet')
  const scroller = useRef<HTMLDivElement>(null)
  const sizeLabel = useId()
  const pageRows = rows.pageRows
  // The virtualizer re-renders this component itself; the compiler leaving it unmemoized is expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: pageRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN
  })
  // A new page starts at its first row.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 })
  }, [rows.page, rows.pageSize])
  const tracks = columns.map((column) => column.width ?? 'minmax(120px, 1fr)')
  const template = tracks.join(' ')
  // As wide as the frame, and never narrower than the columns' minimums (then it scrolls sideways).
  const minWidth = tracks.reduce((sum, track) => sum + Number(/^minmax\((\d+)px/.exec(track)?.[1] ?? 120), 0)
  const items = virtualizer.getVirtualItems()
  const before = items.length > 0 ? items[0]!.start : 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0
  const rtl = i18n.dir() === 'rtl'
  const Previous = rtl ? ChevronRight20Regular : ChevronLeft20Regular
  const Next = rtl ? ChevronLeft20Regular : ChevronRight20Regular
  const range = rows.range

  if (rows.rows.length === 0) {
    return (
      <div className={styles.frame} data-testid={props.testId}>
        <p className={styles.empty} data-testid={`${props.testId}-empty`}>
          {props.empty}
        </p>
      </div>
    )
  }

  return (
    <div className={styles.frame} data-testid={props.testId}>
      <div ref={scroller} className={styles.scroller} tabIndex={0} role="region" aria-label={props.label}>
        <div role="table" aria-label={props.label} aria-rowcount={pageRows.length + 1} className={styles.table} style={{ minWidth }}>
          <div role="rowgroup">
            <div role="row" className={`${styles.row} ${styles.head}`} style={{ gridTemplateColumns: template }} aria-rowindex={1}>
              {columns.map((column) => (
                <div role="columnheader" key={column.id} className={`${styles.cell} ${styles.headerCell}`}>
                  {column.header}
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup" style={{ paddingTop: before, paddingBottom: after }}>
            {items.map((item) => {
              const row = pageRows[item.index]!
              return (
                <div
                  role="row"
                  key={props.rowKey(row)}
                  aria-rowindex={item.index + 2}
                  className={styles.row}
                  style={{ gridTemplateColumns: template, height: ROW_HEIGHT }}
                  data-testid={`${props.testId}-row`}
                >
                  {columns.map((column) => (
                    <div role="cell" key={column.id} className={styles.cell}>
                      {column.cell(row)}
                    </div>
                  ))}
                </div>
              )
            })}
          </div>
        </div>
      </div>
      <div className={styles.footer}>
        <span id={sizeLabel}>{t('table.rowsPerPage')}</span>
        <Dropdown
          className={styles.pageSize}
          aria-labelledby={sizeLabel}
          value={String(rows.pageSize)}
          selectedOptions={[String(rows.pageSize)]}
          onOptionSelect={(_event, data) => rows.setPageSize(Number(data.optionValue) as PageSize)}
          data-testid={`${props.testId}-page-size`}
        >
          {PAGE_SIZES.map((size) => (
            <Option key={size} value={String(size)}>
              {String(size)}
            </Option>
          ))}
        </Dropdown>
        <span aria-live="polite" data-testid={`${props.testId}-range`}>
          {t('table.range', { from: range.from, to: range.to, total: range.total })}
        </span>
        <Button
          appearance="subtle"
          icon={<Previous />}
          aria-label={t('table.previous')}
          disabled={rows.page === 0}
          onClick={() => rows.setPage(rows.page - 1)}
          data-testid={`${props.testId}-previous`}
        />
        <Button
          appearance="subtle"
          icon={<Next />}
          aria-label={t('table.next')}
          disabled={rows.page >= rows.pageCount - 1}
          onClick={() => rows.setPage(rows.page + 1)}
          data-testid={`${props.testId}-next`}
        />
      </div>
    </div>
  )
}

export const PagedTable = observer(PagedTableInner) as typeof PagedTableInner
