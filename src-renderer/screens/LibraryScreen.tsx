// The library: every roster with ruleset, army, points and a legal badge; instant search, filters,
// sort; folders (new, rename, delete, move a roster to one, show one's rosters); new, open,
// duplicate, rename, delete (to the trash, undoable), import (picker or drop), export; the trash.
// What the list shows is state/library-list.ts, what is done to rosters state/library-actions.ts,
// which dialog is open state/library-dialogs.ts; this screen puts their parts together.
import { useEffect, useRef } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { useLibraryActions } from '../state/library-actions'
import { useLibraryDialogs } from '../state/library-dialogs'
import { useLibraryList } from '../state/library-list'
import { LibraryContents } from '../components/LibraryContents'
import { LibraryDialogs } from '../components/LibraryDialogs'
import { LibraryNotices } from '../components/LibraryNotices'
import { LibraryToolbar } from '../components/LibraryToolbar'
import styles from './LibraryScreen.module.css'

export function LibraryScreen({
  rulesets,
  onOpen,
  onPlay,
  onNew,
  onEvent,
  focusSearch
}: {
  rulesets: RulesetSummary[]
  onOpen: (id: string) => void
  /** Play: the Play screen with this roster as mine. */
  onPlay: (id: string) => void
  onNew: () => void
  onEvent: () => void
  focusSearch: number
}) {
  const list = useLibraryList()
  const { filters, setFilters, refresh } = list
  const { act, setNotice, ...actions } = useLibraryActions(refresh)
  const dialogs = useLibraryDialogs(refresh, setNotice)
  const search = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (focusSearch) search.current?.focus()
  }, [focusSearch])

  return (
    <section className={`page ${styles.library}${actions.dragging ? ` ${styles.dragging}` : ''}`} aria-label="Library" {...actions.dropTarget}>
      <h2 className="visually-hidden">Library</h2>
      <LibraryToolbar
        filters={filters}
        setFilters={setFilters}
        rulesets={rulesets}
        tags={list.tags}
        search={search}
        canEmptyTrash={filters.trash && list.total > 0}
        onNew={onNew}
        onImport={() => void actions.importFiles()}
        onPaste={() => dialogs.setPasting(true)}
        onRecheck={() => dialogs.setRechecking(true)}
        onEmptyTrash={() => void act(null, () => api().emptyTrash(), 'Trash emptied')}
      />
      <LibraryNotices
        notice={actions.notice}
        setNotice={setNotice}
        marked={filters.trash ? 0 : list.marked}
        onlyMarked={list.onlyMarked}
        onShowOnlyMarked={(changedOnly) => setFilters({ changedOnly })}
        onClearMarks={() => void act(null, () => api().clearDataMarks(), 'Took the “data changed” marks off').then(() => setFilters({ changedOnly: false }))}
        report={actions.report}
        onDismissReport={actions.dismissReport}
      />
      <LibraryContents
        list={list}
        rulesets={rulesets}
        onNew={onNew}
        onEvent={onEvent}
        onFolderDialog={dialogs.setFolderDialog}
        rowActions={{ onOpen, onPlay, act, setNotice }}
      />
      <LibraryDialogs dialogs={dialogs} list={list} rulesets={rulesets} onOpen={onOpen} act={act} setNotice={setNotice} />
    </section>
  )
}
