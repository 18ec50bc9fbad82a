// The event profile's rules for the day itself (schemas/event.schema.json): rounds planned and how
// long each lasts (the projector's clock), how a
// game scores (points or a json-logic formula), the tie-breaks in order, what the Swiss pairing keeps
// to (clubs or countries apart, fixed tables), and the players' clubs and countries.
import { formulaOf, TIEBREAKS, type Draft, type TiebreakId } from '../event-profile'
import form from './EventProfileForm.module.css'

export function EventDayRules({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  const formula = formulaOf(draft.formula)
  const byFormula = formula !== undefined
  // The order in force: the profile's, else the default (shown, so the organiser sees what applies).
  const order: Array<TiebreakId | ''> = draft.tiebreaks.length ? [...draft.tiebreaks] : TIEBREAKS.map((t) => t.id)
  while (order.length < TIEBREAKS.length) order.push('')
  const tiebreak = (at: number, v: string) => {
    // One tie-break once: the one chosen here leaves the place it had.
    const list = order.map((t, i) => (i === at ? v : t === v ? '' : t)).filter((t): t is TiebreakId => t !== '')
    set({ tiebreaks: list })
  }
  const fixed = (i: number, patch: Partial<Draft['fixedTables'][number]>) =>
    set({ fixedTables: draft.fixedTables.map((f, j) => (j === i ? { ...f, ...patch } : f)) })
  const player = (i: number, patch: Partial<Draft['players'][number]>) => set({ players: draft.players.map((p, j) => (j === i ? { ...p, ...patch } : p)) })
  return (
    <>
      <div className="pair">
        <label>
          Rounds
          <input type="number" min={1} max={100} value={draft.rounds} onChange={(e) => set({ rounds: e.target.value })} aria-label="Rounds planned" />
        </label>
        <label>
          Round length (minutes)
          <input
            type="number"
            min={1}
            max={1440}
            step={1}
            value={draft.roundMinutes}
            onChange={(e) => set({ roundMinutes: e.target.value })}
            aria-label="Round length in minutes"
            title="The projector’s round clock counts it down"
            placeholder="120"
          />
        </label>
      </div>
      <fieldset className="event-scoring">
        <legend>Scoring</legend>
        <div className={form.quad}>
          {(
            [
              ['win', 'Win', '3'],
              ['draw', 'Draw', '1'],
              ['loss', 'Loss', '0'],
              ['byeScore', 'Bye', '= win']
            ] as const
          ).map(([key, label, fallback]) => (
            <label key={key}>
              {label}
              <input
                type="number"
                value={draft[key]}
                onChange={(e) => set({ [key]: e.target.value })}
                aria-label={`Points for a ${label.toLowerCase()}`}
                placeholder={fallback}
                disabled={byFormula && key !== 'byeScore'}
              />
            </label>
          ))}
        </div>
        <label>
          Formula (json-logic over won, drawn, lost, destroyed, lostPoints; replaces win, draw and loss)
          <textarea
            value={draft.formula}
            onChange={(e) => set({ formula: e.target.value })}
            aria-label="Scoring formula"
            aria-invalid={formula === null}
            aria-describedby={formula === null ? 'event-formula-error' : undefined}
            rows={2}
            placeholder='e.g. {"+": [{"if": [{"var": "won"}, 10, 0]}, {"var": "destroyed"}]}'
          />
        </label>
        {formula === null && (
          <p id="event-formula-error" className="bad-text small-text">
            Not a JSON object: the formula is left out until it is one.
          </p>
        )}
      </fieldset>
      <fieldset className={form.eventTiebreaks}>
        <legend>Tie-breaks, in order{draft.tiebreaks.length ? '' : ' (the default)'}</legend>
        {order.map((t, i) => (
          <label key={i} className={form.tiebreak}>
            {i + 1}.
            <select value={t} onChange={(e) => tiebreak(i, e.target.value)} aria-label={`Tie-break ${i + 1}`}>
              <option value="">none</option>
              {TIEBREAKS.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.words}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      <fieldset className="event-constraints">
        <legend>Pairing keeps apart</legend>
        <label className="radio">
          <input type="checkbox" checked={draft.clubApart} onChange={(e) => set({ clubApart: e.target.checked })} /> players of one club
        </label>
        <label className="radio">
          <input type="checkbox" checked={draft.countryApart} onChange={(e) => set({ countryApart: e.target.checked })} /> players of one country
        </label>
      </fieldset>
      <fieldset className={form.eventRows}>
        <legend>Fixed tables</legend>
        {draft.fixedTables.map((f, i) => (
          <div key={i} className={form.eventRow}>
            <input value={f.player} onChange={(e) => fixed(i, { player: e.target.value })} aria-label={`Fixed table ${i + 1}: player`} placeholder="Player" />
            <input
              type="number"
              min={1}
              value={f.table}
              onChange={(e) => fixed(i, { table: e.target.value })}
              aria-label={`Fixed table ${i + 1}: table`}
              placeholder="Table"
            />
            <button type="button" onClick={() => set({ fixedTables: draft.fixedTables.filter((_, j) => j !== i) })} aria-label={`Remove fixed table ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set({ fixedTables: [...draft.fixedTables, { player: '', table: '' }] })}>
          Add a fixed table
        </button>
      </fieldset>
      <fieldset className={form.eventRows}>
        <legend>Players’ clubs and countries</legend>
        {draft.players.map((p, i) => (
          <div key={i} className={`${form.eventRow} ${form.three}`}>
            <input value={p.name} onChange={(e) => player(i, { name: e.target.value })} aria-label={`Player ${i + 1}: name`} placeholder="Player" />
            <input value={p.club} onChange={(e) => player(i, { club: e.target.value })} aria-label={`Player ${i + 1}: club`} placeholder="Club" />
            <input value={p.country} onChange={(e) => player(i, { country: e.target.value })} aria-label={`Player ${i + 1}: country`} placeholder="Country" />
            <button type="button" onClick={() => set({ players: draft.players.filter((_, j) => j !== i) })} aria-label={`Remove player ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set({ players: [...draft.players, { name: '', club: '', country: '' }] })}>
          Add a player
        </button>
      </fieldset>
    </>
  )
}
