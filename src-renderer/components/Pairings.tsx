// First-round pairings on the Event check screen (what `muster pair` proposes): each table with why
// (historical enemies, the years both armies were fielded, a shared category), the bye, and the
// rosters not paired with the reason; saved as CSV like the report.
import type { PairReport } from '../../src-main/ipc/contract'
import { pairingSummary, playerName } from '../../src-shared/players'
import { armyTitle } from '../../src-shared/army-title'
import { TableHead } from './TableHead'
import styles from './Pairings.module.css'

type PlayerOut = PairReport['pairs'][number]['a']

function Player({ p }: { p: PlayerOut }) {
  return (
    <>
      <div className="pairing-player">{playerName(p)}</div>
      <div className="muted small-text">{armyTitle({ name: p.armyName, listNumber: p.list })}</div>
    </>
  )
}

export function Pairings({ report, onSave, onClose }: { report: PairReport; onSave: () => void; onClose: () => void }) {
  const unpaired = [...report.leftOut, ...report.notExamined]
  return (
    <section className={styles.eventPairings} aria-label="Pairings">
      <div className={styles.pairingsHead}>
        <h3>First-round pairings</h3>
        <span className="muted" role="status">
          {pairingSummary(report)}
        </span>
        <span className="spacer" />
        <button onClick={onSave}>Save pairings (CSV)…</button>
        <button onClick={onClose}>Hide pairings</button>
      </div>
      {report.notes.length > 0 && (
        <ul className={`${styles.pairingNotes} muted`}>
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {(report.pairs.length > 0 || report.bye) && (
        <table className={`roster-table ${styles.pairingsTable}`}>
          <TableHead columns={[{ label: 'Table', className: 'num' }, 'Player', 'Opponent', 'Why']} />
          <tbody>
            {report.pairs.map((p) => (
              <tr key={p.table}>
                <td className="num">{p.table}</td>
                <td>
                  <Player p={p.a} />
                </td>
                <td>
                  <Player p={p.b} />
                </td>
                <td>
                  <ul className={styles.pairingReasons} aria-label={`Why table ${p.table}`}>
                    {p.reasons.map((r, i) => (
                      <li key={r} className={i === 0 && p.score > 0 ? `reason ${styles.linked}` : 'reason'}>
                        {r}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
            {report.bye && (
              <tr className={styles.pairingBye}>
                <td className="num">Bye</td>
                <td>
                  <Player p={report.bye} />
                </td>
                <td className="muted">no opponent this round</td>
                <td />
              </tr>
            )}
          </tbody>
        </table>
      )}
      {unpaired.length > 0 && (
        <>
          <h4>Not paired</h4>
          <ul className={styles.pairingUnpaired}>
            {unpaired.map((n) => (
              <li key={n.file}>
                <strong>{playerName(n)}</strong> <span className="muted small-text">{n.file}</span>: {n.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
