// "Show on phone" on the Play screen: the open game's tracker served to a phone by Muster
// (showOnPhone: a link with a fresh secret token and its QR), on this computer only or open to the
// local network, until Stop, the game is finished, or the screen closes. While it is shown the app's
// tracker reads the game again every two seconds (and when the window regains focus), so the
// phone's taps appear here too.
import { useEffect, useRef, useState } from 'react'
import { api } from '../api'
import { Dialog } from '../components/Dialog'
import screen from './PlayScreen.module.css'
import play from '../play/play.module.css'
import { CopySlip, useCopied } from '../play/CopySlip'
import { usePoll } from '../state/poll'

/** How often the app's tracker reads the game again while the phone may be tapping. */
const POLL_MS = 2000

interface Shown {
  url: string
  qr: string
  lan: boolean
}

export function ShowOnPhone({ gameId, finished, onRefresh }: { gameId: string; finished: boolean; onRefresh: () => Promise<void> }) {
  const [open, setOpen] = useState(false)
  const [lan, setLan] = useState(false)
  const [shown, setShown] = useState<Shown | null>(null)
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' })
  const { copied, copy, reset: notCopied } = useCopied()
  const serving = useRef(false)

  const serve = async (toLan: boolean) => {
    setState({ busy: true, error: '' })
    notCopied()
    const r = await api().showOnPhone(gameId, { lan: toLan })
    serving.current = r.ok
    setShown(r.ok ? r.value : null)
    setState({ busy: false, error: r.ok ? '' : r.error.message })
  }
  const stop = () => {
    serving.current = false
    setShown(null)
    setOpen(false)
    void api().stopShowingOnPhone()
  }

  // The phone's taps, read back while it is shown.
  usePoll(shown !== null, POLL_MS, () => void onRefresh())
  // A finished game is no longer served; nor is any once the screen (or this game) closes.
  useEffect(() => {
    if (!finished || !serving.current) return
    serving.current = false
    setShown(null)
    setOpen(false)
    void api().stopShowingOnPhone()
  }, [finished])
  useEffect(
    () => () => {
      if (serving.current) void api().stopShowingOnPhone()
      serving.current = false
    },
    [gameId]
  )

  return (
    <>
      <button
        className={screen.playBig}
        aria-pressed={shown !== null}
        disabled={finished}
        onClick={() => {
          setOpen(true)
          if (!shown) void serve(lan)
        }}
      >
        {shown ? 'On the phone' : 'Show on phone'}
      </button>
      {open && (
        <Dialog title="Show on phone" onClose={() => setOpen(false)}>
          <div className={screen.playPhone}>
            <label className={play.playCheck}>
              <input
                type="checkbox"
                checked={lan}
                disabled={state.busy}
                onChange={(e) => {
                  setLan(e.target.checked)
                  void serve(e.target.checked)
                }}
              />{' '}
              Open to the local network, so a phone on the same Wi-Fi can reach it
            </label>
            {!lan && <p className="muted">Without it, only this computer can open the link.</p>}
            {state.busy && <p role="status">Starting…</p>}
            {state.error && (
              <p className={play.playError} role="alert">
                {state.error}
              </p>
            )}
            {shown && (
              <CopySlip
                text={shown.url}
                qr={shown.qr}
                qrAlt="QR code of the link for the phone"
                intro={<p>Scan the code, or open this link on the phone. Its taps come back into this game.</p>}
                copyLabel="Copy the link"
                copied={copied}
                onCopy={() => copy(shown.url)}
                scrolls
              />
            )}
          </div>
          <div className="buttons">
            <button onClick={stop} disabled={!shown}>
              Stop showing
            </button>
            <button className="primary" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </Dialog>
      )}
    </>
  )
}
