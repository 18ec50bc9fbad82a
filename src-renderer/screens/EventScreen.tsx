// Event check, for organisers: an event profile (EventProfileForm: every rule of it, loaded from a
// file or filled in here, and saved as one), a folder of submitted rosters, the report (problems
// first), exported as HTML, CSV or JSON; any submitted roster can be opened in the editor. Given
// the last check's JSON report, each resubmission says what changed since (the CLI's --previous).
// Once checked, Propose pairings gives the first round's tables as `muster pair` does, each with why.
// Run this event makes the event in the library from the profile and the checked rosters: the Event
// day view (components/EventDay.tsx) runs it, round by round, and lists the library's events.
// The check's state and calls are state/event-check.ts; this screen draws them.
import { Fragment, useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { PreviousReportPicker, SinceRow } from '../components/Resubmissions'
import { download } from '../download'
import { countOf, formatPoints } from '../format'
import { EventProfileForm, toProfile } from '../components/EventProfileForm'
import { ActionTableHead } from '../components/ActionTableHead'
import { Pairings } from '../components/Pairings'
import { rowArmyTitle } from '../../src-shared/army-title'
import { EventDay, type OpenedEvent } from '../components/EventDay'
import { RunEventButton } from '../components/RunEventButton'
import { Tabs, tabPanelProps } from '../components/Tabs'
import { useEventCheck } from '../state/event-check'
import styles from './EventScreen.module.css'
import issueStyles from '../components/IssuesPanel.module.css'
import dayStyles from '../components/EventDay.module.css'
import { ErrorLine } from '../components/ErrorLine'

const VIEWS = [
  { id: 'check', label: 'Check rosters' },
  { id: 'day', label: 'Event day' }
] as const

export function EventScreen({ rulesets, onOpen }: { rulesets: RulesetSummary[]; onOpen: (id: string) => void }) {
  const [view, setView] = useState<'check' | 'day'>('check')
  // The event open on the Event day view; that view is kept once shown (its phones' page stays served).
  const [running, setRunning] = useState<OpenedEvent | null>(null)
  const [dayShown, setDayShown] = useState(false)
  if (view === 'day' && !dayShown) setDayShown(true)
  const { draft, setDraft, files, previous, setPrevious, result, error, setError, pairing, setPairing, propose, book, pick, run, open, slug, rows, since } =
    useEventCheck(rulesets, onOpen)

  return (
    <section className="page" aria-label="Event">
      <h2 className="visually-hidden">Event</h2>
      <Tabs label="Event" prefix="event-view" tabs={[...VIEWS]} current={view} onChange={setView} className={`tabs ${dayStyles.eventViews}`} />
      <div className={styles.eventGrid} {...tabPanelProps('event-view', 'check')} hidden={view !== 'check'}>
        <EventProfileForm rulesets={rulesets} draft={draft} onChange={setDraft} onError={setError} slug={slug} />
        {/* Submissions and, once checked, the report beside the profile: the report starts on the first screen. */}
        <div className={styles.eventMain}>
          <fieldset>
            <legend>Submissions</legend>
            <button type="button" onClick={() => void pick('folder')} title="A folder of submitted roster files: its .json files, in its folders too">
              Choose folder…
            </button>{' '}
            <button type="button" onClick={() => void pick('files')}>
              Choose files…
            </button>
            <p className="muted">{countOf(files.length, 'roster file')} chosen</p>
            <PreviousReportPicker value={previous} onChange={setPrevious} onError={setError} />
            <button className="primary" disabled={files.length === 0} onClick={() => void run()}>
              Check {countOf(files.length, 'roster')}
            </button>{' '}
            <RunEventButton
              profile={() => toProfile(draft)}
              files={files}
              onError={setError}
              onMade={(e) => {
                setRunning(e)
                setView('day')
              }}
            />
            <ErrorLine error={error} />
          </fieldset>
          {result && (
            <div className={styles.eventReport} aria-label="Event report">
              <div className={styles.summaryLine} role="status">
                <span>
                  <strong>{result.report.event.name}</strong>: {result.report.summary.submissions} submissions,{' '}
                  <span className="ok-text">{result.report.summary.legal} legal</span>,{' '}
                  <span className="bad-text">{result.report.summary.illegal} illegal</span>, {result.report.summary.unreadable} unreadable
                </span>
                <button onClick={() => download(`${slug}-report.html`, result.html, 'text/html')}>Export HTML</button>
                <button onClick={() => download(`${slug}-report.csv`, result.csv, 'text/csv')}>Export CSV</button>
                <button
                  onClick={() => download(`${slug}-report.json`, JSON.stringify(result.report, null, 2) + '\n', 'application/json')}
                  title="The report with every roster as submitted: the next check takes it as its previous report"
                >
                  Save report (JSON)…
                </button>
                <button onClick={() => void book(false)} title="Every legal roster's sheet, after an index by player">
                  List book (PDF)
                </button>
                <button onClick={() => void book(true)} title="Every submission that can be printed, with the event's verdict on each">
                  Judges’ copy (PDF)
                </button>
                <button
                  onClick={() => void propose()}
                  title="First-round pairings: historical enemies first, then armies of the same dates, then of a shared category"
                >
                  Propose pairings
                </button>
              </div>
              {result.previous && (
                <p className={styles.eventSinceSummary}>
                  Compared with <strong>{result.previous.name}</strong>: {since ?? 'no player of this check was in it'}
                </p>
              )}
              {result.report.notes.map((n) => (
                <p key={n} className="notice warn">
                  {n}
                </p>
              ))}
              {pairing && (
                <Pairings report={pairing.report} onSave={() => download(`${slug}-pairings.csv`, pairing.csv, 'text/csv')} onClose={() => setPairing(null)} />
              )}
              <table className="roster-table">
                <ActionTableHead columns={['Status', 'Player', 'Army', { label: 'Points', className: 'num' }, 'Issues']} action="Open" />
                <tbody>
                  {rows.map((r) => (
                    <Fragment key={r.file}>
                      <tr className={r.resubmission ? styles.eventHasSince : undefined}>
                        <td>
                          {!r.readable ? (
                            <span className="badge">unreadable</span>
                          ) : r.valid ? (
                            <span className="badge ok">legal</span>
                          ) : (
                            <span className="badge bad">illegal</span>
                          )}
                        </td>
                        <td>
                          {r.player ?? <span className="muted">(no player)</span>}
                          <div className="muted small-text">{r.file}</div>
                        </td>
                        <td>{rowArmyTitle(r)}</td>
                        <td className="num">{r.points === null ? '' : `${formatPoints(r.points)}${r.limit === null ? '' : ` / ${formatPoints(r.limit)}`}`}</td>
                        <td>
                          <ul className={`${issueStyles.issues} ${issueStyles.compact}`}>
                            {r.issues.map((i, n) => (
                              <li key={n} className={i.severity}>
                                <span className={issueStyles.sev}>{i.severity}</span> {i.message}
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td>{r.readable && <button onClick={() => void open(r)}>Open</button>}</td>
                      </tr>
                      <SinceRow row={r} columns={6} />
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
      {dayShown && (
        <div {...tabPanelProps('event-view', 'day')} hidden={view !== 'day'}>
          <EventDay rulesets={rulesets} opened={running} onOpen={setRunning} />
        </div>
      )}
    </section>
  )
}
