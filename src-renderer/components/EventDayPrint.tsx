// The event's papers and files: the standings, the latest round's pairings and its result slips as
// PDFs (made in the main process, saved where the organiser says), the published page (one HTML file
// of standings, pairings and every list) and the whole event as JSON for a ranking or an archive.
import { useState } from 'react'
import type { EventDayState } from '../../src-main/ipc/contract'
import { api } from '../api'
import { download } from '../download'
import { fileStem } from '../../src-shared/text'
import styles from './EventDay.module.css'

type Sheet = 'standings' | 'pairings' | 'slips'

export function EventDayPrint({ state, onProjector }: { state: EventDayState; onProjector: () => void }) {
  const [error, setError] = useState('')
  const [saved, setSaved] = useState('')
  const round = state.rounds.length
  const slug = fileStem(state.name, 'event')

  async function pdf(kind: Sheet) {
    setError('')
    setSaved('')
    const made = await api().eventDayPdf(state.id, kind === 'standings' ? { kind } : { kind, round })
    if (!made.ok) return setError(made.error.message)
    const r = await api().savePdf(made.value.key, made.value.fileName)
    if (!r.ok) setError(r.error.message)
    else if (r.value.saved) setSaved(`Saved ${r.value.path}`)
  }
  async function publish() {
    setError('')
    const r = await api().publishEvent(state.id)
    if (!r.ok) return setError(r.error.message)
    download(r.value.fileName, r.value.html, 'text/html')
  }
  async function exportJson() {
    setError('')
    const r = await api().exportEventDay(state.id)
    if (!r.ok) return setError(r.error.message)
    download(`${slug}-event.json`, JSON.stringify(r.value, null, 2) + '\n', 'application/json')
  }

  return (
    <div className={styles.eventDayPrint} role="group" aria-label="Print and export">
      <button onClick={() => void pdf('standings')} disabled={round === 0}>
        Standings (PDF)
      </button>
      <button onClick={() => void pdf('pairings')} disabled={round === 0} title={round ? `Round ${round}’s tables, with why` : undefined}>
        Pairings (PDF)
      </button>
      <button onClick={() => void pdf('slips')} disabled={round === 0} title={round ? `A slip for each table of round ${round}` : undefined}>
        Result slips (PDF)
      </button>
      <button onClick={() => void publish()} title="One HTML page: standings, pairings and each player’s list, to save or put online">
        Publish page…
      </button>
      <button onClick={() => void exportJson()} title="The whole event as JSON, for a ranking or an archive">
        Export JSON…
      </button>
      <button onClick={onProjector} disabled={round === 0} title="The round’s pairings and a big round clock, full window">
        Projector
      </button>
      <span className={styles.eventDayError} aria-live="polite">
        {error || saved}
      </span>
    </div>
  )
}
