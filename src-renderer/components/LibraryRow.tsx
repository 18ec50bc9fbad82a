// One roster in the library's list: name, ruleset, army, points, legality, when changed, and its actions.
import type { GameRecord, RosterRow } from '../../src-main/ipc/contract'
import { rosterState } from '../../src-shared/verdict'
import { api } from '../api'
import { download } from '../download'
import { formatPoints, formatWhen } from '../format'
import { savedFirst, type SaveState } from '../state/autosave'
import styles from './LibraryRow.module.css'

/** Every row is one line this tall (names and tags are cut with an ellipsis), so the list can be measured before it is drawn. */
export const ROW_HEIGHT = 41

export type SetNotice = (notice: { text: string; undo?: () => void } | null) => void
/** A change to a roster, saved edits first; `text` is said when it is done, with `undo` if it can be. */
export type Act = (id: string | null, call: () => Promise<{ ok: boolean; error?: { message: string } }>, text?: string, undo?: () => void) => Promise<void>

/** What a roster's row does, handed down from the library screen: open it, play it, change it, say what was done. */
export interface RowActions {
  onOpen: (id: string) => void
  /** Play: a game with this roster as mine. */
  onPlay: (id: string) => void
  act: Act
  setNotice: SetNotice
}

export function LibraryRow({
  row: r,
  index,
  trash,
  rulesetName,
  armyName,
  folderName,
  saveState,
  onMove,
  actions,
  measure
}: {
  row: RosterRow
  index: number
  trash: boolean
  rulesetName: string
  armyName: string
  /** Its folder's name, where the list shows more than one folder. */ folderName?: string
  saveState: SaveState | undefined
  /** "Move to folder…", where the library has folders. */ onMove?: (row: RosterRow) => void
  actions: RowActions
  measure: (el: Element | null) => void
}) {
  const { onOpen, onPlay, act, setNotice } = actions
  // The roster as a .muster.json file (its unsaved edits saved first).
  const exportFile = async () => {
    const unsaved = await savedFirst(r.id)
    if (unsaved) return setNotice({ text: unsaved })
    const e = await api().exportRoster(r.id)
    if (e.ok) download(e.value.fileName, e.value.text, 'application/json')
    else setNotice({ text: `Not exported: ${e.error.message}` })
  }
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className="clickable"
      tabIndex={0}
      onDoubleClick={() => !trash && onOpen(r.id)}
      onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && !trash && onOpen(r.id)}
    >
      <td className="name" title={r.name}>
        {r.favourite && <span title="Favourite">★ </span>}
        {r.name}
        {/* In the name cell: the status column is too narrow for a second badge. */}
        {r.dataChanged && (
          <span
            className="badge todo"
            title="Its points or verdict changed with new rules data or army lists, or with other values chosen for its ruleset, since it was last saved. Saving it, or Clear all marks, takes the mark off."
          >
            data changed
          </span>
        )}
        {folderName && (
          <span className={`badge ${styles.folderBadge}`} title={`In the folder ${folderName}`}>
            {folderName}
          </span>
        )}
        {r.tags.map((t) => (
          <span key={t} className="badge">
            {t}
          </span>
        ))}
      </td>
      <td title={rulesetName}>{rulesetName}</td>
      <td title={armyName}>{armyName}</td>
      <td className="num">
        {r.points === null ? '?' : formatPoints(r.points)}
        {r.pointsLimit !== null && r.points !== null ? ` / ${formatPoints(r.pointsLimit)}` : ''}
      </td>
      <td>
        {r.valid === null ? (
          <span className="badge">unchecked</span>
        ) : r.valid ? (
          <span className="badge ok">legal</span>
        ) : rosterState(false, r.errorCount ?? 0, r.todoCount ?? 0) === 'unfinished' ? (
          <span className="badge todo" title={`Not legal yet: ${r.errorCount} still to add (a minimum, the general…), nothing broken`}>
            unfinished
          </span>
        ) : (
          <span className="badge bad">illegal</span>
        )}
        {saveState && saveState.state !== 'saved' && (
          <span className="badge bad" title={saveState.state === 'retrying' ? `Not saved yet: ${saveState.message}` : undefined}>
            {saveState.state === 'retrying' ? 'last change not saved yet' : 'saving…'}
          </span>
        )}
      </td>
      <td className="record">
        <Record record={r.record} />
      </td>
      <td className="when" title={new Date(r.updatedAt).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' })}>
        {formatWhen(r.updatedAt)}
      </td>
      <td className="row-actions">
        {trash ? (
          <button onClick={() => void act(r.id, () => api().restoreRoster(r.id), `Restored ${r.name}`)}>Restore</button>
        ) : (
          <>
            <button onClick={() => onOpen(r.id)} aria-label={`Open ${r.name}`}>
              Open
            </button>
            <button onClick={() => onPlay(r.id)} aria-label={`Play ${r.name}`} title="A game at the table with this roster">
              Play
            </button>
            <button
              onClick={() => void act(r.id, () => api().setFavourite(r.id, !r.favourite))}
              aria-label={`${r.favourite ? 'Unmark' : 'Mark'} ${r.name} as favourite`}
              title="Favourite"
            >
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
            {onMove && (
              <button onClick={() => onMove(r)} aria-label={`Move ${r.name} to a folder`}>
                Move…
              </button>
            )}
            <button onClick={() => void exportFile()} aria-label={`Export ${r.name}`}>
              Export
            </button>
            <button
              onClick={() =>
                void act(
                  r.id,
                  () => api().trashRoster(r.id),
                  `Moved ${r.name} to the trash`,
                  () => void act(r.id, () => api().restoreRoster(r.id))
                )
              }
              aria-label={`Delete ${r.name}`}
            >
              Delete
            </button>
          </>
        )}
      </td>
    </tr>
  )
}

/** A roster's record from its finished games: won–lost–drawn, said in words to a screen reader and a hover. */
function Record({ record }: { record: GameRecord | undefined }) {
  if (!record || record.games === 0)
    return (
      <span className="muted" title="No finished game">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">no finished game</span>
      </span>
    )
  const words = `${record.games} ${record.games === 1 ? 'game' : 'games'}: ${record.wins} won, ${record.losses} lost, ${record.draws} drawn`
  return (
    <span title={words}>
      <span aria-hidden="true">
        {record.wins}–{record.losses}–{record.draws}
      </span>
      <span className="visually-hidden">{words}</span>
    </span>
  )
}
