// A count with − and + buttons and a number field, named for what it counts: the units' counts and
// the battle cards' counts share it, so they read and work the same. A count that is not a whole
// number of 1 or more is marked with the reason, and the last good count stays in force.
import { CheckedInput } from './CheckedInput'
import { nounFor } from '../format'

/**
 * `unit` is what one of the count is ("figure", "stand", "card"). `onChange` gives a count typed (the
 * keystrokes of one typing are one undo step); `onStep` a step with − or + (one each), taken from the
 * count as it is then, which may be newer than the one drawn (a step is drawn with its verdict).
 */
export function Stepper({
  label,
  value,
  unit,
  max,
  onChange,
  onStep
}: {
  label: string
  value: number
  unit: string
  /** The most it may be (a unique role: 1). */ max?: number
  onChange: (count: number) => void
  onStep: (delta: -1 | 1) => void
}) {
  return (
    <div className="stepper" role="group" aria-label={`Count of ${label}`}>
      <button onClick={() => onStep(-1)} disabled={value <= 1} aria-label={`Fewer (${label})`}>
        −
      </button>
      <CheckedInput<number>
        inputMode="numeric"
        data-field="count"
        aria-label={`Count (${label})`}
        role="spinbutton"
        aria-valuenow={value}
        aria-valuemin={1}
        aria-valuemax={max}
        value={value}
        format={String}
        parse={(text) => {
          const n = Number(text.trim())
          if (!/^\d+$/.test(text.trim()) || n < 1 || n > 100000) return { ok: false, reason: `A count is a whole number of ${nounFor(2, unit)}, 1 or more` }
          return max !== undefined && n > max ? { ok: false, reason: `This entry is one ${unit}: add others as entries of their own` } : { ok: true, value: n }
        }}
        onValid={(n) => onChange(n)}
        inForce={(n) => `${n} still applies`}
        onFocus={(e) => e.target.select()}
        // A spinbutton's keys: up and down step as + and − do.
        onKeyDown={(e) => {
          const delta = e.key === 'ArrowUp' ? 1 : e.key === 'ArrowDown' ? -1 : 0
          if (delta === 0) return
          e.preventDefault()
          if (delta === 1 ? max === undefined || value < max : value > 1) onStep(delta)
        }}
      />
      <button onClick={() => onStep(1)} disabled={max !== undefined && value >= max} aria-label={`More (${label})`}>
        +
      </button>
      <span className="unit-of">{nounFor(value, unit)}</span>
    </div>
  )
}
