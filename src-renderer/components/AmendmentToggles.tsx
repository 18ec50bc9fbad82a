// "Optional rules": the ruleset's optional amendments the roster's army may play (the verdict lists
// them, with whether each is in force), one small checkbox each, and where the rules give them. A
// choice that matches the army's usual leaves the roster without one, so the file records only what
// the player changed. Nothing for an army with none.
import { useMemo, useState } from 'react'
import type { AmendmentState, RosterDocument, TroopSummary, Verdict } from '../../src-main/ipc/contract'
import styles from './PointsHeader.module.css'

/** The roster with an amendment turned on or off: set where it differs from the army's usual, else left out. */
export function setAmendment(doc: RosterDocument, amendment: Pick<AmendmentState, 'id' | 'byDefault'>, on: boolean): RosterDocument {
  const own = doc.amendments && typeof doc.amendments === 'object' ? { ...doc.amendments } : {}
  if (on === amendment.byDefault) delete own[amendment.id]
  else own[amendment.id] = on
  const { amendments: _old, ...rest } = doc
  return Object.keys(own).length ? { ...rest, amendments: own } : rest
}

export function AmendmentToggles({
  amendments,
  onChange
}: {
  amendments: readonly AmendmentState[] | undefined
  onChange: (m: AmendmentState, on: boolean) => void
}) {
  // A box shows the player's click at once; the next verdict (which says what is in force) replaces it.
  // (Clicks are kept with the verdict's list they were made on, so a new verdict shows none of them: a
  // verdict reaches the renderer as a copy, a new list each time, though the engine shares one list
  // between the verdicts of rosters that choose nothing.)
  const [clicks, setClicks] = useState<{ on: readonly AmendmentState[] | undefined; clicked: Record<string, boolean> }>({ on: undefined, clicked: {} })
  const clicked = clicks.on === amendments ? clicks.clicked : {}
  if (!amendments?.length) return null
  // One source line for amendments the rules give in one place (the C&C 25mm ones share theirs).
  const sources = [...new Set(amendments.map((m) => m.source))]
  return (
    <fieldset className="amendments">
      <legend>Optional rules</legend>
      <div className={styles.amendmentChoices}>
        {amendments.map((m) => (
          <label key={m.id} title={`${m.description} ${m.byDefault ? 'On' : 'Off'} unless you change it, for this army.`}>
            <input
              type="checkbox"
              checked={clicked[m.id] ?? m.inForce}
              onChange={(e) => {
                setClicks({ on: amendments, clicked: { ...clicked, [m.id]: e.target.checked } })
                onChange(m, e.target.checked)
              }}
            />
            {m.label}
          </label>
        ))}
      </div>
      {sources.map((s) => (
        <p key={s} className={styles.amendmentSource}>
          {s}.
        </p>
      ))}
    </fieldset>
  )
}

/**
 * The troop types as a unit row offers their attributes: without the roles of an optional rule that
 * is off (the eagle in a Marian Roman army), made once per set of such roles so the rows stay memoised.
 * A unit marked with one anyway keeps it on show (`troopFor`), so it can be cleared.
 */
export function useOfferedTroops(troops: TroopSummary[], verdict: Verdict | null) {
  const off = (verdict?.amendments ?? []).flatMap((m) => (m.inForce ? [] : (m.attributes ?? []))).join(' ')
  return useMemo(() => {
    const roles = new Set(off.split(' ').filter(Boolean))
    const all = new Map(troops.map((t) => [t.id, t]))
    const offered = new Map(
      troops.map((t) => [t.id, t.attributes.some((a) => roles.has(a.id)) ? { ...t, attributes: t.attributes.filter((a) => !roles.has(a.id)) } : t])
    )
    return (unit: { troop?: unknown; [attribute: string]: unknown }): TroopSummary | undefined =>
      [...roles].some((r) => unit[r] === true) ? all.get(String(unit.troop)) : offered.get(String(unit.troop))
  }, [troops, off])
}
