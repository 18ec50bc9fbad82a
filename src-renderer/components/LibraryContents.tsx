// The library's list: the folder bar, how many rosters the list holds, then the rosters (a virtual
// table), or why there are none: the welcome of an empty library, an empty trash or folder, nothing
// matching. The welcome and "nothing matches" wait for the current query's answer; until then the
// last rows stay.
import type { RulesetSummary } from '../../src-main/ipc/contract'
import type { LibraryList } from '../state/library-list'
import type { FolderDialog } from '../state/library-dialogs'
import { nounFor } from '../format'
import { FolderBar } from './FolderBar'
import type { RowActions } from './LibraryRow'
import { RosterTable } from './RosterTable'
import { Welcome } from './Welcome'

export function LibraryContents({
  list,
  rulesets,
  onNew,
  onEvent,
  onFolderDialog,
  rowActions
}: {
  list: LibraryList
  rulesets: RulesetSummary[]
  onNew: () => void
  onEvent: () => void
  onFolderDialog: (dialog: FolderDialog) => void
  rowActions: RowActions
}) {
  const { filters, total, ready, error, filtered, folder, folderList, folderNames, folderName } = list
  const { trash, query, ruleset, tag, legality, games } = filters
  const welcome = ready && !error && total === 0 && !filtered
  const folderEmpty =
    folder === undefined
      ? ''
      : folder === null
        ? 'No roster is outside a folder.'
        : `No roster in ${folderName(folder)} yet: Move… on a roster’s row puts it here.`

  return (
    <>
      {!trash && !welcome && (
        <FolderBar
          list={list.folders}
          choice={folder}
          onChoose={list.setFolderChoice}
          onNew={() => onFolderDialog({ kind: 'new' })}
          onRename={(f) => onFolderDialog({ kind: 'rename', folder: f })}
          onDelete={(f) => onFolderDialog({ kind: 'delete', folder: f })}
        />
      )}
      {(ready || total > 0) && (
        <p className="count">
          {total.toLocaleString('en')} {nounFor(total, 'roster')}
          {trash ? ' in the trash' : folder !== undefined ? ` in ${folder === null ? 'no folder' : folderName(folder)}` : ''} · drop .muster.json files or share
          codes here to import them
        </p>
      )}
      {error && (
        <p className="load-error" role="alert">
          The library could not be read: {error}
        </p>
      )}
      {welcome ? (
        <Welcome rulesets={rulesets} onNew={onNew} onEvent={onEvent} onOpen={rowActions.onOpen} />
      ) : total === 0 ? (
        ready &&
        !error && (
          <p className="empty">
            {trash
              ? 'The trash is empty.'
              : query.trim()
                ? `Nothing matches “${query.trim()}”${ruleset || tag || legality || games || folder !== undefined ? ' with these filters' : ''}.`
                : folderEmpty && !(ruleset || tag || legality || games)
                  ? folderEmpty
                  : 'No roster matches these filters.'}
          </p>
        )
      ) : (
        <RosterTable
          total={total}
          rowAt={list.rowAt}
          show={list.show}
          query={list.fetchPage}
          trash={trash}
          rulesets={rulesets}
          // Beside each name, its folder: only where the list shows more than one folder's rosters.
          folderName={folder === undefined && folderList.length > 0 ? (id) => (id === null ? undefined : folderNames.get(id)) : undefined}
          saveStates={list.saveStates}
          onMove={folderList.length > 0 ? (row) => onFolderDialog({ kind: 'move', row }) : undefined}
          actions={rowActions}
        />
      )}
    </>
  )
}
