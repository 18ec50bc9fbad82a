// The collection's items: name, count (stands or figures), basing, and what each counts as in every
// ruleset: Muster's proposals marked "proposed" with Confirm, any of them changed with a select.
// Items a ruleset can no longer count keep their row, with the warning beside them.
import { useState } from 'react'
import type { CollectionItem, ListedCollection, RulesetSummary } from '../../src-main/ipc/contract'
import { attributeWords } from '../format'
import { countsAsWords, type DetailsById } from './collection-words'
import styles from '../screens/CollectionScreen.module.css'
import { ActionTableHead } from './ActionTableHead'
import { NamedOptions } from './NamedOptions'
import { ValueOptions } from './ValueOptions'

interface Props {
  listed: ListedCollection
  rulesets: RulesetSummary[]
  details: DetailsById
  busy: boolean
  onCount: (item: CollectionItem, changes: { count?: number; counted?: 'stands' | 'figures' }) => void
  onCountsAs: (item: CollectionItem, ruleset: string, troop: string, attributes?: Record<string, string | boolean>) => void
  onRemove: (item: CollectionItem) => void
}

export function CollectionItems({ listed, rulesets, details, busy, onCount, onCountsAs, onRemove }: Props) {
  if (listed.items.length === 0)
    return <p className={`muted ${styles.collectionEmpty}`}>Nothing on the shelf yet: add what you own with the form, or import a collection file.</p>
  return (
    <table className={styles.collectionItems}>
      <ActionTableHead columns={['Item', 'Count', 'Counts as']} action="Remove" />
      <tbody>
        {listed.items.map((item) => (
          <tr key={item.id}>
            <td className={styles.collectionItemName}>
              <strong>{item.name}</strong>
              {item.basing && <div className="muted">Based {item.basing}</div>}
              {item.notes && <div className="muted">{item.notes}</div>}
            </td>
            <td className={styles.collectionCount}>
              <CountField key={item.count} item={item} busy={busy} onCount={onCount} />
            </td>
            <td>
              <ul className={styles.countsAs} aria-label={`What ${item.name} counts as`}>
                {rulesets.map((r) => (
                  <CountsAsLine
                    key={r.id}
                    item={item}
                    ruleset={r}
                    details={details}
                    busy={busy}
                    warning={listed.warnings.find((w) => w.item === item.id && w.ruleset === r.id)?.message}
                    onCountsAs={onCountsAs}
                  />
                ))}
              </ul>
            </td>
            <td className={styles.collectionActions}>
              <button disabled={busy} onClick={() => onRemove(item)} aria-label={`Remove ${item.name}`}>
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The count (its field drawn afresh when the saved count changes), saved when the field is left (or Enter pressed), and stands or figures. */
function CountField({ item, busy, onCount }: Pick<Props, 'busy' | 'onCount'> & { item: CollectionItem }) {
  const [text, setText] = useState(String(item.count))
  const commit = () => {
    const n = Number(text)
    if (Number.isInteger(n) && n >= 1 && n !== item.count) onCount(item, { count: n })
    else setText(String(item.count))
  }
  return (
    <div className={styles.countPair}>
      <input
        type="number"
        min={1}
        step={1}
        value={text}
        aria-label={`Count of ${item.name}`}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <select
        value={item.counted}
        disabled={busy}
        aria-label={`${item.name} counted in`}
        onChange={(e) => onCount(item, { counted: e.target.value as 'stands' | 'figures' })}
      >
        <option value="stands">stands</option>
        <option value="figures">figures</option>
      </select>
    </div>
  )
}

function CountsAsLine({
  item,
  ruleset,
  details,
  busy,
  warning,
  onCountsAs
}: Pick<Props, 'details' | 'busy' | 'onCountsAs'> & { item: CollectionItem; ruleset: RulesetSummary; warning?: string }) {
  const as = item.countsAs[ruleset.id]
  const troops = details[ruleset.id]?.troops ?? []
  const known = as ? countsAsWords(details[ruleset.id], as.troop, as.attributes) : null
  const proposed = as && !as.confirmed && !warning
  const type = as ? troops.find((t) => t.id === as.troop) : undefined
  // the enum attributes the troop type takes, one select each; its flags (booleans) said in words
  const enums = type?.attributes.filter((a) => a.type === 'enum') ?? []
  const flags = type && as?.attributes ? attributeWords(as.attributes, { attributes: type.attributes.filter((a) => a.type === 'boolean') }) : ''
  const setAttribute = (attribute: string, value: string) => {
    if (!as) return
    const next = { ...as.attributes }
    if (value) next[attribute] = value
    else delete next[attribute]
    onCountsAs(item, ruleset.id, as.troop, next)
  }
  return (
    <li className={warning ? `${styles.countsAsLine} has-warning` : styles.countsAsLine}>
      <span className={styles.countsAsRuleset}>{ruleset.shortName}</span>
      <select
        value={as?.troop ?? ''}
        disabled={busy || troops.length === 0}
        aria-label={`${item.name} in ${ruleset.shortName}`}
        onChange={(e) => e.target.value && onCountsAs(item, ruleset.id, e.target.value)}
      >
        {!as && <option value="">Not counted</option>}
        {as && !troops.some((t) => t.id === as.troop) && <option value={as.troop}>No longer in the data</option>}
        <NamedOptions items={troops} />
      </select>
      <span className={styles.countsAsState}>
        {proposed && (
          <>
            <span className={`badge ${styles.proposed}`}>proposed</span>
            <button
              className="small"
              disabled={busy}
              aria-label={`Confirm ${item.name} as ${known ?? 'this'} in ${ruleset.shortName}`}
              onClick={() => onCountsAs(item, ruleset.id, as.troop, as.attributes)}
            >
              Confirm
            </button>
          </>
        )}
        {as?.confirmed && !warning && <span className="muted small-text">confirmed</span>}
      </span>
      {as && (enums.length > 0 || flags) && (
        <span className={styles.countsAsAttributes}>
          {enums.map((a) => {
            const v = as.attributes?.[a.id]
            const value = typeof v === 'string' ? v : ''
            return (
              <select
                key={a.id}
                value={value}
                disabled={busy}
                title={a.label}
                aria-label={`${item.name}: ${a.label} in ${ruleset.shortName}`}
                onChange={(e) => setAttribute(a.id, e.target.value)}
              >
                {(!a.required || !value) && <option value="">{a.label}: not set</option>}
                {value && !a.values.includes(value) && <option value={value}>{value} (no longer in the data)</option>}
                <ValueOptions attribute={a} />
              </select>
            )
          })}
          {flags && <span className="muted">{flags}</span>}
        </span>
      )}
      {warning && (
        <p className={styles.collectionWarning}>
          <span aria-hidden="true">⚠ </span>
          {warning}
        </p>
      )}
    </li>
  )
}
