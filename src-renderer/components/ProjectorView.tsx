// The projector view (issue 41): a round's pairings and a big round clock for a screen at the venue,
// readable from the back of the hall. The whole window, as a modal <dialog> (the screen behind is
// inert; Escape leaves); the pairings in the largest type that holds them, in columns, and past that
// in pages that turn every 15 s (projector-logic.ts). Full screen through the Fullscreen API (F11 too).
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { EventDayState, EventDayTable } from '../../src-main/ipc/contract'
import { estimatedRowEm, PAGE_MS, pageOf, pairingsLayout, profileMinutes, turnPage } from './projector-logic'
import { ClockControls, ClockFace, useRoundClock } from './RoundClock'
import './ProjectorView.css'

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

/**
 * Each row's width in em of its type, measured in the page's font as the rows are drawn (names
 * bold, ' v ' and 'bye' smaller, the table number's column), or estimated where nothing can be
 * measured.
 */
function rowWidthsEm(tables: EventDayTable[]): number[] {
  const g = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d')
  if (!g) return tables.map((t) => estimatedRowEm(rowText(t).length))
  const family = getComputedStyle(document.body).fontFamily
  const width = (text: string, weight: number, px: number) => {
    g.font = `${weight} ${px}px ${family}`
    return g.measureText(text).width
  }
  // At 100 px a width in px / 100 is in em. The table number's 2.4em and its gap 0.5em, and a little to spare.
  return tables.map((t) => (t.players.reduce((w, p) => w + width(p, 600, 100), 0) + width(t.players.length === 2 ? ' v ' : ' bye', 400, 80) + 30) / 100 + 2.9)
}

function TableRow({ t }: { t: EventDayTable }) {
  return (
    <li className="projector-table">
      <span className="projector-table-no">
        <span className="visually-hidden">Table </span>
        {t.table}
      </span>
      {t.players.length === 2 ? (
        <span className="projector-pair">
          <span className="projector-player">{t.players[0]}</span> <span className="projector-v">v</span>{' '}
          <span className="projector-player">{t.players[1]}</span>
        </span>
      ) : (
        <span className="projector-pair">
          <span className="projector-player">{t.players[0]}</span> <span className="projector-bye">bye</span>
        </span>
      )}
    </li>
  )
}

export function ProjectorView({ state, round, onClose }: { state: EventDayState; round: number; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const area = useRef<HTMLElement>(null)
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  })
  const roundTables = state.rounds.find((r) => r.round === round)?.tables
  const tables = useMemo(() => roundTables ?? [], [roundTables])
  const { clock, now, change } = useRoundClock(state.id, round, profileMinutes(state.profile))
  const fullscreen = useFullscreen()
  const { width, height } = useAreaSize(area)

  // Type sizes from the window's height: the smallest (2.6%: 28 px at 1080 lines) still readable from the back of a hall.
  const vh = typeof window === 'undefined' ? 768 : window.innerHeight
  const rowEms = useMemo(() => rowWidthsEm(tables), [tables])
  const layout = pairingsLayout(rowEms, width || 1000, height || 500, Math.max(18, vh * 0.026), Math.max(24, vh * 0.075))

  const [page, setPage] = useState(0)
  const [turning, setTurning] = useState(true)
  const shownPage = Math.min(page, layout.pages - 1)
  useEffect(() => {
    if (!turning || layout.pages <= 1) return
    const timer = setInterval(() => setPage((p) => turnPage(p, layout.pages, 1)), PAGE_MS)
    return () => clearInterval(timer)
  }, [turning, layout.pages, shownPage])

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
    if (e.key === 'F11') {
      e.preventDefault()
      fullscreen.toggle()
    }
  }

  const shown = pageOf(tables, shownPage, layout.perPage)
  return (
    <dialog
      ref={dialog}
      className="projector"
      aria-labelledby="projector-title"
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault()
        closeRef.current()
      }}
    >
      <header className="projector-head">
        <div className="projector-titles">
          <p className="projector-event">{state.name}</p>
          <h2 id="projector-title" className="projector-round">
            Round {round}
          </h2>
        </div>
        <ClockFace clock={clock} now={now} round={round} />
      </header>
      <section ref={area} className="projector-pairings" aria-label={`Pairings, round ${round}`}>
        {tables.length === 0 ? (
          <p className="projector-empty">Round {round} has no pairings yet.</p>
        ) : (
          <ol
            key={shownPage}
            className="projector-tables"
            style={{
              fontSize: `${layout.fontPx}px`,
              gridTemplateColumns: `repeat(${layout.columns}, auto)`,
              gridTemplateRows: `repeat(${layout.rows}, auto)`
            }}
          >
            {shown.map((t) => (
              <TableRow key={t.table} t={t} />
            ))}
          </ol>
        )}
      </section>
      <footer className="projector-foot">
        {layout.pages > 1 && (
          <div className="projector-pages" role="group" aria-label="Pages of pairings">
            <span className="projector-page-dots" aria-hidden="true">
              {Array.from({ length: layout.pages }, (_, i) => (
                <span key={i} className={i === shownPage ? 'dot on' : 'dot'} />
              ))}
            </span>
            <span className="projector-page-words" aria-live="off">
              Page {shownPage + 1} of {layout.pages}
              {turning ? '' : ' (held)'}
            </span>
            <button onClick={() => setPage(turnPage(shownPage, layout.pages, -1))} aria-label="Previous page">
              ‹
            </button>
            <button onClick={() => setPage(turnPage(shownPage, layout.pages, 1))} aria-label="Next page">
              ›
            </button>
            <button aria-pressed={!turning} onClick={() => setTurning((on) => !on)}>
              Hold page
            </button>
          </div>
        )}
        <ClockControls clock={clock} change={change} />
        <div className="projector-view-controls">
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
