// One side at the table: its score (the data's values, with the loss against the threshold where the
// data gives one), its flags as toggles, and its unit lines. Spent or broken is said in words and a mark.
import type { PlaySheet, SideIndex, SideLosses, SideScore, Tap } from '../../src-shared/play/types'
import { shown } from './driver'
import { UnitLine } from './UnitLine'
import { ValueList } from './ValueList'
import play from './play.module.css'

export function SideTracker({
  sheet,
  side,
  losses,
  score,
  onTap,
  headingLevel = 2
}: {
  sheet: PlaySheet
  side: SideIndex
  losses: SideLosses
  score: SideScore
  onTap: (t: Tap) => void
  headingLevel?: 2 | 3
}) {
  const H = `h${headingLevel}` as 'h2'
  const me = sheet.sides[side]
  const titleId = `play-side-${side}`
  const spent = score.spent === true
  const spentLabel = score.values.find((v) => v.id === 'spent')?.label
  return (
    <section className={spent ? `${play.playSide} ${play.spent}` : play.playSide} aria-labelledby={titleId}>
      <header className={play.playSideHead}>
        <H id={titleId}>
          {me.name}
          {me.player && <span className={play.playPlayer}> ({me.player})</span>}
        </H>
        <span className={play.playArmy}>{me.army}</span>
        {spent && (
          <p className={play.playSpent} role="status">
            ⚑ {spentLabel ?? 'Spent'}
          </p>
        )}
      </header>
      <Score sheet={sheet} score={score} />
      {(sheet.rules.flags ?? []).length > 0 && (
        <div className={play.playFlags} role="group" aria-label={`Marks of ${me.name}`}>
          {(sheet.rules.flags ?? []).map((f) => {
            const on = losses.flags[f.id] === true
            return (
              <button
                key={f.id}
                className={play.playFlag}
                aria-pressed={on}
                title={f.description}
                onClick={() => onTap({ kind: 'flag', side, flag: f.id, value: !on })}
              >
                <span aria-hidden="true">{on ? '☑' : '☐'}</span> {f.label}
              </button>
            )
          })}
        </div>
      )}
      <ul className={play.playUnits} aria-label={`Units of ${me.name}`}>
        {me.units.map((u, i) => (
          <UnitLine key={i} sheet={sheet} side={side} index={i} unit={u} lost={losses.lost[i] ?? 0} onTap={onTap} />
        ))}
      </ul>
    </section>
  )
}

/**
 * The side's values: the headline big (the value the data names as `headline`, else the loss), the loss
 * against the threshold where the data gives one (its label said under the bar: "Exhaustion point: 7"),
 * then the others.
 */
function Score({ sheet, score }: { sheet: PlaySheet; score: SideScore }) {
  const threshold = score.values.find((v) => v.id === 'threshold')
  const limit = typeof threshold?.value === 'number' && threshold.value > 0 ? threshold.value : null
  const headlineId = sheet.rules.headline
  const headline = headlineId && headlineId !== 'lost' ? score.values.find((v) => v.id === headlineId) : undefined
  const rest = score.values.filter((v) => v.id !== 'lost' && v.id !== 'threshold' && v.id !== 'spent' && v !== headline)
  const loss = (
    <>
      {score.lost}
      {limit !== null && <span className={play.playOf}> of {limit}</span>}
    </>
  )
  return (
    <div className={play.playScore} aria-live="polite">
      {headline && (
        <p className={`${play.playLost} play-headline`}>
          <span className="play-lost-label">{headline.label}</span> <strong className={play.playLostValue}>{shown(headline.value)}</strong>
        </p>
      )}
      <p className={headline ? `${play.playLost} play-lost-small` : play.playLost}>
        <span className="play-lost-label">{sheet.rules.loss.label}</span>{' '}
        <strong className={headline ? `${play.playLostValue} ${play.small}` : play.playLostValue}>{loss}</strong>
      </p>
      {limit !== null && threshold && (
        <>
          <div className={play.playBar} aria-hidden="true">
            <div style={{ width: `${Math.min(100, (score.lost / limit) * 100)}%` }} />
          </div>
          <p className={`${play.playThreshold} muted`}>
            {threshold.label}: {limit}
          </p>
        </>
      )}
      {rest.length > 0 && <ValueList values={rest} className={play.playValues} />}
    </div>
  )
}
