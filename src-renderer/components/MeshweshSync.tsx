// "Get lists from Meshwesh" / "Update from Meshwesh": every army list the Meshwesh site publishes,
// fetched to this computer by the main process (ipc/meshwesh-handlers.ts; `muster meshwesh sync` is
// the same service). A bar on the Armies screen says what the player has and offers it (the menu's
// Armies > Get lists from Meshwesh opens the same dialog from anywhere); the dialog starts a sync,
// shows its progress (polling the main process) with Cancel, then the report (MeshweshReport.tsx):
// what was added, changed (in words) and removed, what failed and why, and what the new lists did to
// the player's rosters, each one click from the editor. An update asks for the lists; Full refresh
// asks for every list's historical enemies and the themes too. After a publish the window's army
// lists are asked again. The sync's state and calls are state/meshwesh-sync.ts; this draws them.
import { useEffect, useId, useRef, useState } from 'react'
import type { MeshweshStatus, RulesetSummary, SyncProgress } from '../../src-main/ipc/contract'
import { useMeshweshSync } from '../state/meshwesh-sync'
import { countOf } from '../format'
import { Dialog } from './Dialog'
import { dateText, extrasText, Report } from './MeshweshReport'
import styles from './MeshweshSync.module.css'
import { countedPhase, httpAddress, progressDetail, SYNC_PHASES } from '../../src-shared/meshwesh'

/** What Meshwesh publishes, roughly, for the player deciding whether to fetch it. */
const PUBLISHED = 'about 660'

const PHASE: Record<SyncProgress['phase'], string> = {
  ...SYNC_PHASES,
  summary: `${SYNC_PHASES.summary}…`,
  categories: `${SYNC_PHASES.categories}…`,
  checking: `${SYNC_PHASES.checking}…`,
  publishing: `${SYNC_PHASES.publishing}…`
}

export function MeshweshSync({
  rulesets,
  showBar,
  onPublished,
  onOpen
}: {
  rulesets: RulesetSummary[]
  /** The bar (Armies screen). */ showBar: boolean
  onPublished: () => void
  onOpen: (id: string) => void
}) {
  const sync = useMeshweshSync(rulesets, onPublished)
  const { status, open, setOpen, error, report, running, start, cancel, close, rulesetName, bundled, has, action, title } = sync

  return (
    <>
      {showBar && status && (
        <div className={styles.meshweshBar}>
          {running ? (
            <p>
              <strong>{has ? 'Updating' : 'Getting'} lists from Meshwesh</strong>
              {status.progress && countedPhase(status.progress.phase)
                ? `: ${SYNC_PHASES[status.progress.phase].toLowerCase()}, ${status.progress.done} of ${status.progress.total}`
                : '…'}
            </p>
          ) : report && !open ? (
            <p>{report.message}</p>
          ) : has ? (
            <p>
              {rulesetName}: <strong>{countOf(status.lists, 'army list')}</strong> from Meshwesh
              {status.publishedAt ? `, updated ${dateText(status.publishedAt)}` : ''}.
            </p>
          ) : (
            <p>
              {rulesetName}: <strong>{countOf(bundled, 'army list')}</strong> come with Muster; Meshwesh publishes {PUBLISHED}.
            </p>
          )}
          <button className={has || running || report ? undefined : 'primary'} onClick={() => setOpen(true)}>
            {running ? 'Show progress' : report && !open ? 'See the report' : `${action}…`}
          </button>
        </div>
      )}
      {open && status && (
        <Dialog title={title} onClose={close} wide>
          {running ? (
            <Progress status={status} onCancel={() => void cancel()} onClose={close} />
          ) : report ? (
            <Report
              report={report}
              onOpen={(id) => {
                close()
                onOpen(id)
              }}
              onAgain={() => void start(report.baseUrl)}
              onFull={() => void start(report.baseUrl, undefined, true)}
              onClose={close}
            />
          ) : (
            <Intro sync={sync} status={status} />
          )}
          {error && (running || report) && (
            <p className="load-error" role="alert">
              {error}
            </p>
          )}
        </Dialog>
      )}
    </>
  )
}

