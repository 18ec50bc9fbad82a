// Choosing a game: my roster (from the library) and the opponent's (a library roster, a roster file, a
// share code, or only an army list: its historical enemies first, then every list of the ruleset),
// with the players' names when the rosters name none; and the games not finished, to resume.
import { useEffect, useMemo, useState } from 'react'
import type { GameRow, RosterRow, RulesetSummary, StartGameRequest } from '../../src-main/ipc/contract'
import { api } from '../api'
import { EnemyListSelect, useEnemiesFirst } from './EnemyListSelect'
import screen from '../screens/PlayScreen.module.css'
import play from '../play/play.module.css'
import { NamedOptions } from './NamedOptions'

type Against = 'library' | 'file' | 'code' | 'list'
const when = (iso: string) => new Date(iso).toLocaleString()

export function PlaySetup({
  rulesets,
  mine: initialMine,
  unfinished,
  busy,
  error,
  onStart,
  onResume
}: {
  rulesets: RulesetSummary[]
  /** A library roster to play with (the library's Play action). */
  mine?: string
  unfinished: GameRow[]
  busy: boolean
  error: string
  onStart: (request: StartGameRequest) => void
  onResume: (id: string) => void
}) {
  const [rosters, setRosters] = useState<RosterRow[]>([])
  const [mine, setMine] = useState(initialMine ?? '')
  const [against, setAgainst] = useState<Against>('library')
  const [opponent, setOpponent] = useState('')
  const [file, setFile] = useState<{ name: string; path: string } | null>(null)
  const [code, setCode] = useState('')
  const [army, setArmy] = useState('')
  const [players, setPlayers] = useState({ mine: '', opponent: '' })

  useEffect(() => {
    void api()
      .listRosters({ sort: 'updated', limit: 1000 })
      .then((r) => r.ok && setRosters(r.value.rows))
  }, [])
  const me = rosters.find((r) => r.id === mine)
  const lists = useMemo(() => rulesets.find((r) => r.id === me?.ruleset)?.armies ?? [], [rulesets, me])
  const myList = lists.find((a) => a.id === me?.army)
  const { enemies, value: chosenArmy } = useEnemiesFirst(lists, myList?.enemies, army)
  const rivals = rosters.filter((r) => r.id !== mine && r.ruleset === me?.ruleset)

  const opponentSource = (): StartGameRequest['opponent'] | null => {
    if (against === 'library') return opponent ? { library: opponent } : null
    if (against === 'file') return file ? { file: file.path } : null
    if (against === 'code') return code.trim() ? { code: code.trim() } : null
    return me && chosenArmy ? { ruleset: me.ruleset, army: chosenArmy } : null
  }
  const source = opponentSource()
  const start = () => {
    if (!mine || !source) return
    const named = { ...(players.mine.trim() ? { mine: players.mine.trim() } : {}), ...(players.opponent.trim() ? { opponent: players.opponent.trim() } : {}) }
    onStart({ mine: { library: mine }, opponent: source, ...(Object.keys(named).length ? { players: named } : {}) })
  }

  return (
    <>
      {unfinished.length > 0 && (
        <section aria-labelledby="play-resume-title">
          <h2 id="play-resume-title">Games not finished</h2>
          <ul className={screen.playGames}>
            {unfinished.map((g) => (
              <li key={g.id}>
                <span>
                  <strong>{g.sides[0].name}</strong> against <strong>{g.sides[1].name}</strong>{' '}
                  <span className="muted">
                    ({g.rulesetName}, started {when(g.startedAt)}, {g.taps} {g.taps === 1 ? 'tap' : 'taps'})
                  </span>
                </span>
                <button
                  className={screen.playBig}
                  disabled={busy}
                  onClick={() => onResume(g.id)}
                  aria-label={`Resume ${g.sides[0].name} against ${g.sides[1].name}`}
                >
                  Resume
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h2>New game</h2>
      <div className={screen.playSetup}>
        <fieldset>
          <legend>My army</legend>
          <select value={mine} onChange={(e) => setMine(e.target.value)} aria-label="My roster">
            <option value="">choose a roster of the library</option>
            {rosters.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({rulesets.find((x) => x.id === r.ruleset)?.shortName ?? r.ruleset})
              </option>
            ))}
          </select>
          <label className={play.playField}>
            My name (optional)
            <input value={players.mine} maxLength={200} onChange={(e) => setPlayers({ ...players, mine: e.target.value })} />
          </label>
        </fieldset>
        <fieldset disabled={!me}>
          <legend>The opponent</legend>
          {(
            [
              ['library', 'A roster of the library'],
              ['file', 'A roster file'],
              ['code', 'A share code'],
              ['list', 'Only an army list']
            ] as Array<[Against, string]>
          ).map(([k, label]) => (
            <label key={k} className={play.playCheck}>
              <input type="radio" name="play-against" checked={against === k} onChange={() => setAgainst(k)} /> {label}
            </label>
          ))}
          {against === 'library' && (
            <select value={opponent} onChange={(e) => setOpponent(e.target.value)} aria-label="Opponent roster">
              <option value="">{rivals.length ? 'choose a roster' : me ? 'no other roster of this ruleset' : 'choose my roster first'}</option>
              <NamedOptions items={rivals} />
            </select>
          )}
          {against === 'file' && (
            <label className={play.playField}>
              Roster file
              <input
                type="file"
                accept=".json,.txt"
                onChange={(e) => {
                  const f = e.target.files?.[0]
                  setFile(f ? { name: f.name, path: api().pathForFile(f) } : null)
                }}
              />
            </label>
          )}
          {against === 'file' && file && !file.path && <p className="muted">Muster cannot read {file.name} from where it is: save it to a folder first.</p>}
          {against === 'code' && (
            <textarea rows={3} value={code} onChange={(e) => setCode(e.target.value)} aria-label="Opponent's share code" placeholder="MU1.…" />
          )}
          {against === 'list' && <EnemyListSelect lists={lists} enemies={enemies} armyName={myList?.name} value={chosenArmy} onChange={setArmy} />}
          <label className={play.playField}>
            Opponent's name (optional)
            <input value={players.opponent} maxLength={200} onChange={(e) => setPlayers({ ...players, opponent: e.target.value })} />
          </label>
        </fieldset>
        <div className={screen.playActions}>
          <button className={`${screen.playBig} primary`} disabled={busy || !mine || !source} onClick={start}>
            Start the game
          </button>
          {error && (
            <p className={play.playError} role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </>
  )
}
