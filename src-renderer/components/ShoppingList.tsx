// "What to buy": library rosters picked with checkboxes; for each, how much of it the collection
// covers, and what to buy to field any one of them, copied as text or saved as a PDF.
import { useState } from 'react'
import type { RosterRow, RulesetSummary, ShoppingAnswer } from '../../src-main/ipc/contract'
import { api } from '../api'
import { useMainAnswer } from '../state/main-answer'
import { attributeWords } from '../format'
import { countNoun, shortNameOf, type DetailsById } from './collection-words'
import { toBuyLine } from '../../src-shared/owned'
import styles from '../screens/CollectionScreen.module.css'
import { ErrorLine } from './ErrorLine'

const MAX_PICKED = 50

type Line = ShoppingAnswer['toBuy'][number]

/** "2 stands of Warband, 3 figures each", as the text and the PDF say it, the attribute values in words. */
function lineFor(m: Line, details: DetailsById): string {
  const troop = details[m.ruleset]?.troops.find((t) => t.id === m.troop)
  const extra = troop ? attributeWords(m.attributes, troop) : ''
  return toBuyLine(m, extra ? ` (${extra})` : '')
}

export function ShoppingList({
  rulesets,
  details,
  generation,
  onOwn
}: {
  rulesets: RulesetSummary[]
  details: DetailsById
  generation: number
  /** "I own these armies": the picked rosters' units added to the collection (the screen says what it did). */
  onOwn: (rosterIds: string[]) => void
}) {
  const [rows, setRows] = useState<RosterRow[] | null>(null)
  const [picked, setPicked] = useState<string[]>([])
  const [lastAnswer, setAnswer] = useState<ShoppingAnswer | null>(null)
  const [error, setError] = useState('')
  const [said, setSaid] = useState('')
  // nothing picked: no answer shown (the last one is kept for the next pick's wait)
  const answer = picked.length > 0 ? lastAnswer : null

  useMainAnswer(
    generation,
    () => api().listRosters({ limit: 200 }),
    (value) => setRows(value.rows),
    setError
  )
  useMainAnswer(
    picked.length > 0 ? `${picked.join('\n')}\n${generation}` : null,
    () => api().shoppingList(picked),
    (value) => {
      setAnswer(value)
      setError('')
    },
    setError
  )

  const armyName = (row: RosterRow) => rulesets.find((r) => r.id === row.ruleset)?.armies.find((a) => a.id === row.army)?.name ?? 'an army'
  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p, id].slice(0, MAX_PICKED) : p.filter((x) => x !== id)))

  const copy = async () => {
    if (!answer) return
    try {
      await navigator.clipboard.writeText(answer.text)
      setSaid('Copied the list as text.')
    } catch {
      setSaid('Could not copy: the clipboard refused.')
    }
  }
  const savePdf = async () => {
    setSaid('')
    const made = await api().shoppingListPdf(picked, 'a4')
    if (!made.ok) return setError(made.error.message)
    const saved = await api().savePdf(made.value.key)
    if (!saved.ok) return setError(saved.error.message)
    setSaid(saved.value.saved ? `Saved to ${saved.value.path}.` : 'Not saved.')
  }

  const byRuleset = answer ? [...new Set(answer.toBuy.map((m) => m.ruleset))] : []
  return (
    <section className={styles.collectionPanel} aria-labelledby="what-to-buy-heading">
      <h3 id="what-to-buy-heading">What to buy</h3>
      {rows === null && !error && <p className="muted">Reading the library…</p>}
      {rows !== null && rows.length === 0 && <p className="muted">The library has no rosters yet: make one, then see here what it still needs.</p>}
      {rows !== null && rows.length > 0 && (
        <fieldset className={styles.rosterPicks}>
          <legend>Rosters to field (any one of them)</legend>
          <ul>
            {rows.map((row) => (
              <li key={row.id}>
                <label className="radio">
                  <input type="checkbox" checked={picked.includes(row.id)} onChange={(e) => toggle(row.id, e.target.checked)} />
                  <span>
                    {row.name}{' '}
                    <span className="muted">
                      · {shortNameOf(rulesets, row.ruleset)}, {armyName(row)}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <ErrorLine error={error} />
      {answer && (
        <div className={styles.shoppingAnswer} aria-label="Shopping list">
          <ul className={styles.fitReports}>
            {answer.reports.map((r, i) => {
              const need = r.covered.reduce((n, u) => n + u.count, 0)
              const have = r.covered.reduce((n, u) => n + u.covered, 0)
              return (
                <li key={`${r.name}-${i}`}>
                  <strong>{r.name}</strong>: {have} of {need} {countNoun(rulesets, r.ruleset)} covered
                </li>
              )
            })}
          </ul>
          {answer.toBuy.length === 0 ? (
            <p className="ok-text">Nothing to buy: your collection fields every roster picked.</p>
          ) : (
            byRuleset.map((ruleset) => (
              <div key={ruleset}>
                <h4>To buy for {shortNameOf(rulesets, ruleset)}</h4>
                <ul className={styles.toBuy} aria-label={`To buy for ${shortNameOf(rulesets, ruleset)}`}>
                  {answer.toBuy
                    .filter((m) => m.ruleset === ruleset)
                    .map((m) => (
                      <li key={`${m.troop}-${JSON.stringify(m.attributes)}`}>{lineFor(m, details)}</li>
                    ))}
                </ul>
              </div>
            ))
          )}
          <div className={styles.collectionToolbar}>
            <button onClick={() => void copy()}>Copy as text</button>
            <button onClick={() => void savePdf()}>Save PDF…</button>
            <button onClick={() => onOwn(picked)} title="Add the units of the rosters picked above to your collection">
              I own {picked.length === 1 ? 'this army' : 'these armies'}
            </button>
          </div>
        </div>
      )}
      <p role="status" className="muted">
        {said}
      </p>
    </section>
  )
}
