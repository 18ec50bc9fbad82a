// "Armies I can field" where armies are listed (New roster, the Armies browser): a switch that sorts
// them by the share of each the player's collection fields, and that share on each row.
import type { ArmyFielded } from '../../src-main/ipc/contract'

const pct = (share: number) => `${Math.round(share * 100)}%`

/** The armies in the order the main process ranked them (armiesFielded: best covered first; `owned` keeps that order). */
export function byWhatIsOwned<A extends { id: string }>(armies: A[], owned: Map<string, ArmyFielded>): A[] {
  const rank = new Map([...owned.keys()].map((id, i) => [id, i]))
  return [...armies].sort((x, y) => (rank.get(x.id) ?? rank.size) - (rank.get(y.id) ?? rank.size))
}

export function OwnedToggle({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error: string | null }) {
  return (
    <>
      <label className="check by-owned">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        Armies I can field: by what I own
      </label>
      {error && (
        <p className="load-error" role="alert">
          Your collection could not be read: {error}
        </p>
      )}
    </>
  )
}

/** "71% owned": the share of an army's minimum the collection fields, with the full army's in its title. */
export function OwnedShare({ army }: { army: ArmyFielded | undefined }) {
  if (!army) return null
  const title = `Your collection covers ${army.covered} of the ${army.required} the list's minimum takes${army.full === null ? '' : `, and ${pct(army.full)} of a full army`}.`
  return (
    <span className={army.minimum >= 1 ? 'badge owned full' : 'badge owned'} title={title}>
      {pct(army.minimum)} owned
    </span>
  )
}
