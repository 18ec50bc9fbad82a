// An event's profile changed after it was made (updateEventProfile): the same form as the Check view's
// (EventProfileForm), filled from the event's profile, in a dialog. The ruleset is fixed once players
// are entered (their rosters were checked under it); rounds already paired stay as they were. Every
// roster is checked again under the new profile: who changed is said on the page (EventDayRecheck).
import { useState } from 'react'
import type { EventDayState, RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { fromProfile } from '../event-profile'
import type { EventDay } from '../state/event-day'
import { fileStem } from '../../src-shared/text'
import { Dialog, DialogActions } from './Dialog'
import { EventProfileForm, toProfile } from './EventProfileForm'
import type { RecheckReport } from './EventDayRecheck'
import grid from '../screens/EventScreen.module.css'
import styles from './EventDay.module.css'

export function EventDayProfile({
  state,
  day,
  rulesets,
  onClose,
  onRecheck
}: {
  state: EventDayState
  day: EventDay
  rulesets: RulesetSummary[]
  onClose: () => void
  /** The players whose status the new profile changed (none: not called). */
  onRecheck: (r: RecheckReport) => void
}) {
  const profile = (state.profile ?? {}) as Record<string, unknown>
  const [draft, setDraft] = useState(() => fromProfile(profile, typeof profile.ruleset === 'string' ? profile.ruleset : (rulesets[0]?.id ?? '')))
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const fixed = state.players.length > 0 ? 'Fixed: players are entered under it.' : ''
  async function save() {
    setBusy(true)
    setError('')
    const r = await day.change(() => api().updateEventProfile(state.id, toProfile(draft)))
    setBusy(false)
    if (!r.ok) return setError(r.message)
    if (r.value.recheck?.length) onRecheck({ recheck: r.value.recheck, before: state.players })
    onClose()
  }
  return (
    <Dialog title={`${state.name}: event profile`} onClose={onClose} wide>
      <p className="muted">
        {state.rounds.length > 0
          ? `Rounds already paired stay as they are; the changes apply from round ${state.rounds.length + 1}, and the standings follow the scoring and tie-breaks.`
          : 'The changes apply from round 1.'}
      </p>
      <div className={`${grid.eventGrid} ${styles.eventDayProfile}`}>
        <EventProfileForm rulesets={rulesets} draft={draft} onChange={setDraft} onError={setError} slug={fileStem(draft.name, 'event')} rulesetFixed={fixed} />
      </div>
      <DialogActions error={error} onCancel={onClose}>
        <button className="primary" disabled={busy} onClick={() => void save()}>
          Save changes
        </button>
      </DialogActions>
    </Dialog>
  )
}
