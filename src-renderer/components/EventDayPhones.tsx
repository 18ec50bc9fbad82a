// "Collect results from phones": the event's results page served from this computer (on the venue
// network if asked), its link and QR shown; while it is on the event is read again every few
// seconds (state/event-day.ts usePhoneResults), so phone results appear at their tables. It stays
// served when the page is left, until Stop: one event at a time, so starting here says what it stops.
import { useState } from 'react'
import type { PhoneResults } from '../state/event-day'
import styles from './EventDay.module.css'
import { ErrorLine } from './ErrorLine'

export function EventDayPhones({ phones }: { phones: PhoneResults }) {
  const [lan, setLan] = useState(true)
  const { serving, other, busy, error } = phones
  return (
    <section className={styles.eventDayPhones} aria-label="Results from phones">
      <div className={styles.eventDayBar}>
        <button aria-pressed={serving !== null} disabled={busy} onClick={() => void (serving ? phones.stop() : phones.start(lan))}>
          {serving ? 'Stop collecting results' : 'Collect results from phones'}
        </button>
        <label className="radio">
          <input
            type="checkbox"
            checked={lan}
            disabled={busy}
            onChange={(e) => {
              setLan(e.target.checked)
              if (serving) void phones.start(e.target.checked)
            }}
          />{' '}
          Open to the venue network (phones on the same Wi-Fi)
        </label>
        {busy && <span role="status">Starting…</span>}
      </div>
      {other && (
        <p className="muted">
          Collecting results for <strong>{other.eventName}</strong> now: collecting here stops that (one event at a time).
        </p>
      )}
      <ErrorLine error={error} />
      {serving && (
        <div className={styles.eventDayQr}>
          <img src={serving.qr} alt="QR code of the results page’s link" />
          <div>
            <p>
              Players scan the code, or open the link, and send their table’s result with its PIN (on their slip). Results appear here as they come in, marked
              “from a phone”. The page stays up when you leave this event, until you stop it.
            </p>
            <code tabIndex={0}>{serving.url}</code>
            {!serving.lan && <p className="muted">Only this computer can open the link: tick “Open to the venue network” for phones.</p>}
          </div>
        </div>
      )}
    </section>
  )
}
