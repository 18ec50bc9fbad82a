// "Add item": what is on the shelf, entered once in one ruleset's terms (its troop type); Muster
// proposes what it counts as in the others.
import { useId, useState } from 'react'
import type { NewItem, RulesetSummary } from '../../src-main/ipc/contract'
import type { DetailsById } from './collection-words'
import styles from '../screens/CollectionScreen.module.css'
import { NamedOptions } from './NamedOptions'
import { ValueOptions } from './ValueOptions'
import { ErrorLine } from './ErrorLine'

interface Props {
  rulesets: RulesetSummary[]
  details: DetailsById
  busy: boolean
  /** Adds the item; answers why not, in words, or null once added. */
  onAdd: (item: NewItem) => Promise<string | null>
}

export function AddItemForm({ rulesets, details, busy, onAdd }: Props) {
  const [name, setName] = useState('')
  const [count, setCount] = useState('1')
  const [counted, setCounted] = useState<'stands' | 'figures'>('stands')
  const [ruleset, setRuleset] = useState(rulesets[0]?.id ?? '')
  const [picked, setTroop] = useState('')
  const [basing, setBasing] = useState('')
  const [notes, setNotes] = useState('')
  /** Attribute values chosen, by troop type then attribute ('' or absent: the usual one, left out). */
  const [chosen, setChosen] = useState<Record<string, Record<string, string>>>({})
  const [error, setError] = useState('')
  const id = useId()
  const troops = details[ruleset]?.troops ?? []
  // the troop type chosen, else (none yet, or the ruleset changed) the ruleset's first
  const troop = troops.some((t) => t.id === picked) ? picked : (troops[0]?.id ?? '')
  const key = `${ruleset}/${troop}`
  // the enum attributes the troop type takes: one select each, "usual" leaving it to Muster
  const enums = (troops.find((t) => t.id === troop)?.attributes ?? []).filter((a) => a.type === 'enum')
  const attributes = Object.fromEntries(enums.flatMap((a) => (chosen[key]?.[a.id] ? [[a.id, chosen[key][a.id]]] : [])))

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const n = Number(count)
    if (!Number.isInteger(n) || n < 1) return setError('The count is a whole number of stands or figures, 1 or more.')
    if (!troop) return setError('Choose the troop type the item is.')
    if (notes.length > 2000) return setError('The notes are at most 2000 characters.')
    const why = await onAdd({
      name: name.trim(),
      count: n,
      counted,
      ruleset,
      troop,
      ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
      ...(basing.trim() ? { basing: basing.trim() } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {})
    })
    if (why) return setError(why)
    setError('')
    setName('')
    setCount('1')
    setBasing('')
    setNotes('')
  }

  return (
    <form className={styles.addItem} noValidate onSubmit={(e) => void submit(e)} aria-labelledby="add-item-heading">
      <h3 id="add-item-heading">Add item</h3>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Gallic warband" />
      </div>
      <div className="pair">
        <div className="field">
          <label htmlFor={`${id}-count`}>Count</label>
          <input id={`${id}-count`} type="number" min={1} step={1} value={count} onChange={(e) => setCount(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-countedin`}>Counted in</label>
          <select id={`${id}-countedin`} value={counted} onChange={(e) => setCounted(e.target.value as 'stands' | 'figures')}>
            <option value="stands">stands</option>
            <option value="figures">figures</option>
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-inthetermsof`}>In the terms of</label>
        <select id={`${id}-inthetermsof`} value={ruleset} onChange={(e) => setRuleset(e.target.value)}>
          <NamedOptions items={rulesets} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-trooptype`}>Troop type</label>
        <select id={`${id}-trooptype`} value={troop} onChange={(e) => setTroop(e.target.value)} disabled={troops.length === 0}>
          {troops.length === 0 && <option value="">Loading…</option>}
          <NamedOptions items={troops} />
        </select>
      </div>
      {enums.length > 0 && (
        <div className={`pair ${styles.attributePair}`}>
          {enums.map((a) => (
            <div className="field" key={`${key}/${a.id}`}>
              <label htmlFor={`${id}-attr-${a.id}`}>{a.label}</label>
              <select
                id={`${id}-attr-${a.id}`}
                value={chosen[key]?.[a.id] ?? ''}
                onChange={(e) => setChosen((c) => ({ ...c, [key]: { ...c[key], [a.id]: e.target.value } }))}
              >
                <option value="">usual</option>
                <ValueOptions attribute={a} />
              </select>
            </div>
          ))}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-basingoptional`}>Basing (optional)</label>
        <input id={`${id}-basingoptional`} value={basing} onChange={(e) => setBasing(e.target.value)} placeholder="e.g. 40 × 20 mm" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-notesoptional`}>Notes (optional)</label>
        <textarea id={`${id}-notesoptional`} value={notes} maxLength={2000} rows={2} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Add
      </button>
      <ErrorLine error={error} />
    </form>
  )
}
