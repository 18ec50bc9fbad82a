// The Play screen's game over IPC: start one (games.start), resume one (games.get), and drive the
// tracker (play/driver.ts) with every tap and undo saved by the library as it is made. A tap shows at
// once; the library's answer is taken once no other tap is on its way (taps go in order, one at a
// time), and a refused one brings the game back as the library has it, with why.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { GameRow, GameState as StoredGame, MusterBridge, StartGameRequest } from '../../src-main/ipc/contract'
import type { Tap } from '../../src-shared/play/types'
import type { GameDriver } from '../play/driver'
import { api } from '../api'

/** The open game's undo, for the menu's Undo (App.tsx) while the Play screen shows a game. */
export const playMenu: { undo: (() => void) | null } = { undo: null }

export interface PlayGame {
  /** The game open at the table (null: choosing one). */
  game: StoredGame | null
  driver: GameDriver | null
  /** Games not finished, newest first: to resume. */
  unfinished: GameRow[]
  busy: boolean
  /** Why starting or resuming failed, in players' words. */
  error: string
  start(request: StartGameRequest): Promise<void>
  resume(id: string): Promise<void>
  close(): void
  /** The game read again from the library (the phone's taps), unless a tap of ours is on its way. */
  refresh(): Promise<void>
}

export function usePlayGame(): PlayGame {
  const [game, setGame] = useState<StoredGame | null>(null)
  const [taps, setTaps] = useState<Tap[]>([])
  const [code, setCode] = useState<string | null>(null)
  const [tapError, setTapError] = useState('')
  const [unfinished, setUnfinished] = useState<GameRow[]>([])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const queue = useRef<Promise<void>>(Promise.resolve())
  const waiting = useRef(0)

  const listUnfinished = useCallback(() => {
    void api()
      .listGames({ finished: false, limit: 50 })
      .then((r) => setUnfinished(r.ok ? r.value.rows : []))
  }, [])
  useEffect(listUnfinished, [listUnfinished])

  /** The game the library answers with (started or resumed) open at the table; why not, if refused. */
  const openFrom = useCallback(async (load: () => ReturnType<MusterBridge['getGame']>) => {
    setBusy(true)
    const r = await load()
    setBusy(false)
    if (!r.ok) return setError(r.error.message)
    const g = r.value
    setGame(g)
    setTaps(g.taps)
    setCode(g.result?.code ?? null)
    setTapError('')
    setError('')
  }, [])
  const start = useCallback((request: StartGameRequest) => openFrom(() => api().startGame(request)), [openFrom])
  const resume = useCallback((gameId: string) => openFrom(() => api().getGame(gameId)), [openFrom])
  const close = useCallback(() => {
    setGame(null)
    listUnfinished()
  }, [listUnfinished])

  const id = game?.id
  const refresh = useCallback(async () => {
    if (!id || waiting.current > 0) return
    const r = await api().getGame(id)
    // a tap made meanwhile is newer than this answer: its own answer brings the taps
    if (!r.ok || waiting.current > 0) return
    setTaps((ts) => (sameTaps(ts, r.value.taps) ? ts : r.value.taps))
    if (r.value.result?.code) setCode(r.value.result.code)
  }, [id])
  /** One call after those before it; the library's taps are taken when none is left on its way. */
  const send = useCallback(
    (call: () => ReturnType<ReturnType<typeof api>['tapGame']>) => {
      if (!id) return
      waiting.current++
      queue.current = queue.current.then(async () => {
        const r = await call()
        waiting.current--
        if (r.ok) {
          setTapError('')
          if (waiting.current === 0) setTaps(r.value.taps)
          return
        }
        setTapError(r.error.message)
        // Refused: the game as the library keeps it (the taps queued after it are judged on their own).
        const back = await api().getGame(id)
        if (back.ok && waiting.current === 0) setTaps(back.value.taps)
      })
    },
    [id]
  )

  const driver = useMemo<GameDriver | null>(() => {
    if (!game || !id) return null
    return {
      state: { sheet: game.sheet, taps },
      error: tapError,
      code,
      tap: (t) => {
        setTaps((ts) => [...ts, t])
        send(() => api().tapGame(id, t))
      },
      undo: () => {
        setTaps((ts) => ts.slice(0, -1))
        send(() => api().undoGameTap(id))
      },
      finish: async () => {
        await queue.current
        const r = await api().finishGame(id)
        if (!r.ok) return setTapError(r.error.message)
        setCode(r.value.code ?? '')
        listUnfinished()
      }
    }
  }, [game, id, taps, tapError, code, send, listUnfinished])

  useEffect(() => {
    playMenu.undo = driver ? () => void driver.undo() : null
    return () => {
      playMenu.undo = null
    }
  }, [driver])

  return { game, driver, unfinished, busy, error, start, resume, close, refresh }
}

const sameTaps = (a: Tap[], b: Tap[]) => a.length === b.length && JSON.stringify(a) === JSON.stringify(b)
