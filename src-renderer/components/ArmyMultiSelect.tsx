// Several armies chosen from a ruleset's lists (an event's allowed or banned armies): the chosen as
// a list, each with Remove; a search (name, list number or category, as New roster searches) whose
// matches show in the army list below it, Enter or a click adding one. An id the ruleset has no list
// for (a profile written for other data) stays chosen and says so.
import { useMemo, useRef, useState } from 'react'
import type { ArmySummary } from '../../src-main/ipc/contract'
import { armyTitle } from '../../src-shared/army-title'
import { searchArmies } from '../format'
import { ArmyList, listKeys } from './ArmyList'
import { ArmyName } from './ArmyLinks'
import form from './EventProfileForm.module.css'

const ROW_HEIGHT = 30

export function ArmyMultiSelect({
  armies,
  value,
  onChange,
  label,
  verb,
  empty
}: {
  armies: ArmySummary[]
  value: string[]
  onChange: (ids: string[]) => void
  /** "Allowed armies", "Banned armies". */
  label: string
  /** What adding does, for the search's name: "allow", "ban". */
  verb: string
  /** What none chosen means. */
  empty: string
}) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState('')
  const scroller = useRef<HTMLDivElement | null>(null)
  const byId = useMemo(() => new Map(armies.map((a) => [a.id, a])), [armies])
  const chosen = new Set(value)
  const found = query.trim() ? searchArmies(armies, query, null, (a) => !chosen.has(a.id)) : []
  const add = (id: string) => {
    onChange([...value, id])
    setActive('')
  }
  const list = { armies: found, active, onActive: setActive, onChoose: add, scroller }
  const titleOf = (id: string) => {
    const a = byId.get(id)
    return a ? armyTitle(a) : id
  }
  return (
    <fieldset className={form.armyMulti}>
      <legend>{label}</legend>
      {value.length === 0 ? (
        <p className={`muted ${form.armyMultiNone}`}>{empty}</p>
      ) : (
        <ul className={form.armyMultiChosen} aria-label={label}>
          {value.map((id) => (
            <li key={id}>
              <span>{byId.get(id) ? <ArmyName army={byId.get(id)!} /> : <span className="bad-text">{id} (no such list in this ruleset)</span>}</span>
              <button type="button" onClick={() => onChange(value.filter((v) => v !== id))} aria-label={`Remove ${titleOf(id)} from ${label.toLowerCase()}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => listKeys(e, list)}
        aria-label={`Search armies to ${verb}`}
        placeholder={`Add: name, list number or category`}
      />
      {query.trim() !== '' && found.length === 0 && <p className="muted">No army matches.</p>}
      {found.length > 0 && (
        <ArmyList
          {...list}
          label={`Armies to ${verb}`}
          className={form.armyMultiList}
          rowHeight={ROW_HEIGHT}
          query={query}
          row={(a) => (
            <span>
              <ArmyName army={a} />
            </span>
          )}
        />
      )}
    </fieldset>
  )
}
