// "Add item": what is on the shelf, entered once in one ruleset's terms (its troop type); Muster
// proposes what it counts as in the others.
import { useId, useState } from 'react'
import type { NewItem, RulesetSummary } from '../../src-main/ipc/contract'
import type { DetailsById } from './collection-words'

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
  const [error, setError] = useState('')
  const id = useId()
  const troops = details[ruleset]?.troops ?? []
  // the troop type chosen, else (none yet, or the ruleset changed) the ruleset's first
  const troop = troops.some((t) => t.id === picked) ? picked : (troops[0]?.id ?? '')

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const n = Number(count)
    if (!Number.isInteger(n) || n < 1) return setError('The count is a whole number of stands or figures, 1 or more.')
    if (!troop) return setError('Choose the troop type the item is.')
    const why = await onAdd({ name: name.trim(), count: n, counted, ruleset, troop, ...(basing.trim() ? { basing: basing.trim() } : {}) })
    if (why) return setError(why)
    setError('')
    setName('')
    setCount('1')
    setBasing('')
  }

  return (
    <form className="add-item" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="add-item-heading">
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
          {rulesets.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-trooptype`}>Troop type</label>
        <select id={`${id}-trooptype`} value={troop} onChange={(e) => setTroop(e.target.value)} disabled={troops.length === 0}>
          {troops.length === 0 && <option value="">Loading…</option>}
          {troops.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-basingoptional`}>Basing (optional)</label>
        <input id={`${id}-basingoptional`} value={basing} onChange={(e) => setBasing(e.target.value)} placeholder="e.g. 40 × 20 mm" />
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Add
      </button>
      {error && (
        <p className="load-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