/** What a sync does, the credit, what the player has now; Advanced: the server, facts only. */
function Intro({ sync, status }: { sync: ReturnType<typeof useMeshweshSync>; status: MeshweshStatus }) {
  const { rulesetName, bundled, action, error } = sync
  const [server, setServer] = useState(status.baseUrl)
  const [factsOnly, setFactsOnly] = useState(status.factsOnly)
  const [serverError, setServerError] = useState('')
  const serverErrorId = useId()
  const last = status.lastReport
  const lastMessage = last && (last.status === 'cancelled' || last.status === 'failed' || last.status === 'offline') ? last.message : null

  function submit(full = false) {
    const url = server.trim() === '' ? status.defaultBaseUrl : httpAddress(server)
    if (!url) return setServerError(`Server: enter an http or https address, e.g. ${status.defaultBaseUrl}`)
    setServerError('')
    void sync.start(url, factsOnly, full)
  }

  return (
    <form
      className={styles.meshweshSync}
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <p>
        Fetches every {rulesetName} army list the Meshwesh site publishes ({PUBLISHED}) and checks each one, so you can build any of them; an update fetches
        only what changed and says what it does to your rosters. Historical enemies and themes change seldom: an update fetches them for new lists, and{' '}
        <strong>Full refresh</strong> for every list.
      </p>
      <p className={styles.meshweshCredit}>Army lists by the Meshwesh authors, fetched from their public site to this computer only.</p>
      <p>
        {status.lists > 0
          ? `You have ${countOf(status.lists, 'list')} from Meshwesh${status.publishedAt ? `, updated ${dateText(status.publishedAt)}` : ''}. ${extrasText(status.extrasRefreshedAt)}`
          : `${countOf(bundled, `${rulesetName} army list`)} ${bundled === 1 ? 'comes' : 'come'} with Muster.`}
        {lastMessage && ` Last time: ${lastMessage}`}
      </p>
      <details className={styles.meshweshAdvanced} open={status.baseUrl !== status.defaultBaseUrl || undefined}>
        <summary>Advanced</summary>
        <label className={styles.stackedField}>
          Server
          <input
            type="url"
            value={server}
            onChange={(e) => {
              setServer(e.target.value)
              setServerError('')
            }}
            spellCheck={false}
            aria-invalid={serverError ? true : undefined}
            aria-describedby={serverError ? serverErrorId : undefined}
          />
        </label>
        <p className={`muted ${styles.smallPrint}`}>The Meshwesh API to ask; the public site is {status.defaultBaseUrl}.</p>
        <label className={styles.check}>
          <input type="checkbox" checked={factsOnly} onChange={(e) => setFactsOnly(e.target.checked)} /> Leave out the list authors’ descriptions and notes
          (facts only)
        </label>
      </details>
      {(serverError || error) && (
        <p className="load-error" role="alert" id={serverErrorId}>
          {serverError || error}
        </p>
      )}
      <div className="buttons">
        <button type="button" onClick={sync.close}>
          Close
        </button>
        {status.lists > 0 && (
          <button type="button" onClick={() => submit(true)} title="Fetch the lists and every list's historical enemies and themes again">
            Full refresh
          </button>
        )}
        <button type="submit" className="primary" data-autofocus>
          {action === 'Update from Meshwesh' ? 'Update' : 'Start'}
        </button>
      </div>
    </form>
  )
}

/** A real progress bar: n of N lists (or their enemies) and the list just fetched; Cancel keeps what was fetched. */
function Progress({ status, onCancel, onClose }: { status: MeshweshStatus; onCancel: () => void; onClose: () => void }) {
  const p: SyncProgress = status.progress ?? { phase: 'summary', done: 0, total: 1, elapsedMs: 0 }
  const labelId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  // The Start button the focus was on is gone: it goes to Cancel.
  useEffect(() => cancelRef.current?.focus(), [])
  const lists = countedPhase(p.phase)
  return (
    <div className={styles.meshweshSync}>
      <p id={labelId} className={styles.meshweshPhase}>
        {lists ? `${PHASE[p.phase]}: ${p.done} of ${p.total}` : PHASE[p.phase]}
      </p>
      {lists ? <progress aria-labelledby={labelId} max={Math.max(p.total, 1)} value={p.done} /> : <progress aria-labelledby={labelId} />}
      <p className={`${styles.meshweshCurrent} muted`}>{lists && p.name ? p.name : '\u00a0'}</p>
      <p className="meshwesh-left muted">{progressDetail(p)}</p>
      <p className="muted">Cancel keeps what was fetched: the next sync starts where this one stopped. Close leaves it running.</p>
      <div className="buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button type="button" ref={cancelRef} onClick={onCancel} data-autofocus>
          Cancel sync
        </button>
      </div>
    </div>
  )
}
