// The game's result as the rules give it (over, winner, why), a result the players agree on (a tap:
// the rules name none, or they stop early), and once the game is over its result slip (code and QR).
import { useState } from 'react'
import type { GameResult, PlaySheet, SideIndex, Tap } from '../../src-shared/play/types'
import type { GameState } from './driver'
import { ResultSlip } from './ResultSlip'
import sheetStyles from './play-sheet.module.css'
import play from './play.module.css'

export function ResultPanel({
  state,
  result,
  agreed,
  onTap,
  code,
  onFinish,
  headingLevel = 2
}: {
  state: GameState
  result: GameResult
  /** The players already agreed a result (an 'agreed' tap stands). */
  agreed: boolean
  onTap: (t: Tap) => void
  /** The result code, once the game is finished (the app's library or the phone page makes it). */
  code?: string | null
  /** Ends the game (kept with its result); absent where the driver ends games on its own. */
  onFinish?: () => void
  headingLevel?: 2 | 3
}) {
  const H = `h${headingLevel}` as 'h2'
  const { sheet } = state
  // Finished: the library kept the result (with its code, or none where none could be made).
  const finished = code !== undefined && code !== null
  return (
    <section className={result.over ? `${sheetStyles.playResult} ${sheetStyles.over}` : sheetStyles.playResult} aria-labelledby="play-result-title">
      <H id="play-result-title">Result</H>
      <p className={sheetStyles.playWhy} role="status">
        <strong>{result.over ? 'Game over. ' : 'Not over yet. '}</strong>
        {result.why}
      </p>
      {!agreed && !finished && <Agreement sheet={sheet} onTap={onTap} />}
      {onFinish && result.over && !finished && (
        <div className={sheetStyles.playActions}>
          <button className={`${play.playBig} primary`} onClick={onFinish}>
            Finish the game
          </button>
          <span className="muted">Keeps the result in the library, with its result code.</span>
        </div>
      )}
      {code && <ResultSlip code={code} />}
    </section>
  )
}

function Agreement({ sheet, onTap }: { sheet: PlaySheet; onTap: (t: Tap) => void }) {
  const [choice, setChoice] = useState<'0' | '1' | 'draw' | ''>('')
  return (
    <details className={sheetStyles.playAgree}>
      <summary>Result by agreement</summary>
      <fieldset>
        <legend>The players agree on</legend>
        {([0, 1] as SideIndex[]).map((i) => (
          <label key={i} className={play.playCheck}>
            <input type="radio" name="play-agreed" checked={choice === String(i)} onChange={() => setChoice(String(i) as '0' | '1')} /> {sheet.sides[i].name}{' '}
            wins
          </label>
        ))}
        <label className={play.playCheck}>
          <input type="radio" name="play-agreed" checked={choice === 'draw'} onChange={() => setChoice('draw')} /> A draw
        </label>
        <button
          className={`${play.playBig} primary`}
          disabled={choice === ''}
          onClick={() => onTap({ kind: 'agreed', winner: choice === 'draw' ? null : (Number(choice) as SideIndex) })}
        >
          Record this result
        </button>
      </fieldset>
    </details>
  )
}
