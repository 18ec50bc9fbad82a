// The event profile on the Events screen (and an event's own, changed on its page): every rule of schemas/event.schema.json shown and
// editable (name and date, ruleset, points, the period, allowed and banned armies, the army pool,
// allies, battle cards, the fields every roster must fill in, the data edition and version, the
// optional amendments, and the day's rules: EventDayRules), loaded from a file and saved as one. Rules this form does not know are kept
// and listed, so nothing a profile applies is out of sight.
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { download } from '../download'
import { blankDraft, fromProfile, REQUIRED_FIELDS, toProfile, type Draft, type RequiredField } from '../event-profile'
import { utf8Text } from '../files'
import { parseYear } from '../format'
import { useRulesetDetails } from '../hooks'
import { ArmyMultiSelect } from './ArmyMultiSelect'
import { EventDayRules } from './EventDayRules'
import form from './EventProfileForm.module.css'
import { NamedOptions } from './NamedOptions'

const FIELD_WORDS: Record<RequiredField, string> = { player: 'its player', name: 'its name', year: 'its year', notes: 'notes' }
/** An ISO date shows in the date picker; free text (as a profile may have) in a text field. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

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
      <label>
        Name
        <input value={draft.name} onChange={(e) => set({ name: e.target.value })} aria-label="Event name" placeholder="e.g. Salute Triumph! 2026" />
      </label>
      <label>
        Date
        <input
          type={draft.date === '' || ISO_DATE.test(draft.date) ? 'date' : 'text'}
          value={draft.date}
          onChange={(e) => set({ date: e.target.value })}
          aria-label="Event date"
        />
      </label>
      <label>
        Ruleset
        <select
          value={draft.ruleset}
          onChange={(e) => set({ ruleset: e.target.value })}
          aria-label="Event ruleset"
          disabled={rulesetFixed !== ''}
          aria-describedby={rulesetFixed ? 'event-ruleset-fixed' : undefined}
        >
          <NamedOptions items={rulesets} />
        </select>
        {rulesetFixed && (
          <span id="event-ruleset-fixed" className="muted small-text">
            {rulesetFixed}
          </span>
        )}
      </label>
      <label>
        Points limit
        <input
          type="number"
          min={1}
          value={draft.pointsLimit}
          onChange={(e) => set({ pointsLimit: e.target.value })}
          aria-label="Event points limit"
          placeholder={String(ruleset?.defaultPointsLimit ?? 'none')}
        />
      </label>
      <div className="pair">
        <label>
          Armies from
          <input
            value={draft.from}
            onChange={(e) => set({ from: e.target.value })}
            aria-label="Period from"
            placeholder="e.g. 500 BC"
            aria-invalid={draft.from.trim() !== '' && parseYear(draft.from) === null}
          />
        </label>
        <label>
          to
          <input
            value={draft.to}
            onChange={(e) => set({ to: e.target.value })}
            aria-label="Period to"
            placeholder="e.g. 100 AD"
            aria-invalid={draft.to.trim() !== '' && parseYear(draft.to) === null}
          />
        </label>
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
      <label>
        Army pool: list numbers
        <input
          value={draft.lists}
          onChange={(e) => set({ lists: e.target.value })}
          aria-label="Army pool: list numbers"
          placeholder="e.g. 66a, 115 (115 takes every sublist)"
        />
      </label>
      <label>
        Army pool: categories
        <input
          value={draft.categories}
          onChange={(e) => set({ categories: e.target.value })}
          aria-label="Army pool: categories"
          placeholder="e.g. Classical Greek, Roman"
        />
      </label>
      <label className="radio">
        <input type="checkbox" checked={draft.allies} onChange={(e) => set({ allies: e.target.checked })} /> Allied contingents allowed
      </label>
      <div className="pair">
        <label>
          Battle cards allowed
          <input value={draft.allowedCards} onChange={(e) => set({ allowedCards: e.target.value })} aria-label="Allowed battle cards" placeholder="any" />
        </label>
        <label>
          banned
          <input value={draft.bannedCards} onChange={(e) => set({ bannedCards: e.target.value })} aria-label="Banned battle cards" placeholder="e.g. SC, AM" />
        </label>
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
        <label>
          Values
          <select value={draft.edition} onChange={(e) => set({ edition: e.target.value })} aria-label="Event data edition">
            <option value="">{`${details!.shortName}’s own`}</option>
            {details!.editions.map((ed) => (
              <option key={ed.id} value={ed.id}>
                {ed.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Data version
        <input
          value={draft.dataVersion}
          onChange={(e) => set({ dataVersion: e.target.value })}
          aria-label="Event data version"
          placeholder={ruleset ? `any (this app has ${ruleset.dataVersion})` : 'any'}
        />
      </label>
      {(details?.amendments.length ?? 0) > 0 && (
        <fieldset className="event-amendments">
          <legend>Optional rules</legend>
          {details!.amendments.map((m) => (
            <label key={m.id} title={m.description}>
              {m.label}
              <select
                value={draft.amendments[m.id] === undefined ? '' : draft.amendments[m.id] ? 'on' : 'off'}
                onChange={(e) => amendment(m.id, e.target.value)}
                aria-label={`Optional rule: ${m.label}`}
              >
                <option value="">as each roster has it</option>
                <option value="on">on for every roster</option>
                <option value="off">off for every roster</option>
              </select>
            </label>
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
