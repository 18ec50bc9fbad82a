// One unit line of a side: its label, what it has lost of what it holds, big buttons to lose one more,
// take one back or mark it destroyed (the count said in its own words: '2 of 3 stands lost'), and its aids behind a disclosure. A destroyed line says so in words.
import type { PlaySheet, PlayUnit, SideIndex, Tap } from '../../src-shared/play/types'
import { measureWord } from './driver'
import { UnitAids } from './UnitAids'
import play from './play.module.css'

export function UnitLine({
  sheet,
  side,
  index,
  unit,
  lost,
  onTap
}: {
  sheet: PlaySheet
  side: SideIndex
  index: number
  unit: PlayUnit
  lost: number
  onTap: (t: Tap) => void
}) {
  const destroyed = unit.capacity > 0 && lost >= unit.capacity
  const loss = (delta: number) => onTap({ kind: 'loss', side, unit: index, delta })
  const id = `play-unit-${side}-${index}`
  return (
    <li className={destroyed ? `${play.playUnit} ${play.destroyed}` : lost > 0 ? `${play.playUnit} ${play.hit}` : play.playUnit} aria-labelledby={id}>
      <div className={play.playUnitHead}>
        <span className={play.playUnitLabel} id={id}>
          {unit.label}
        </span>
        {unit.marks?.map((mark) => (
          <span key={mark} className={`${play.playBadge} ${play.playGeneral}`}>
            ★ {mark}
          </span>
        ))}
        <span className={play.playUnitLost}>
          <strong>{lost}</strong> of {unit.capacity} {measureWord(sheet, unit.capacity)} lost
        </span>
        {destroyed && <span className={play.playBadge}>✕ destroyed</span>}
      </div>
      <div className={play.playUnitButtons}>
        <button className={play.playBig} disabled={lost <= 0} aria-label={`−1 ${unit.label}`} onClick={() => loss(-1)}>
          −1
        </button>
        <button className={play.playBig} disabled={destroyed} aria-label={`+1 ${unit.label}`} onClick={() => loss(1)}>
          +1
        </button>
        <button
          className={`${play.playBig} ${play.playDestroy}`}
          disabled={destroyed}
          aria-label={`Destroyed ${unit.label}`}
          onClick={() => loss(unit.capacity - lost)}
        >
          Destroyed
        </button>
      </div>
      <UnitAids sheet={sheet} side={side} index={index} unit={unit} lost={lost} />
    </li>
  )
}
