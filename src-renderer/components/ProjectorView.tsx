// The projector view (issue 41): a round's pairings and a big round clock for a screen at the venue,
// readable from the back of the hall. The whole window, as a modal <dialog> (the screen behind is
// inert; Escape leaves); the pairings in the largest type that holds them, in columns, and past that
// in pages that turn every 15 s (projector-logic.ts); when they take more than one page, "Find your
// table" pages (players A-Z with their table: projector-find.ts) turn with them. Full screen through
// the Fullscreen API (F11 too), where the control bar hides until the mouse moves or a key is pressed;
// the clock stays.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { EventDayState, EventDayTable } from '../../src-main/ipc/contract'
import { estimatedRowEm, PAGE_MS, pageOf, pairingsLayout, profileMinutes, turnPage } from './projector-logic'
import { findRows, pairingRows, type FindRow } from './projector-find'
import { ClockControls, ClockFace, useRoundClock } from './RoundClock'
import styles from './ProjectorView.module.css'

/** The pairings area's size, followed as the window changes. */
function useAreaSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 })
  useLayoutEffect(() => {
    const el = ref.current!
    // The content box: the padding is no room for rows.
    const measure = () => {
      const css = getComputedStyle(el)
      const pad = (a: string, b: string) => (parseFloat(a) || 0) + (parseFloat(b) || 0)
      setSize({ width: el.clientWidth - pad(css.paddingLeft, css.paddingRight), height: el.clientHeight - pad(css.paddingTop, css.paddingBottom) })
    }
    measure()
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure)
      return () => window.removeEventListener('resize', measure)
    }
    const watch = new ResizeObserver(measure)
    watch.observe(el)
    return () => watch.disconnect()
  }, [ref])
  return size
}

function useFullscreen() {
  const enabled = typeof document.documentElement.requestFullscreen === 'function' && document.fullscreenEnabled !== false
  const [on, setOn] = useState(() => document.fullscreenElement != null)
  useEffect(() => {
    const follow = () => setOn(document.fullscreenElement != null)
    document.addEventListener('fullscreenchange', follow)
    return () => {
      document.removeEventListener('fullscreenchange', follow)
      // Leaving the view leaves full screen too.
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    }
  }, [])
  const toggle = () => {
    if (!enabled) return
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    else void document.documentElement.requestFullscreen().catch(() => undefined)
  }
  return { enabled, on, toggle }
}

const rowText = (t: EventDayTable) => `${t.table} ${t.players.join(' v ')}`

/** Measures text in the page's font, in em (null where nothing can be measured). */
function measurer(): ((text: string, weight: number, scale?: number) => number) | null {
  const g = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d')
  if (!g) return null
  const family = getComputedStyle(document.body).fontFamily
  // At 100 px a width in px / 100 is in em.
  return (text, weight, scale = 1) => {
    g.font = `${weight} ${100 * scale}px ${family}`
    return g.measureText(text).width / 100
  }
}

/**
 * Each row's width in em of its type, measured in the page's font as the rows are drawn (names
 * bold, ' v ' and 'bye' smaller, the table number's column), or estimated where nothing can be
 * measured. The table number's 2.4em and its gap 0.5em, and a little to spare.
 */
function rowWidthsEm(tables: EventDayTable[]): number[] {
  const em = measurer()
  if (!em) return tables.map((t) => estimatedRowEm(rowText(t).length))
  return tables.map((t) => t.players.reduce((w, p) => w + em(p, 600), 0) + (t.players.length === 2 ? em(' v ', 400, 0.8) : 0) + 0.3 + 2.9)
}
const findWidthsEm = (rows: FindRow[]): number[] => {
  const em = measurer()
  return rows.map((r) => (em ? em(r.player, 600) + 0.3 + 2.9 : estimatedRowEm(r.player.length + 3)))
}

function TableRow({ t }: { t: EventDayTable }) {
  if (t.players.length === 1)
    return (
      <li className={`${styles.projectorTable} ${styles.projectorByeRow}`}>
        <span className={styles.projectorTableNo}>Bye:</span>
        <span className={styles.projectorPair}>
          <span className={styles.projectorPlayer}>{t.players[0]}</span>
        </span>
      </li>
    )
  return (
    <li className={styles.projectorTable}>
      <span className={styles.projectorTableNo}>
        <span className="visually-hidden">Table </span>
        {t.table}
      </span>
      <span className={styles.projectorPair}>
        <span className={styles.projectorPlayer}>{t.players[0]}</span> <span className={styles.projectorV}>v</span>{' '}
        <span className={styles.projectorPlayer}>{t.players[1]}</span>
      </span>
    </li>
  )
}

function FindRowItem({ r }: { r: FindRow }) {
  return (
    <li className={`${styles.projectorTable} ${styles.projectorFind}`}>
      <span className={styles.projectorPair}>
        <span className={styles.projectorPlayer}>{r.player}</span>
      </span>
      <span className={styles.projectorTableNo}>
        {r.table === null ? (
          'bye'
        ) : (
          <>
            <span className="visually-hidden">table </span>
            {r.table}
          </>
        )}
      </span>
    </li>
  )
}

/** Whether the control bar shows in full screen: for a while after the mouse moves or a key is pressed. */
function useAwake(full: boolean) {
  const [awake, setAwake] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])
  const wake = () => {
    if (!full) return
    setAwake(true)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => setAwake(false), 3000)
  }
  return { awake: full && awake, wake }
}

