// One event on the day (getEventDay): its header (name, ruleset, players, where the rounds stand,
// its profile to change, and who a changed profile held back or let in), results from phones, the papers and files, and three tabs: Players,
// Rounds, Standings. The projector view takes the whole window for the latest round.
import { useState } from 'react'
import type { EnterReport, RulesetSummary } from '../../src-main/ipc/contract'
import { countOf } from '../format'
import { useEventDay, usePhoneResults } from '../state/event-day'
import { CollectingBadge } from './EventDayList'
import { EventDayPhones } from './EventDayPhones'
import { EventDayProfile } from './EventDayProfile'
import { RecheckNotice, type RecheckReport } from './EventDayRecheck'
import { EventDayPlayers } from './EventDayPlayers'
import { EventDayPrint } from './EventDayPrint'
import { EventDayRounds } from './EventDayRounds'
import { EventDayStandings } from './EventDayStandings'
import { roundLine, rulesetName } from './event-day-words'
import { ProjectorView } from './ProjectorView'
import { Tabs, tabPanelProps } from './Tabs'
import styles from './EventDay.module.css'
import { ErrorLine } from './ErrorLine'

type Section = 'players' | 'rounds' | 'standings'
const SECTIONS: Array<{ id: Section; label: string }> = [
  { id: 'players', label: 'Players' },
  { id: 'rounds', label: 'Rounds' },
  { id: 'standings', label: 'Standings' }
]

export function EventDayPage({
  id,
  rulesets,
  entered,
  onBack
}: {
  id: string
  rulesets: RulesetSummary[]
  /** What entering the checked rosters did, when the event was just made from the check. */
  entered: EnterReport | null
  onBack: () => void
}) {
  const day = useEventDay(id)
  const phones = usePhoneResults(id, day.state?.name ?? '', day.refresh)
  const [report, setReport] = useState<EnterReport | null>(entered)
  // Until chosen: the players while there is no round (or rosters were just entered), else the rounds.
  const [chosen, setSection] = useState<Section | null>(null)
  const [projector, setProjector] = useState(false)
  const [editing, setEditing] = useState(false)
  const [recheck, setRecheck] = useState<RecheckReport | null>(null)
  const { state } = day

  if (!state)
    return (
      <div className="event-day-page">
        <button onClick={onBack}>← All events</button>
        {day.error ? (
          <p className="load-error" role="alert">
            {day.error}
          </p>
        ) : (
          <p className="muted" role="status">
            Reading the event…
          </p>
        )}
      </div>
    )

  const active = state.players.filter((p) => p.status === 'active').length
  const held = state.players.filter((p) => p.status === 'held').length
  const dropped = state.players.filter((p) => p.status === 'dropped').length
  const section = chosen ?? (report || state.rounds.length === 0 ? 'players' : 'rounds')
  const ruleset = (state.profile as { ruleset?: string } | null)?.ruleset ?? ''
  return (
    <div className="event-day-page">
      <header className={styles.eventDayHead}>
        <button onClick={onBack}>← All events</button>
        <div>
          <h3>
            {state.name}
            {phones.serving && <CollectingBadge />}
          </h3>
          <p className="muted">
            {rulesetName(rulesets, ruleset)} · {countOf(active, 'player')} active
            {held > 0 && `, ${held} held back`}
            {dropped > 0 && `, ${dropped} dropped`}
          </p>
          <p className={styles.eventDayRoundLine}>{roundLine(state)}</p>
          <button className={styles.eventDayEdit} onClick={() => setEditing(true)}>
            Event profile…
          </button>
        </div>
        <EventDayPrint state={state} onProjector={() => setProjector(true)} />
      </header>
      <ErrorLine error={day.error} />
      {recheck && <RecheckNotice report={recheck} onClose={() => setRecheck(null)} />}
      <EventDayPhones phones={phones} />
      <Tabs label="Event day" prefix="event-day" tabs={SECTIONS} current={section} onChange={setSection} className={`tabs ${styles.eventDayTabs}`} />
      <div {...tabPanelProps('event-day', section)} className={styles.eventDayPanel}>
        {section === 'players' && <EventDayPlayers day={day} state={state} report={report} onReport={setReport} />}
        {section === 'rounds' && <EventDayRounds day={day} state={state} />}
        {section === 'standings' && <EventDayStandings state={state} />}
      </div>
      {editing && <EventDayProfile state={state} day={day} rulesets={rulesets} onClose={() => setEditing(false)} onRecheck={setRecheck} />}
      {projector && state.rounds.length > 0 && <ProjectorView state={state} round={state.rounds.length} onClose={() => setProjector(false)} />}
    </div>
  )
}
