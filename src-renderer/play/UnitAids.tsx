// A unit line's aids (a reaction test, rally modifiers...) behind a disclosure: each aid's inputs as
// the player ticks or types them, and its outputs computed from them and the line's losses by the
// shared engine. The inputs are the player's scratch work: kept on screen, never saved as taps.
import { useState } from 'react'
import type { PlaySheet, PlayUnit, SideIndex } from '../../src-shared/play/types'
import { aidsFor, unitAid, type AidInputs } from '../../src-shared/play/aids'
import { shown } from './driver'

type Aid = NonNullable<PlaySheet['rules']['aids']>[number]
type Input = NonNullable<Aid['inputs']>[number]

export function UnitAids({ sheet, side, index, unit, lost }: { sheet: PlaySheet; side: SideIndex; index: number; unit: PlayUnit; lost: number }) {
  const aids = aidsFor(sheet, side, index)
  if (aids.length === 0) return null
  return (
    <details className="play-aids">
      <summary>Aids for {unit.label}</summary>
      {aids.map((aid) => (
        <AidForm key={aid.id} sheet={sheet} side={side} index={index} aid={aid} lost={lost} />
      ))}
    </details>
  )
}

function AidForm({ sheet, side, index, aid, lost }: { sheet: PlaySheet; side: SideIndex; index: number; aid: Aid; lost: number }) {
  const [inputs, setInputs] = useState<AidInputs>({})
  // An input out of its range is the player's typo: said beside the aid, the outputs kept for a right one.
  let outputs: ReturnType<typeof unitAid> = []
  let problem = ''
  try {
    outputs = unitAid(sheet, side, index, aid.id, inputs, lost)
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e)
  }
  const set = (id: string, v: AidInputs[string] | null) => {
    const next = { ...inputs }
    if (v === null) delete next[id]
    else next[id] = v
    setInputs(next)
  }
  const name = `play-aid-${side}-${index}-${aid.id}`
  return (
    <fieldset className="play-aid">
      <legend>{aid.label}</legend>
      {aid.description && <p className="muted">{aid.description}</p>}
      {(aid.inputs ?? []).map((input) => (
        <AidInput key={input.id} name={`${name}-${input.id}`} input={input} value={inputs[input.id]} onChange={(v) => set(input.id, v)} />
      ))}
      {problem && (
        <p className="play-error" role="alert">
          {problem}
        </p>
      )}
      <dl className="play-aid-outputs" aria-live="polite">
        {outputs.map((o) => (
          <div key={o.id}>
            <dt>{o.label}</dt>
            <dd>{shown(o.value)}</dd>
          </div>
        ))}
      </dl>
    </fieldset>
  )
}

function AidInput({
  name,
  input,
  value,
  onChange
}: {
  name: string
  input: Input
  value: AidInputs[string] | undefined
  onChange: (v: AidInputs[string] | null) => void
}) {
  if (input.kind === 'check')
    return (
      <label className="play-check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {input.label}
        {input.value !== undefined && <span className="muted"> ({input.value > 0 ? `+${input.value}` : input.value})</span>}
      </label>
    )
  if (input.kind === 'choice')
    return (
      <label className="play-field">
        {input.label}
        <select value={typeof value === 'string' ? value : (input.options?.[0]?.id ?? '')} onChange={(e) => onChange(e.target.value)}>
          {(input.options ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    )
  return (
    <label className="play-field">
      {input.label}
      <input
        type="number"
        inputMode="numeric"
        id={name}
        min={input.min}
        max={input.max}
        value={typeof value === 'number' ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    </label>
  )
}
