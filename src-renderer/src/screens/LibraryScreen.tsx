// The library: every roster with ruleset, army, points and a legal badge; instant search, filters,
// sort; new, open, duplicate, rename, delete (to the trash, undoable), import (picker or drop),
// export; the trash.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RulesetSummary } from '../../../src-main/ipc/contract'
import type { ListOptions, RosterRow } from '../../../src-main/store/types'
import { api } from '../api'
import { download } from '../download'
import { countOf, formatPoints } from '../format'
import { userFile } from '../files'
import { savedFirst, useSaveStates } from '../state/autosave'

type ImportReport = { imported: Array<{ source: string; name: string }>; failed: Array<{ source: string; reason: string }> }

export function LibraryScreen({ rulesets, onOpen, onNew, focusSearch }: { rulesets: RulesetSummary[]; onOpen: (id: string) => void; onNew: () => void; focusSearch: number }) {
  const [query, setQuery] = useState('')
  const [ruleset, setRuleset] = useState('')
  const [legality, setLegality] = useState<'' | 'legal' | 'illegal'>('')
  // A roster left with its last edit still being retried says so, and the row refreshes once it saves.
  const saveStates = useSaveStates((s) => s.states)
  const [tag, setTag] = useState('')
  const [tags, setTags] = useState<Array<{ tag: string; count: number }>>([])
  const [sort, setSort] = useState<NonNullable<ListOptions['sort']>>('updated')
  const [trash, setTrash] = useState(false)
  const [rows, setRows] = useState<RosterRow[]>([])
  const [total, setTotal] = useState(0)
  const [notice, setNotice] = useState<{ text: string; undo?: () => void } | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [dragging, setDragging] = useState(false)
  const search = useRef<HTMLInputElement>(null)
  const seq = useRef(0)

  useEffect(() => {
    if (focusSearch) search.current?.focus()
  }, [focusSearch])

  const refresh = useCallback(async () => {
    const mine = ++seq.current
    const options: ListOptions = { trash, sort, limit: 500, ...(ruleset ? { ruleset } : {}), ...(tag ? { tag } : {}), ...(legality ? { valid: legality === 'legal' } : {}) }
    const r = query.trim() ? await api().searchRosters(query, options) : await api().listRosters(options)
    if (mine !== seq.current || !r.ok) return
    setRows(r.value.rows)
    setTotal(r.value.total)
    const t = await api().listTags()
    if (t.ok) setTags(t.value)
  }, [query, ruleset, tag, legality, sort, trash])

  useEffect(() => {
    void refresh()
  }, [refresh])

  // A save finished in the background (an edit left being retried): show the roster as saved.
  const savedInBackground = Object.values(saveStates).filter((s) => s.state === 'saved').length
  useEffect(() => {
    if (savedInBackground) void refresh()
  }, [savedInBackground, refresh])

  /** A change to a roster in the library: any edit of it still waiting to be saved goes in first. */
  async function act(id: string | null, call: () => Promise<{ ok: boolean; error?: { message: string } }>, text?: string, undo?: () => void) {
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
    const r = await api().importRosterTexts(await Promise.all(list.map((f) => userFile(f))))
    if (r.ok) setReport(r.value)
    else setNotice({ text: r.error.message })
    await refresh()
  }

  const rulesetName = (id: string) => rulesets.find((r) => r.id === id)?.name ?? id
  const armyName = (rs: string, army: string) => rulesets.find((r) => r.id === rs)?.armies.find((a) => a.id === army)?.name ?? army

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
      <div className="toolbar">
        <button className="primary" onClick={onNew} title="New roster (Ctrl+N)">
          New roster
        </button>
        <input ref={search} type="search" placeholder="Search names, notes, armies, troops, tags" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search the library" />
        <select value={ruleset} onChange={(e) => setRuleset(e.target.value)} aria-label="Ruleset filter">
          <option value="">All rulesets</option>
          {rulesets.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
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
          <option value="illegal">Illegal</option>
        </select>
        <select value={sort} onChange={(e) => setSort(e.target.value as typeof sort)} aria-label="Sort by">
          <option value="updated">Recently changed</option>
          <option value="name">Name</option>
          <option value="points">Points</option>
          <option value="created">Recently created</option>
        </select>
        <label className="button-like">
          Import…
          <input type="file" multiple accept=".json,application/json" aria-label="Import roster files" onChange={(e) => e.target.files && void importFiles(e.target.files)} hidden />
        </label>
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
      <p className="count">
        {countOf(total, 'roster')}
        {trash ? ' in the trash' : ''} · drop .muster.json files here to import them
      </p>
      {rows.length === 0 ? (
        <p className="empty">{query ? `Nothing matches “${query}”.` : trash ? 'The trash is empty.' : 'No rosters yet. Create one, or drop roster files here.'}</p>
      ) : (
        <table className="roster-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Ruleset</th>
              <th>Army</th>
              <th className="num">Points</th>
              <th>Status</th>
              <th>Changed</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="clickable" tabIndex={0} onDoubleClick={() => !trash && onOpen(r.id)} onKeyDown={(e) => e.key === 'Enter' && !trash && onOpen(r.id)}>
                <td>
                  {r.favourite && <span title="Favourite">★ </span>}
                  {r.name}
                  {r.tags.map((t) => (
                    <span key={t} className="badge">
                      {t}
                    </span>
                  ))}
                </td>
                <td>{rulesetName(r.ruleset)}</td>
                <td>{armyName(r.ruleset, r.army)}</td>
                <td className="num">
                  {r.points === null ? '?' : formatPoints(r.points)}
                  {r.pointsLimit !== null && r.points !== null ? ` / ${formatPoints(r.pointsLimit)}` : ''}
                </td>
                <td>
                  {r.valid === null ? <span className="badge">unchecked</span> : r.valid ? <span className="badge ok">legal</span> : <span className="badge bad">illegal</span>}
                  {saveStates[r.id] && saveStates[r.id].state !== 'saved' && (
                    <span className="badge bad" title={saveStates[r.id].state === 'retrying' ? `Not saved yet: ${(saveStates[r.id] as { message: string }).message}` : undefined}>
                      {saveStates[r.id].state === 'retrying' ? 'last change not saved yet' : 'saving…'}
                    </span>
                  )}
                </td>
                <td className="when">{new Date(r.updatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                <td className="row-actions">
                  {trash ? (
                    <button onClick={() => void act(r.id, () => api().restoreRoster(r.id), `Restored ${r.name}`)}>Restore</button>
                  ) : (
                    <>
                      <button onClick={() => onOpen(r.id)} aria-label={`Open ${r.name}`}>
                        Open
                      </button>
                      <button onClick={() => void act(r.id, () => api().setFavourite(r.id, !r.favourite))} aria-label={`${r.favourite ? 'Unmark' : 'Mark'} ${r.name} as favourite`} title="Favourite">
                        {r.favourite ? '★' : '☆'}
                      </button>
                      <button onClick={() => void act(r.id, () => api().duplicateRoster(r.id), `Duplicated ${r.name}`)} aria-label={`Duplicate ${r.name}`}>
                        Duplicate
                      </button>
                      <button
                        onClick={() => {
                          const name = window.prompt('Rename roster', r.name)
                          if (name && name.trim() && name !== r.name) void act(r.id, () => api().renameRoster(r.id, name))
                        }}
                        aria-label={`Rename ${r.name}`}
                      >
                        Rename
                      </button>
                      <button
                        onClick={async () => {
                          const unsaved = await savedFirst(r.id)
                          if (unsaved) return setNotice({ text: unsaved })
                          const e = await api().exportRoster(r.id)
                          if (e.ok) download(e.value.fileName, e.value.text, 'application/json')
                          else setNotice({ text: `Not exported: ${e.error.message}` })
                        }}
                        aria-label={`Export ${r.name}`}
                      >
                        Export
                      </button>
                      <button onClick={() => void act(r.id, () => api().trashRoster(r.id), `Moved ${r.name} to the trash`, () => void act(r.id, () => api().restoreRoster(r.id)))} aria-label={`Delete ${r.name}`}>
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
