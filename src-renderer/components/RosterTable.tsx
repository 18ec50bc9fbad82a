// The library's list: a table whose rows are drawn only while on screen (TanStack Virtual), over
// the rows the store hands out a page at a time (state/roster-pages.ts).
import { useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { RosterRow, RulesetSummary } from '../../src-main/ipc/contract'
import type { SaveState } from '../state/autosave'
import { observeOrAssume } from '../virtual'
import { LibraryRow, ROW_HEIGHT, type RowActions } from './LibraryRow'
import styles from './RosterTable.module.css'

export function RosterTable({
  total,
  rowAt,
  show,
  query,
  trash,
  rulesets,
  folderName,
  saveStates,
  onMove,
  actions
}: {
  total: number
  rowAt: (index: number) => RosterRow | undefined
  show: (first: number, last: number) => void
  query: unknown
  trash: boolean
  rulesets: RulesetSummary[]
  /** A roster's folder's name, to show beside its name (undefined: none shown). */ folderName?: (folderId: string | null) => string | undefined
  saveStates: Record<string, SaveState>
  onMove?: (row: RosterRow) => void
  actions: RowActions
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    observeElementRect: observeOrAssume
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items[items.length - 1]?.index ?? 0
  useEffect(() => show(first, last), [first, last, show])
  // A new query shows its first rows, not the middle of the old list.
  useEffect(() => virtualizer.scrollToOffset(0), [query, virtualizer])
  const rulesetName = (id: string) => rulesets.find((r) => r.id === id)?.shortName ?? id
  const armyName = (rs: string, army: string) => rulesets.find((r) => r.id === rs)?.armies.find((a) => a.id === army)?.name ?? army

  return (
    <div className={styles.rosterScroll} ref={scroller}>
      <table className={onMove && !trash ? `roster-table ${styles.withMove}` : 'roster-table'} aria-rowcount={total + 1}>
        <colgroup>
          <col className="c-name" />
          <col className={styles.cRuleset} />
          <col className={styles.cArmy} />
          <col className={styles.cPoints} />
          <col className={styles.cStatus} />
          <col className={styles.cRecord} />
          <col className={styles.cWhen} />
          <col className={styles.cActions} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
            <th scope="col">Ruleset</th>
            <th scope="col">Army</th>
            <th scope="col" className="num">
              Points
            </th>
            <th scope="col">Status</th>
            <th scope="col" title="Finished games: won, lost, drawn">
              Record
            </th>
            <th scope="col">Changed</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length > 0 && items[0].start > 0 && <tr aria-hidden="true" className={styles.spacerRow} style={{ height: items[0].start }} />}
          {items.map((item) => {
            const r = rowAt(item.index)
            return r ? (
              <LibraryRow
                key={r.id}
                row={r}
                index={item.index}
                trash={trash}
                rulesetName={rulesetName(r.ruleset)}
                armyName={armyName(r.ruleset, r.army)}
                folderName={folderName?.(r.folderId)}
                saveState={saveStates[r.id]}
                onMove={onMove}
                actions={actions}
                measure={virtualizer.measureElement}
              />
            ) : (
              <tr key={`loading-${item.index}`} data-index={item.index} aria-rowindex={item.index + 2} className={styles.loadingRow}>
                <td colSpan={8}>Loading…</td>
              </tr>
            )
          })}
          {items.length > 0 && virtualizer.getTotalSize() - items[items.length - 1].end > 0 && (
            <tr aria-hidden="true" className={styles.spacerRow} style={{ height: virtualizer.getTotalSize() - items[items.length - 1].end }} />
          )}
        </tbody>
      </table>
    </div>
  )
}
