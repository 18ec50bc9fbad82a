// Items in the library Muster cannot use (stored by an older Muster, or taken from a file before it
// refused such items): each with what is wrong and a Remove, so one never hides, nor breaks the rest.
import type { ListedCollection } from '../../src-main/ipc/contract'
import styles from '../screens/CollectionScreen.module.css'

interface Props {
  broken: ListedCollection['broken']
  busy: boolean
  onRemove: (item: { id: string; name: string }) => void
}

export function BrokenItems({ broken, busy, onRemove }: Props) {
  if (broken.length === 0) return null
  return (
    <section className={styles.collectionBroken} aria-labelledby="collection-broken-heading">
      <h4 id="collection-broken-heading">Items Muster cannot use</h4>
      <p className="muted">These are left out of what your collection fields. Remove them, or fix them in an exported file and import it again.</p>
      <ul>
        {broken.map((b) => (
          <li key={b.id}>
            <div>
              <strong>{b.name}</strong> <span className="muted">({b.id})</span>
              <p className={styles.collectionWarning}>
                <span aria-hidden="true">⚠ </span>
                {b.problem}
              </p>
            </div>
            <button onClick={() => onRemove(b)} disabled={busy} aria-label={`Remove ${b.name}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
