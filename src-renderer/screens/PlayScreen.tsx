// Play: choose a game (my roster and the opponent's, or one not finished), then its pre-battle sheet
// and the tracker, every tap saved in the library (state/play.ts) so a game resumes where it stopped.
import { useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { PlaySetup } from '../components/PlaySetup'
import { PreBattleSheet, Tracker } from '../play'
import { usePlayGame } from '../state/play'
import { ShowOnPhone } from './PlayScreenPhone'
import screen from './PlayScreen.module.css'

export function PlayScreen({ rulesets, mine }: { rulesets: RulesetSummary[]; mine?: string }) {
  const play = usePlayGame()
  // A new game opens on its pre-battle sheet, a resumed one on the tracker.
  const [view, setView] = useState<'sheet' | 'tracker'>('sheet')
  const { game, driver } = play

  return (
    <section className={screen.playScreen} aria-label="Play">
      {!game || !driver ? (
        <PlaySetup
          rulesets={rulesets}
          mine={mine}
          unfinished={play.unfinished}
          busy={play.busy}
          error={play.error}
          onStart={(request) => {
            setView('sheet')
            void play.start(request)
          }}
          onResume={(id) => {
            setView('tracker')
            void play.resume(id)
          }}
        />
      ) : (
        <>
          <div className={screen.playActions} role="toolbar" aria-label="Game">
            <button className={screen.playBig} onClick={play.close}>
              <span aria-hidden="true">←</span> Games
            </button>
            <button className={screen.playBig} aria-pressed={view === 'sheet'} onClick={() => setView('sheet')}>
              Before the battle
            </button>
            <button className={screen.playBig} aria-pressed={view === 'tracker'} onClick={() => setView('tracker')}>
              Tracker
            </button>
            <ShowOnPhone gameId={game.id} finished={driver.code !== undefined && driver.code !== null} onRefresh={play.refresh} />
            <span className={`muted ${screen.playVs}`}>
              {game.sheet.sides[0].name} against {game.sheet.sides[1].name}, {game.sheet.ruleset.name}
            </span>
          </div>
          {view === 'sheet' ? (
            <>
              <PreBattleSheet sheet={game.sheet} />
              <div className={screen.playActions}>
                <button className={`${screen.playBig} primary`} onClick={() => setView('tracker')}>
                  To the tracker
                </button>
              </div>
            </>
          ) : (
            <Tracker driver={driver} />
          )}
        </>
      )}
    </section>
  )
}
