// An army's historical enemies and related lists as links (one click opens or chooses that army), and
// where a list comes from, in words: the Armies browser's army view and New roster show the same.
import type { ArmySummary } from '../../src-main/ipc/contract'
import styles from './ArmyLinks.module.css'

type Source = Pick<ArmySummary, 'source' | 'origin' | 'fetched' | 'removed'>

/** "Bundled with Muster", "From Meshwesh, fetched 2026-11-25", "From your own data folder". */
export function sourceText(a: Source): string {
  if (a.source === 'bundled') return 'Bundled with Muster'
  if (a.source === 'user') return 'From your own data folder'
  return `From ${a.origin ?? a.source}${a.fetched ? `, fetched ${a.fetched}` : ''}`
}

/** For a list its source no longer publishes: what that means for rosters on it; null otherwise. */
export function removedText(a: Source): string | null {
  if (!a.removed) return null
  return `${a.origin ?? 'Its source'} no longer publishes this list (since ${a.removed}); rosters on it check from the last copy.`
}

/**
 * "115a Early Imperial Roman": the army as every output names it (src-shared/army-title.ts), its
 * list number set apart to be read at a glance down a list.
 */
export function ArmyName({ army }: { army: Pick<ArmySummary, 'name' | 'listNumber'> }) {
  return (
    <>
      {army.listNumber && (
        <>
          <span className="list-no">{army.listNumber}</span>{' '}
        </>
      )}
      {army.name}
    </>
  )
}

/** The armies of `ids` that are loaded, as links; nothing when none is (lists not loaded are not shown). */
export function ArmyLinks({
  title,
  ids,
  armies,
  onOpen
}: {
  title: string
  ids: string[] | undefined
  armies: Map<string, ArmySummary>
  onOpen: (id: string) => void
}) {
  const known = (ids ?? []).flatMap((id) => armies.get(id) ?? [])
  if (!known.length) return null
  return (
    <div className={styles.armyLinks}>
      <h3>
        {title} <span className="muted">({known.length})</span>
      </h3>
      <ul aria-label={title}>
        {known.map((a) => (
          <li key={a.id}>
            <button type="button" className={styles.linkButton} onClick={() => onOpen(a.id)}>
              <ArmyName army={a} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
