// "Values": which of a ruleset's data editions (another printing's costs and factors) a roster is
// checked by, or the ruleset's own. One control for the editor's points line and New roster, so
// players meet the same words in both places. Nothing when the ruleset has no editions.
import type { RulesetDetails } from '../../src-main/ipc/contract'

export function EditionSelect({
  ruleset,
  value,
  onChange,
  id,
  className
}: {
  ruleset: Pick<RulesetDetails, 'shortName' | 'editions'>
  /** The chosen edition's id; undefined for the ruleset's own values. */
  value: string | undefined
  onChange: (edition: string | undefined) => void
  id?: string
  className?: string
}) {
  if (ruleset.editions.length === 0) return null
  return (
    <label className={className ? `edition ${className}` : 'edition'} title="Which printing's points and factors this roster is checked by">
      Values
      {/* The name starts with the visible word, for voice control; "data edition" says what it is. */}
      <select id={id} aria-label="Values (data edition)" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{ruleset.shortName}’s own</option>
        {ruleset.editions.map((e) => (
          <option key={e.id} value={e.id} title={e.source ?? undefined}>
            {e.name}
          </option>
        ))}
        {/* A roster from elsewhere may name an edition this Muster lacks: say so rather than show the default. */}
        {value && !ruleset.editions.some((e) => e.id === value) && <option value={value}>{value} (not in this Muster)</option>}
      </select>
    </label>
  )
}
