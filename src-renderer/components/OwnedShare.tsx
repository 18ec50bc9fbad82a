// "Armies I can field" where armies are listed (New roster, the Armies browser): a switch that keeps
// only the armies the player's collection fields (its whole minimum; or, with the second switch, any
// of it too), best covered first, with the share of each on its row.
import type { ArmyFielded } from '../../src-main/ipc/contract'
import styles from './OwnedShare.module.css'

const pct = (share: number) => `${Math.round(share * 100)}%`

/** Which armies the switch shows: all (off), those the collection fields whole, or those it fields whole or in part. */
export type OwnedFilter = 'off' | 'whole' | 'part'

/**
 * The armies the collection fields (`filter`: whole, or whole and in part), in the order the main
 * process ranked them (armiesFielded: best covered first; `owned` keeps that order).
 */
export function byWhatIsOwned<A extends { id: string }>(armies: A[], owned: Map<string, ArmyFielded>, filter: OwnedFilter = 'part'): A[] {
  const rank = new Map([...owned.keys()].map((id, i) => [id, i]))
  const fields = (id: string) => owned.get(id)?.fields ?? 'none'
  return armies
    .filter((a) => filter === 'off' || fields(a.id) === 'whole' || (filter === 'part' && fields(a.id) === 'part'))
    .sort((x, y) => (rank.get(x.id) ?? rank.size) - (rank.get(y.id) ?? rank.size))
}

/** "3 of 612 armies your collection fields": what the count says the list holds. */
export const ownedCountText = (filter: OwnedFilter): string =>
  filter === 'off' ? '' : filter === 'whole' ? ' your collection fields' : ' your collection fields, wholly or in part'

/** What an empty list says while the switch is on. */
export const noneOwnedText = (filter: OwnedFilter): string =>
  filter === 'whole'
    ? 'Your collection fields the whole minimum of none of these armies: tick "also armies I field in part", or add items on the Collection tab.'
    : 'Your collection fields none of these armies: add items on the Collection tab.'

export function OwnedToggle({ filter, onChange, error }: { filter: OwnedFilter; onChange: (filter: OwnedFilter) => void; error: string | null }) {
  return (
    <>
      <span className={styles.ownedFilter}>
        <label className={`check ${styles.byOwned}`}>
          <input type="checkbox" checked={filter !== 'off'} onChange={(e) => onChange(e.target.checked ? 'whole' : 'off')} />
          Armies I can field
        </label>
        {filter !== 'off' && (
          <label className={`check ${styles.byOwned}`}>
            <input type="checkbox" checked={filter === 'part'} onChange={(e) => onChange(e.target.checked ? 'part' : 'whole')} />
            also armies I field in part
          </label>
        )}
      </span>
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
    <span className={army.minimum >= 1 ? `badge ${styles.full}` : 'badge'} title={title}>
      {pct(army.minimum)} owned
    </span>
  )
}
