// The event profile on the Events screen (and an event's own, changed on its page): every rule of schemas/event.schema.json shown and
// editable (name and date, ruleset, points, the period, allowed and banned armies, the army pool,
// allies, battle cards, the fields every roster must fill in, the data edition and version, the
// optional amendments, and the day's rules: EventDayRules), loaded from a file and saved as one. Rules this form does not know are kept
// and listed, so nothing a profile applies is out of sight.
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { download } from '../download'
import { blankDraft, fromProfile, REQUIRED_FIELDS, toProfile, type Draft, type RequiredField } from '../event-profile'
import { utf8Text } from '../files'
import { useRulesetDetails } from '../hooks'
import { ArmyMultiSelect } from './ArmyMultiSelect'
import { EventDayRules } from './EventDayRules'
import { Field, SelectField, YearField } from './Field'
import form from './EventProfileForm.module.css'
import { NamedOptions } from './NamedOptions'

const FIELD_WORDS: Record<RequiredField, string> = { player: 'its player', name: 'its name', year: 'its year', notes: 'notes' }
/** An ISO date shows in the date picker; free text (as a profile may have) in a text field. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
/** The draft's words a field edits as typed. */
type TextKey = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft]

export { blankDraft, toProfile, type Draft }

export function EventProfileForm({
  rulesets,
  draft,
  onChange,
  onError,
  slug,
  rulesetFixed = ''
}: {
  rulesets: RulesetSummary[]
  draft: Draft
  onChange: (draft: Draft) => void
  onError: (message: string) => void
  /** The file name's stem for Save profile… */
  slug: string
  /** Why the ruleset cannot change (an event with players entered), '' when it can. */
  rulesetFixed?: string
}) {
  const details = useRulesetDetails(draft.ruleset)
  const ruleset = rulesets.find((r) => r.id === draft.ruleset)
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch })
  /** A field's value and change, for one of the draft's words. */
  const text = (key: TextKey) => ({ value: draft[key], onValue: (v: string) => set({ [key]: v }) })
  async function loadProfile(file: File) {
    onError('')
    const read = await utf8Text(file)
    if (!read.ok) return onError(read.message)
    try {
      onChange(fromProfile(JSON.parse(read.text) as Record<string, unknown>, draft.ruleset))
    } catch (e) {
      onError(`${file.name}: not valid JSON (${(e as Error).message})`)
    }
  }
  const required = (f: RequiredField, on: boolean) => set({ requiredFields: REQUIRED_FIELDS.filter((x) => (x === f ? on : draft.requiredFields.includes(x))) })
  const amendment = (id: string, v: string) => {
    const { [id]: _old, ...others } = draft.amendments
    set({ amendments: v === '' ? others : { ...others, [id]: v === 'on' } })
  }
  // Amendments the profile sets that this ruleset does not have: listed with the rules kept as loaded.
  const knownAmendments = new Set(details?.amendments.map((m) => m.id) ?? [])
  const strayAmendments = details ? Object.keys(draft.amendments).filter((id) => !knownAmendments.has(id)) : []
  const others = [...Object.keys(draft.rest), ...(strayAmendments.length ? ['amendments'] : [])]
  const shown = (k: string) => (k === 'amendments' ? Object.fromEntries(strayAmendments.map((id) => [id, draft.amendments[id]])) : draft.rest[k])
  return (
    <fieldset className={form.eventProfile}>
      <legend>Event profile</legend>
      <label className="button-like">
        Load profile…
        <input
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Load event profile"
          onChange={(e) => e.target.files?.[0] && void loadProfile(e.target.files[0])}
        />
      </label>
      <Field label="Name" {...text('name')} aria-label="Event name" placeholder="e.g. Salute Triumph! 2026" />
      <Field label="Date" {...text('date')} type={draft.date === '' || ISO_DATE.test(draft.date) ? 'date' : 'text'} aria-label="Event date" />
      <SelectField
        label="Ruleset"
        {...text('ruleset')}
        aria-label="Event ruleset"
        disabled={rulesetFixed !== ''}
        aria-describedby={rulesetFixed ? 'event-ruleset-fixed' : undefined}
        after={
          rulesetFixed && (
            <span id="event-ruleset-fixed" className="muted small-text">
              {rulesetFixed}
            </span>
          )
        }
      >
        <NamedOptions items={rulesets} />
      </SelectField>
      <Field
        label="Points limit"
        {...text('pointsLimit')}
        type="number"
        min={1}
        aria-label="Event points limit"
        placeholder={String(ruleset?.defaultPointsLimit ?? 'none')}
      />
      <div className="pair">
        <YearField label="Armies from" {...text('from')} aria-label="Period from" placeholder="e.g. 500 BC" />
        <YearField label="to" {...text('to')} aria-label="Period to" placeholder="e.g. 100 AD" />
      </div>
      <ArmyMultiSelect
        armies={ruleset?.armies ?? []}
        value={draft.allowed}
        onChange={(allowed) => set({ allowed })}
        label="Allowed armies"
        verb="allow"
        empty="Any army (within the pool below)"
      />
      <ArmyMultiSelect
        armies={ruleset?.armies ?? []}
        value={draft.banned}
        onChange={(banned) => set({ banned })}
        label="Banned armies"
        verb="ban"
        empty="None banned"
      />
      <Field label="Army pool: list numbers" {...text('lists')} aria-label="Army pool: list numbers" placeholder="e.g. 66a, 115 (115 takes every sublist)" />
      <Field label="Army pool: categories" {...text('categories')} aria-label="Army pool: categories" placeholder="e.g. Classical Greek, Roman" />
      <label className="radio">
        <input type="checkbox" checked={draft.allies} onChange={(e) => set({ allies: e.target.checked })} /> Allied contingents allowed
      </label>
      <div className="pair">
        <Field label="Battle cards allowed" {...text('allowedCards')} aria-label="Allowed battle cards" placeholder="any" />
        <Field label="banned" {...text('bannedCards')} aria-label="Banned battle cards" placeholder="e.g. SC, AM" />
      </div>
      <fieldset className="event-required">
        <legend>Every roster must fill in</legend>
        {REQUIRED_FIELDS.map((f) => (
          <label key={f} className="radio">
            <input type="checkbox" checked={draft.requiredFields.includes(f)} onChange={(e) => required(f, e.target.checked)} /> {FIELD_WORDS[f]}
          </label>
        ))}
      </fieldset>
      {(details?.editions.length ?? 0) > 0 && (
        <SelectField label="Values" {...text('edition')} aria-label="Event data edition">
          <option value="">{`${details!.shortName}’s own`}</option>
          {details!.editions.map((ed) => (
            <option key={ed.id} value={ed.id}>
              {ed.name}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        label="Data version"
        {...text('dataVersion')}
        aria-label="Event data version"
        placeholder={ruleset ? `any (this app has ${ruleset.dataVersion})` : 'any'}
      />
      {(details?.amendments.length ?? 0) > 0 && (
        <fieldset className="event-amendments">
          <legend>Optional rules</legend>
          {details!.amendments.map((m) => (
            <SelectField
              key={m.id}
              label={m.label}
              title={m.description}
              value={draft.amendments[m.id] === undefined ? '' : draft.amendments[m.id] ? 'on' : 'off'}
              onValue={(v) => amendment(m.id, v)}
              aria-label={`Optional rule: ${m.label}`}
            >
              <option value="">as each roster has it</option>
              <option value="on">on for every roster</option>
              <option value="off">off for every roster</option>
            </SelectField>
          ))}
        </fieldset>
      )}
      <EventDayRules draft={draft} set={set} />
      {others.length > 0 && (
        <div className={form.eventOtherRules} role="group" aria-label="Other rules of the profile">
          <p className="muted">Kept as loaded (this form does not edit them):</p>
          <ul>
            {others.map((k) => (
              <li key={k}>
                <strong>{k}</strong>: <code>{JSON.stringify(shown(k))}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" onClick={() => download(`${slug}.event.json`, JSON.stringify(toProfile(draft), null, 2) + '\n', 'application/json')}>
        Save profile…
      </button>
    </fieldset>
  )
}
