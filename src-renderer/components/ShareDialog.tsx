// Share a roster the ways players do: as plain text for a forum, mail or chat, or as a short code a
// friend or organiser pastes into their own Muster. Both are of the saved roster: edits go in first.
import { useEffect, useState } from 'react'
import { api } from '../api'
import { savedFirst } from '../state/autosave'
import { Dialog } from './Dialog'
import styles from './ShareDialog.module.css'
import { ErrorLine } from './ErrorLine'

type Shared = { text: string; checkCode: string; code: string | null; codeError: string | null }

/** Writes to the clipboard; false when the system refused (the text stays selectable to copy by hand). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

export function ShareDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const [shared, setShared] = useState<Shared | null>(null)
  const [error, setError] = useState('')
  const [said, setSaid] = useState('')

  useEffect(() => {
    void (async () => {
      const unsaved = await savedFirst(id)
      if (unsaved) return setError(unsaved)
      const [text, code] = await Promise.all([api().rosterText(id), api().shareCode(id)])
      if (!text.ok) return setError(text.error.message)
      // A roster too large for a code can still be shared as text.
      setShared({
        text: text.value.text,
        checkCode: text.value.checkCode,
        code: code.ok ? code.value.code : null,
        codeError: code.ok ? null : code.error.message
      })
    })()
  }, [id])

  async function copyAndSay(text: string, what: string) {
    setSaid((await copy(text)) ? `${what} copied: paste it where you like.` : `${what} could not be copied here: select it and copy it by hand.`)
  }

  return (
    <Dialog title="Share this roster" onClose={onClose} wide>
      <ErrorLine error={error} />
      {!shared && !error && <p className="muted">Preparing…</p>}
      {shared && (
        <div className={styles.share}>
          <section aria-labelledby="share-text-heading">
            <h3 id="share-text-heading">As text, for a forum, mail or chat</h3>
            <textarea readOnly value={shared.text} aria-label="The roster as text" rows={12} spellCheck={false} className="code-box" />
            <button className="primary" onClick={() => void copyAndSay(shared.text, 'The roster text')}>
              Copy as text
            </button>
            <span className="muted"> Check code {shared.checkCode}: the same as on the printed roster.</span>
          </section>
          <section aria-labelledby="share-code-heading">
            <h3 id="share-code-heading">As a share code, to open in Muster</h3>
            <p className="muted">Anyone with Muster can paste it into their library (Paste code…) to get this exact roster.</p>
            {shared.code === null ? (
              <p className="load-error">{shared.codeError}</p>
            ) : (
              <>
                <textarea readOnly value={shared.code} aria-label="Share code" rows={3} spellCheck={false} className="code-box code" />
                <button onClick={() => void copyAndSay(shared.code!, 'The share code')}>Copy code</button>
                <span className="muted"> {shared.code.length.toLocaleString('en')} characters</span>
              </>
            )}
          </section>
        </div>
      )}
      {/* always there, so a screen reader hears each new message */}
      <p role="status" className="said">
        {said}
      </p>
      <div className="buttons">
        <button onClick={onClose}>Close</button>
      </div>
    </Dialog>
  )
}
