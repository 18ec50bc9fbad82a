// The library: every roster with ruleset, army, points and a legal badge; instant search, filters,
// sort; folders (new, rename, delete, move a roster to one, show one's rosters); new, open,
// duplicate, rename, delete (to the trash, undoable), import (picker or drop), export; the trash.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { FolderSummary, LibraryImpact, RulesetSummary } from '../../../src-main/ipc/contract'
import type { ListOptions, RosterRow } from '../../../src-main/store/types'
import { api } from '../api'
import { countOf, nounFor } from '../format'
import { importUserFiles, type ImportReport } from '../state/import-files'
import { savedFirst, useSaveStates } from '../state/autosave'
import { useRosterPages } from '../state/roster-pages'
import { currentChoice, useFolders, type FolderChoice } from '../state/folders'
import { FolderBar } from '../components/FolderBar'
import { DeleteFolderDialog, FolderNameDialog, MoveToFolderDialog } from '../components/FolderDialogs'
import type { Act, SetNotice } from '../components/LibraryRow'
import { RosterTable } from '../components/RosterTable'
import { Welcome } from '../components/Welcome'
import { PasteCodeDialog } from '../components/PasteCodeDialog'
import { RecheckDialog } from '../components/RecheckDialog'

/**
 * The library's check for new data is asked once a session, not each time the screen is shown. File >
 * Import army lists reloads the window (main.ts), which starts a new session: the import is noticed
 * at once.
 */
let dataUpdateAsked = false