export function ProjectorView({ state, round, onClose }: { state: EventDayState; round: number; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const area = useRef<HTMLElement>(null)
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  })
  const roundTables = state.rounds.find((r) => r.round === round)?.tables
  const tables = useMemo(() => pairingRows(roundTables ?? []), [roundTables])
  const finds = useMemo(() => findRows(roundTables ?? []), [roundTables])
  const { clock, now, change } = useRoundClock(state.id, round, profileMinutes(state.profile))
  const fullscreen = useFullscreen()
  const { width, height } = useAreaSize(area)

  // Type sizes from the window's height: the smallest (2.6%: 28 px at 1080 lines) still readable from the back of a hall.
  const vh = typeof window === 'undefined' ? 768 : window.innerHeight
  const rowEms = useMemo(() => rowWidthsEm(tables), [tables])
  const findEms = useMemo(() => findWidthsEm(finds), [finds])
  const minPx = Math.max(18, vh * 0.026)
  const layout = pairingsLayout(rowEms, width || 1000, height || 500, minPx, Math.max(24, vh * 0.075))
  // "Find your table" pages join when the pairings take more than one (its title takes a line).
  const findLayout = layout.pages > 1 ? pairingsLayout(findEms, width || 1000, (height || 500) - vh * 0.07, minPx, minPx + 1) : null
  const pages = layout.pages + (findLayout?.pages ?? 0)
  const { awake, wake } = useAwake(fullscreen.on)

  const [page, setPage] = useState(0)
  const [turning, setTurning] = useState(true)
  const shownPage = Math.min(page, pages - 1)
  useEffect(() => {
    if (!turning || pages <= 1) return
    const timer = setInterval(() => setPage((p) => turnPage(p, pages, 1)), PAGE_MS)
    return () => clearInterval(timer)
  }, [turning, pages, shownPage])

  useEffect(() => {
    const el = dialog.current!
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof el.showModal === 'function') el.showModal()
    else el.setAttribute('open', '')
    el.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (typeof el.close === 'function' && el.open) el.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  const onKeyDown = (e: React.KeyboardEvent) => {
    wake()
    if (e.key === 'F11') {
      e.preventDefault()
      fullscreen.toggle()
    }
  }

  const finding = findLayout !== null && shownPage >= layout.pages
  const grid = finding ? findLayout : layout
  const shown = finding ? [] : pageOf(tables, shownPage, layout.perPage)
  const found = finding ? pageOf(finds, shownPage - layout.pages, findLayout.perPage) : []
  return (
    <dialog
      ref={dialog}
      className={`${styles.projector}${fullscreen.on ? ` ${styles.full}` : ''}${awake ? ` ${styles.awake}` : ''}`}
      onMouseMove={wake}
      onPointerDown={wake}
      aria-labelledby="projector-title"
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault()
        closeRef.current()
      }}
    >
      <header className={styles.projectorHead}>
        <div className="projector-titles">
          <p className={styles.projectorEvent}>{state.name}</p>
          <h2 id="projector-title" className={styles.projectorRound}>
            Round {round}
          </h2>
        </div>
        <ClockFace clock={clock} now={now} round={round} />
      </header>
      <section ref={area} className={styles.projectorPairings} aria-label={`Pairings, round ${round}`}>
        {tables.length === 0 ? (
          <p className={styles.projectorEmpty}>Round {round} has no pairings yet.</p>
        ) : (
          <>
            {finding && <h3 className={styles.projectorFindTitle}>Find your table</h3>}
            <ol
              key={shownPage}
              className={styles.projectorTables}
              aria-label={finding ? 'Players A to Z, with their tables' : undefined}
              style={{
                fontSize: `${grid.fontPx}px`,
                gridTemplateColumns: `repeat(${grid.columns}, auto)`,
                gridTemplateRows: `repeat(${grid.rows}, auto)`
              }}
            >
              {finding ? found.map((r) => <FindRowItem key={r.player} r={r} />) : shown.map((t) => <TableRow key={t.table} t={t} />)}
            </ol>
          </>
        )}
      </section>
      <footer className={styles.projectorFoot}>
        {pages > 1 && (
          <div className={styles.projectorPages} role="group" aria-label="Pages of pairings">
            <span className={styles.projectorPageDots} aria-hidden="true">
              {Array.from({ length: pages }, (_, i) => (
                <span key={i} className={i === shownPage ? `${styles.dot} ${styles.on}` : styles.dot} />
              ))}
            </span>
            <span className={styles.projectorPageWords} aria-live="off">
              Page {shownPage + 1} of {pages}
              {turning ? '' : ' (held)'}
            </span>
            <button onClick={() => setPage(turnPage(shownPage, pages, -1))} aria-label="Previous page">
              ‹
            </button>
            <button onClick={() => setPage(turnPage(shownPage, pages, 1))} aria-label="Next page">
              ›
            </button>
            <button aria-pressed={!turning} onClick={() => setTurning((on) => !on)}>
              Hold page
            </button>
          </div>
        )}
        <ClockControls clock={clock} change={change} />
        <div className={styles.projectorViewControls}>
          {fullscreen.enabled && (
            <button onClick={fullscreen.toggle} aria-keyshortcuts="F11">
              {fullscreen.on ? 'Leave full screen' : 'Full screen'}
            </button>
          )}
          <button data-autofocus onClick={() => closeRef.current()} aria-keyshortcuts="Escape">
            Close
          </button>
        </div>
      </footer>
    </dialog>
  )
}
