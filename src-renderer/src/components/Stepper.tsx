// A count with − and + buttons and a number field, named for what it counts: the units' counts and
// the battle cards' counts share it, so they read and work the same.
export function Stepper({ label, value, unit, onChange }: { label: string; value: number; unit: string; onChange: (count: number) => void }) {
  return (
    <div className="stepper" role="group" aria-label={`Count of ${label}`}>
      <button onClick={() => onChange(value - 1)} disabled={value <= 1} aria-label={`Fewer (${label})`}>
        −
      </button>
      <input type="number" min={1} data-field="count" value={value} aria-label={`Count (${label})`} onFocus={(e) => e.target.select()} onChange={(e) => e.target.value !== '' && onChange(Number(e.target.value))} />
      <button onClick={() => onChange(value + 1)} aria-label={`More (${label})`}>
        +
      </button>
      <span className="unit-of">{unit}</span>
    </div>
  )
}
