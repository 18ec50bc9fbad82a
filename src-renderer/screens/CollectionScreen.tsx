// Collection: what is on the player's shelf, entered once; what it counts as in every ruleset; which
// armies it fields; what to buy for the rosters they mean to play. Import and export as a file.
import { useCallback, useEffect, useState } from 'react'
import type { CollectionItem, ListedCollection, NewItem, Result, RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { rulesetDetails } from '../hooks'
import { countOf } from '../format'
import { AddItemForm } from '../components/AddItemForm'
import { QuickAddLines } from '../components/QuickAddLines'
import { ArmiesFielded } from '../components/ArmiesFielded'
import { BrokenItems } from '../components/BrokenItems'
import { CollectionItems } from '../components/CollectionItems'
import { ShoppingList } from '../components/ShoppingList'
import { countsAsWords, type DetailsById } from '../components/collection-words'
import styles from './CollectionScreen.module.css'
import { ErrorLine } from '../components/ErrorLine'
import { sayOnceShown } from '../state/say-once-shown'

/** A message ending in a full stop as it came, else with one added. */
const sentence = (message: string) => (/[.!?…]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`)

export function CollectionScreen({ rulesets }: { rulesets: RulesetSummary[] }) {
  const [listed, setListed] = useState<ListedCollection | null>(null)
  const [details, setDetails] = useState<DetailsById>({})
  const [generation, setGeneration] = useState(0)
  const [busy, setBusy] = useState(false)
  /** Changed this session (Undo offered); nothingToUndo: the last Undo found nothing earlier (Undo hidden until the next change). */
  const [changed, setChanged] = useState(false)
  const [nothingToUndo, setNothingToUndo] = useState(false)
  const [said, setSaid] = useState('')
  const [error, setError] = useState('')

  const reload = useCallback(async () => {
    const r = await api().collection()
    if (r.ok) setListed(r.value)
    else setError(sentence(r.error.message))
    setGeneration((n) => n + 1)
  }, [])

  useEffect(() => {
    let live = true
    void api()
      .collection()
      .then((r) => {
        if (!live) return
        if (r.ok) setListed(r.value)
        else setError(sentence(r.error.message))
      })
    return () => {
      live = false
    }
  }, [])
  useEffect(() => {
    let live = true
    void Promise.all(rulesets.map((r) => rulesetDetails(r.id))).then((all) => {
      if (live) setDetails(Object.fromEntries(all.flatMap((d) => (d ? [[d.id, d]] : []))))
    })
    return () => {
      live = false
    }
  }, [rulesets])

  /** One change of the collection: asked, the collection read again, then what it did said (or why not) and Undo offered. */
  const change = async <T,>(ask: () => Promise<Result<T>>, done: (value: T) => string, sayHere = true): Promise<string | null> => {
    setBusy(true)
    setError('')
    setSaid('')
    try {
      const r = await ask()
      if (!r.ok) {
        if (sayHere) setError(sentence(r.error.message))
        return sentence(r.error.message)
      }
      // what was done is said with the table that shows it, never beside the old rows
      await sayOnceShown(reload, () => {
        setSaid(done(r.value))
        setChanged(true)
        setNothingToUndo(r.value === null)
      })
      return null
    } finally {
      setBusy(false)
    }
  }

  /** "I own this army": what the collection does not field of each roster added as items, as one change. */
  const own = (ids: string[]) =>
    change(
      () => api().ownRosters(ids),
      (done) => done.said
    )

  const add = (item: NewItem) =>
    change(
      () => api().addCollectionItems([item]),
      (v) => `Added ${v.items[0]?.name ?? 'the item'}.`,
      false
    )
  /** Quick add: every line's item as one change (one revision, one undo). */
  const addLines = (text: string, ruleset: string) =>
    change(
      () => api().addCollectionLines(text, ruleset),
      (v) => `Added ${countOf(v.items.length, 'item')}.`,
      false
    )
  const updateCount = (item: CollectionItem, changes: { count?: number; counted?: 'stands' | 'figures' }) =>
    void change(
      () => api().updateCollectionItem(item.id, changes),
      () => `${item.name}: ${changes.count ?? item.count} ${changes.counted ?? item.counted}.`
    )
  const countsAs = (item: CollectionItem, ruleset: string, troop: string, attributes?: Record<string, string | boolean>) => {
    const name = rulesets.find((r) => r.id === ruleset)?.shortName ?? 'that ruleset'
    void change(
      () => (attributes ? api().setCountsAs(item.id, ruleset, troop, attributes) : api().setCountsAs(item.id, ruleset, troop)),
      () => `${item.name} counts as ${countsAsWords(details[ruleset], troop, attributes) ?? 'the troop type chosen'} in ${name}.`
    )
  }
  const remove = (item: Pick<CollectionItem, 'id' | 'name'>) =>
    void change(
      () => api().removeCollectionItems([item.id]),
      () => `Removed ${item.name}.`
    )
  const undo = () =>
    void change(
      () => api().undoCollection(),
      (v) => (v ? `Undid: ${v.undid}.` : 'Nothing to undo.')
    )
  const importFile = async () => {
    setBusy(true)
    setError('')
    const r = await api().importCollectionFile(null, 'merge')
    setBusy(false)
    if (!r.ok) return setError(sentence(r.error.message))
    if (!r.value) return
    const { added, skipped } = r.value
    await sayOnceShown(reload, () => {
      setSaid(`Imported ${countOf(added, 'item')}${skipped ? `; ${countOf(skipped, 'item')} already in the collection left as they were` : ''}.`)
      setChanged(true)
      setNothingToUndo(false)
    })
  }
  const exportFile = async () => {
    setError('')
    const r = await api().exportCollectionFile()
    if (!r.ok) return setError(sentence(r.error.message))
    if (r.value.saved) setSaid(`Exported the collection to ${r.value.path}.`)
  }

  const items = listed?.items ?? []
  const canUndo = !nothingToUndo && (changed || (listed?.revision ?? 0) > 0)
  return (
    <section className={styles.collectionScreen} aria-labelledby="collection-heading">
      <div className={styles.collectionHead}>
        <h2 id="collection-heading">Collection</h2>
        <p className="muted">
          {listed ? `${countOf(items.length, 'item')} on the shelf` : 'Reading the collection…'}
          {listed && listed.warnings.length + listed.broken.length > 0
            ? ` · ${countOf(listed.warnings.length + listed.broken.length, 'item needs', 'items need')} a look`
            : ''}
        </p>
        <div className={styles.collectionToolbar}>
          {canUndo && (
            <button onClick={undo} disabled={busy}>
              Undo
            </button>
          )}
          <button onClick={() => void importFile()} disabled={busy}>
            Import…
          </button>
          <button onClick={() => void exportFile()} disabled={busy || items.length === 0}>
            Export…
          </button>
        </div>
      </div>
      <p className={styles.collectionSaid} role="status">
        {said}
      </p>
      <ErrorLine error={error} />
      <div className={styles.collectionGrid}>
        <div className={styles.collectionAdding}>
          <QuickAddLines rulesets={rulesets} details={details} busy={busy} onAdd={addLines} />
          <AddItemForm rulesets={rulesets} details={details} busy={busy} onAdd={add} />
        </div>
        <section className={styles.collectionPanel} aria-labelledby="collection-items-heading">
          <h3 id="collection-items-heading">On the shelf</h3>
          {listed && (
            <CollectionItems listed={listed} rulesets={rulesets} details={details} busy={busy} onCount={updateCount} onCountsAs={countsAs} onRemove={remove} />
          )}
          {listed && <BrokenItems broken={listed.broken} busy={busy} onRemove={remove} />}
        </section>
      </div>
      <div className={styles.collectionAnswers}>
        <ArmiesFielded rulesets={rulesets} generation={generation} />
        <ShoppingList rulesets={rulesets} details={details} generation={generation} onOwn={(ids) => void own(ids)} />
      </div>
    </section>
  )
}
