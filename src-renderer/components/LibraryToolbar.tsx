// The library's toolbar: New roster, the search box, the filters and sort, Import…, Paste code…,
// Recheck…, the trash and Empty trash.
import type { Ref } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import type { LibraryFilters, SetFilters } from '../state/library-list'
import styles from './LibraryToolbar.module.css'

export function LibraryToolbar({
  filters,
  setFilters,
  rulesets,
  tags,
  search,
  canEmptyTrash,
  onNew,
  onImport,
  onPaste,
  onRecheck,
  onEmptyTrash
}: {
  filters: LibraryFilters
  setFilters: SetFilters
  rulesets: RulesetSummary[]
  tags: Array<{ tag: string; count: number }>
  search: Ref<HTMLInputElement>
  /** The trash is shown and holds rosters. */ canEmptyTrash: boolean
  onNew: () => void
  /** Import…: the main process shows the open dialog. */ onImport: () => void
  onPaste: () => void
  onRecheck: () => void
  onEmptyTrash: () => void
}) {
  const { query, ruleset, tag, legality, games, sort, trash } = filters
  return (
    <div className={`toolbar ${styles.toolbar}`}>
      <button className="primary" onClick={onNew} title="New roster (Ctrl+N)">
        New roster
      </button>
      <input
        ref={search}
        type="search"
        placeholder="Search names, notes, armies, troops, tags"
        value={query}
        onChange={(e) => setFilters({ query: e.target.value })}
        aria-label="Search the library"
      />
      <select value={ruleset} onChange={(e) => setFilters({ ruleset: e.target.value })} aria-label="Ruleset filter">
        <option value="">All rulesets</option>
        {rulesets.map((r) => (
          <option key={r.id} value={r.id} title={r.name}>
            {r.shortName}
          </option>
        ))}
      </select>
      {tags.length > 0 && (
        <select value={tag} onChange={(e) => setFilters({ tag: e.target.value })} aria-label="Tag filter">
          <option value="">All tags</option>
          {tags.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.count})
            </option>
          ))}
        </select>
      )}
      <select value={legality} onChange={(e) => setFilters({ legality: e.target.value as typeof legality })} aria-label="Legality filter">
        <option value="">Legal or not</option>
        <option value="legal">Legal</option>
        <option value="illegal" title="Illegal or unfinished">
          Not legal
        </option>
      </select>
      <select value={games} onChange={(e) => setFilters({ games: e.target.value as typeof games })} aria-label="Games filter">
        <option value="">Played or not</option>
        <option value="played">Played a game</option>
        <option value="unplayed">Never played</option>
        <option value="won">Won a game</option>
        <option value="unwon">Played, never won</option>
      </select>
      <select value={sort} onChange={(e) => setFilters({ sort: e.target.value as typeof sort })} aria-label="Sort by">
        <option value="updated">Recently changed</option>
        <option value="name">Name</option>
        <option value="points">Points</option>
        <option value="created">Recently created</option>
      </select>
      <button onClick={onImport} title="Import roster files, or text files holding a share code">
        Import…
      </button>
      <button onClick={onPaste} title="Add a roster from a share code someone sent you">
        Paste code…
      </button>
      <button onClick={onRecheck} title="Check every roster with the data in force now: which changed since they were saved">
        Recheck…
      </button>
      <button onClick={() => setFilters({ trash: !trash })} aria-pressed={trash}>
        {trash ? 'Back to library' : 'Trash'}
      </button>
      {canEmptyTrash && <button onClick={onEmptyTrash}>Empty trash</button>}
    </div>
  )
}