export function LibraryScreen({ rulesets, onOpen, onNew, onEvent, focusSearch }: { rulesets: RulesetSummary[]; onOpen: (id: string) => void; onNew: () => void; onEvent: () => void; focusSearch: number }) {
  const [query, setQuery] = useState('')
  const [ruleset, setRuleset] = useState('')
  const [legality, setLegality] = useState<'' | 'legal' | 'illegal'>('')
  // Rosters marked "data changed": how many, and whether the list shows only them (with any other filter).
  const [marked, setMarked] = useState(0)
  const [changedOnly, setChangedOnly] = useState(false)
  // Once the last mark is gone (saved, cleared), the list is no longer narrowed to marked rosters.
  const onlyMarked = changedOnly && marked > 0
  // A roster left with its last edit still being retried says so, and the row refreshes once it saves.
  const saveStates = useSaveStates((s) => s.states)
  const [tag, setTag] = useState('')
  const [tags, setTags] = useState<Array<{ tag: string; count: number }>>([])
  const [sort, setSort] = useState<NonNullable<ListOptions['sort']>>('updated')
  const [trash, setTrash] = useState(false)
  const [notice, setNotice] = useState<Parameters<SetNotice>[0]>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [dragging, setDragging] = useState(false)
  const [pasting, setPasting] = useState(false)
  // Recheck…, asked for (true) or opened by the library's own check at start (its findings).
  const [rechecking, setRechecking] = useState<boolean | LibraryImpact[]>(false)
  const folders = useFolders()
  const [folderChoice, setFolderChoice] = useState<FolderChoice>(undefined)
  // A folder deleted meanwhile is no longer shown: the list shows every roster again.
  const folder = currentChoice(folderChoice, folders.list)
  const [folderDialog, setFolderDialog] = useState<{ kind: 'new' } | { kind: 'rename' | 'delete'; folder: FolderSummary } | { kind: 'move'; row: RosterRow } | null>(null)
  const search = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (focusSearch) search.current?.focus()
  }, [focusSearch])

  // One query (search text, filters, sort); its rows are fetched a page at a time as they scroll in.
  const fetchPage = useCallback(
    (offset: number, limit: number) => {
      // The trash holds rosters of every folder; a folder shows those outside it.
      const options: ListOptions = { trash, sort, limit, offset, ...(ruleset ? { ruleset } : {}), ...(tag ? { tag } : {}), ...(legality ? { valid: legality === 'legal' } : {}), ...(onlyMarked ? { dataChanged: true } : {}), ...(folder !== undefined && !trash ? { folderId: folder } : {}) }
      return query.trim() ? api().searchRosters(query, options) : api().listRosters(options)
    },
    [query, ruleset, tag, legality, onlyMarked, sort, trash, folder]
  )
  const { total, ready, error, rowAt, show, reload } = useRosterPages(fetchPage)

  const refreshTags = useCallback(
    () =>
      api()
        .listTags()
        .then((t) => t.ok && setTags(t.value)),
    []
  )
  useEffect(() => void refreshTags(), [refreshTags])
  const refreshMarked = useCallback(
    () =>
      api()
        .listRosters({ dataChanged: true, limit: 1 })
        .then((r) => r.ok && setMarked(r.value.total)),
    []
  )
  useEffect(() => void refreshMarked(), [refreshMarked])
  const refreshFolders = folders.refresh
  const refresh = useCallback(async () => {
    await Promise.all([reload(), refreshTags(), refreshFolders(), refreshMarked()])
  }, [reload, refreshTags, refreshFolders, refreshMarked])

  // Once a session: when the data changed since the library last looked (army lists imported, Muster
  // updated), the rosters it changed are marked and the report opens.
  useEffect(() => {
    if (dataUpdateAsked) return
    dataUpdateAsked = true
    void api()
      .dataUpdate()
      .then((r) => {
        if (!r.ok) return setNotice({ text: `The library could not be rechecked with the new data: ${r.error.message}` })
        if (r.value.impacts.length === 0) return
        setRechecking(r.value.impacts)
        void refresh()
      })
  }, [refresh])

  // A save finished in the background (an edit left being retried): show the roster as saved.
  const savedInBackground = Object.values(saveStates).filter((s) => s.state === 'saved').length
  useEffect(() => {
    if (savedInBackground) void refresh()
  }, [savedInBackground, refresh])

  /** A change to a roster in the library: any edit of it still waiting to be saved goes in first. */
  const act: Act = async (id, call, text, undo) => {
    const unsaved = id ? await savedFirst(id) : null
    if (unsaved) return setNotice({ text: unsaved })
    const r = await call()
    if (!r.ok) setNotice({ text: r.error?.message ?? 'Something went wrong' })
    else if (text) setNotice({ text, undo })
    await refresh()
  }

  async function importFiles(files: FileList | File[]) {
    const list = [...files]
    if (!list.length) return
    const r = await importUserFiles(list)
    if (r.ok) setReport(r.report)
    else setNotice({ text: r.message })
    await refresh()
  }

  /** A folder dialog finished: it closes, says what it did, and what it changed is shown again. */
  const folderDone = (notice: NonNullable<Parameters<SetNotice>[0]>, reshow: () => Promise<void>) => {
    setFolderDialog(null)
    setNotice(notice)
    void reshow()
  }

  const filtered = trash || query.trim() !== '' || ruleset !== '' || tag !== '' || legality !== '' || onlyMarked || folder !== undefined
  const folderList = folders.list?.folders ?? []
  const folderNames = new Map(folderList.map((f) => [f.id, f.name]))
  const folderName = (id: string | null) => (id === null ? 'No folder' : (folderNames.get(id) ?? 'a folder'))
  const folderEmpty = folder === undefined ? '' : folder === null ? 'No roster is outside a folder.' : `No roster in ${folderName(folder)} yet: Move… on a roster’s row puts it here.`

  return (
    <section
      className={dragging ? 'library dragging' : 'library'}
      aria-label="Library"
      onDragOver={(e) => {
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault()
        setDragging(false)
        void importFiles(e.dataTransfer.files)
      }}
    >
      <h2 className="visually-hidden">Library</h2>
      <div className="toolbar">
        <button className="primary" onClick={onNew} title="New roster (Ctrl+N)">
          New roster
        </button>
        <input ref={search} type="search" placeholder="Search names, notes, armies, troops, tags" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search the library" />
        <select value={ruleset} onChange={(e) => setRuleset(e.target.value)} aria-label="Ruleset filter">
          <option value="">All rulesets</option>
          {rulesets.map((r) => (
            <option key={r.id} value={r.id} title={r.name}>
              {r.shortName}
            </option>
          ))}
        </select>
        {tags.length > 0 && (
          <select value={tag} onChange={(e) => setTag(e.target.value)} aria-label="Tag filter">
            <option value="">All tags</option>
            {tags.map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} ({t.count})
              </option>
            ))}
          </select>
        )}
        <select value={legality} onChange={(e) => setLegality(e.target.value as typeof legality)} aria-label="Legality filter">
          <option value="">Legal or not</option>
          <option value="legal">Legal</option>
          <option value="illegal" title="Illegal or unfinished">
            Not legal
          </option>
        </select>
        <select value={sort} onChange={(e) => setSort(e.target.value as typeof sort)} aria-label="Sort by">
          <option value="updated">Recently changed</option>
          <option value="name">Name</option>
          <option value="points">Points</option>
          <option value="created">Recently created</option>
        </select>
        <label className="button-like">
          Import…
          <input type="file" multiple accept=".json,application/json,.txt,text/plain" aria-label="Import roster files" onChange={(e) => e.target.files && void importFiles(e.target.files)} hidden />
        </label>
        <button onClick={() => setPasting(true)} title="Add a roster from a share code someone sent you">
          Paste code…
        </button>
        <button onClick={() => setRechecking(true)} title="Check every roster with the data in force now: which changed since they were saved">
          Recheck…
        </button>
        <button onClick={() => setTrash(!trash)} aria-pressed={trash}>
          {trash ? 'Back to library' : 'Trash'}
        </button>
        {trash && total > 0 && <button onClick={() => void act(null, () => api().emptyTrash(), 'Trash emptied')}>Empty trash</button>}
      </div>
      {notice && (
        <div className="notice" role="status">
          {notice.text}
          {notice.undo && (
            <button
              onClick={() => {
                notice.undo!()
                setNotice(null)
              }}
            >
              Undo
            </button>
          )}
          <button aria-label="Dismiss" onClick={() => setNotice(null)}>
            ✕
          </button>
        </div>
      )}
      {marked > 0 && !trash && (
        <div className="notice warn data-marks" role="status" aria-label="Data changed">
          {countOf(marked, 'roster')} {marked === 1 ? 'is' : 'are'} marked “data changed”: new rules data or other values changed {marked === 1 ? 'its' : 'their'} points or verdict.
          <button aria-pressed={onlyMarked} onClick={() => setChangedOnly(!onlyMarked)}>
            {onlyMarked ? 'Show all' : 'Show only these'}
          </button>
          <button
            onClick={() => void act(null, () => api().clearDataMarks(), 'Took the “data changed” marks off').then(() => setChangedOnly(false))}
            title="Take the “data changed” mark off every roster (saving a roster takes its own off)"
          >
            Clear all marks
          </button>
        </div>
      )}
      {report && (
        <div className={report.failed.length ? 'notice warn' : 'notice'} role="status" aria-label="Import report">
          Imported {countOf(report.imported.length, 'roster')}
          {report.failed.length > 0 && `; ${report.failed.length} not imported:`}
          <ul>
            {report.failed.map((f) => (
              <li key={f.source}>
                {f.source}: {f.reason}
              </li>
            ))}
          </ul>
          <button aria-label="Dismiss" onClick={() => setReport(null)}>
            ✕
          </button>
        </div>
      )}
      {!trash && !(ready && !error && total === 0 && !filtered) && (
        <FolderBar
          list={folders.list}
          choice={folder}
          onChoose={setFolderChoice}
          onNew={() => setFolderDialog({ kind: 'new' })}
          onRename={(f) => setFolderDialog({ kind: 'rename', folder: f })}
          onDelete={(f) => setFolderDialog({ kind: 'delete', folder: f })}
        />
      )}
      {(ready || total > 0) && (
        <p className="count">
          {total.toLocaleString('en')} {nounFor(total, 'roster')}
          {trash ? ' in the trash' : folder !== undefined ? ` in ${folder === null ? 'no folder' : folderName(folder)}` : ''} · drop .muster.json files or share codes here to import them
        </p>
      )}
      {error && (
        <p className="load-error" role="alert">
          The library could not be read: {error}
        </p>
      )}
      {/* The welcome and "nothing matches" wait for the current query's answer; until then the last rows stay. */}
      {ready && !error && total === 0 && !filtered ? (
        <Welcome rulesets={rulesets} onNew={onNew} onEvent={onEvent} onOpen={onOpen} />
      ) : total === 0 ? (
        ready &&
        !error && (
          <p className="empty">
            {trash
              ? 'The trash is empty.'
              : query.trim()
                ? `Nothing matches “${query.trim()}”${ruleset || tag || legality || folder !== undefined ? ' with these filters' : ''}.`
                : folderEmpty && !(ruleset || tag || legality)
                  ? folderEmpty
                  : 'No roster matches these filters.'}
          </p>
        )
      ) : (
        <RosterTable
          total={total}
          rowAt={rowAt}
          show={show}
          query={fetchPage}
          trash={trash}
          rulesets={rulesets}
          // Beside each name, its folder: only where the list shows more than one folder's rosters.
          folderName={folder === undefined && folderList.length > 0 ? (id) => (id === null ? undefined : folderNames.get(id)) : undefined}
          saveStates={saveStates}
          onOpen={onOpen}
          onMove={folderList.length > 0 ? (row) => setFolderDialog({ kind: 'move', row }) : undefined}
          act={act}
          setNotice={setNotice}
        />
      )}
      {folderDialog?.kind === 'new' && (
        <FolderNameDialog
          onClose={() => setFolderDialog(null)}
          onDone={(f) => folderDone({ text: `Made the folder ${f.name}: Move… on a roster’s row puts it there` }, refreshFolders)}
        />
      )}
      {folderDialog?.kind === 'rename' && (
        <FolderNameDialog
          folder={folderDialog.folder}
          onClose={() => setFolderDialog(null)}
          onDone={(f) => folderDone({ text: `Renamed the folder ${folderDialog.folder.name} to ${f.name}` }, refreshFolders)}
        />
      )}
      {folderDialog?.kind === 'delete' && (
        <DeleteFolderDialog
          folder={folderDialog.folder}
          onClose={() => setFolderDialog(null)}
          onDone={(moved) => {
            if (folderChoice === folderDialog.folder.id) setFolderChoice(undefined)
            folderDone({ text: `Deleted the folder ${folderDialog.folder.name}${moved ? `; its ${countOf(moved, 'roster')} ${moved === 1 ? 'is' : 'are'} now in No folder` : ''}` }, refresh)
          }}
        />
      )}
      {folderDialog?.kind === 'move' && (
        <MoveToFolderDialog
          row={folderDialog.row}
          folders={folderList}
          onClose={() => setFolderDialog(null)}
          onDone={(row) => {
            const from = folderDialog.row.folderId
            const text = row.folderId === null ? `Took ${row.name} out of ${folderName(from)}` : `Moved ${row.name} to ${folderName(row.folderId)}`
            const fromName = folderName(from)
            // Undo puts it back; if that folder was deleted meanwhile, in no folder, and says so.
            const undo = async () => {
              const back = await api().moveToFolder(row.id, from)
              if (back.ok || from === null || back.error.code !== 'not-found') return act(row.id, async () => back)
              return act(row.id, () => api().moveToFolder(row.id, null), `The folder ${fromName} was deleted meanwhile: ${row.name} is now in no folder`)
            }
            folderDone({ text, undo: () => void undo() }, refresh)
          }}
        />
      )}
      {rechecking !== false && (
        <RecheckDialog
          rulesets={rulesets}
          initial={rechecking === true ? undefined : rechecking}
          onSwitched={(text) => {
            setRechecking(false)
            setNotice({ text })
            void refresh()
          }}
          onClose={() => setRechecking(false)}
          onOpen={(id) => {
            setRechecking(false)
            onOpen(id)
          }}
          onUpdated={(n) => {
            setRechecking(false)
            setNotice({ text: `${n === 1 ? '1 roster' : `${n} rosters`} updated with the data in force` })
            void refresh()
          }}
        />
      )}
      {pasting && (
        <PasteCodeDialog
          onClose={() => setPasting(false)}
          onImported={(row) => {
            setPasting(false)
            setNotice({ text: `Added ${row.name} from its share code` })
            void refresh()
          }}
        />
      )}
    </section>
  )
}
