// A unit line's aids (a reaction test, rally modifiers...) behind a disclosure: each aid's inputs as
// the player ticks or types them, and its outputs computed from them and the line's losses by the
// shared engine. The inputs are the player's scratch work: kept while the game is open, never saved as taps.
import { useState } from 'react'
import type { PlaySheet, PlayUnit, SideIndex } from '../../src-shared/play/types'
import { aidsFor, unitAid, type AidInputs } from '../../src-shared/play/aids'
import { ValueList } from './ValueList'
import play from './play.module.css'

type Aid = NonNullable<PlaySheet['rules']['aids']>[number]
type Input = NonNullable<Aid['inputs']>[number]

/**
 * The aids' inputs and which disclosures are open, per game sheet and line: kept while the game is
 * open (the tracker and the pre-battle sheet swap in and out), forgotten with the sheet.
 */
const kept = new WeakMap<PlaySheet, Map<string, { open: boolean; inputs: Record<string, AidInputs> }>>()
function keptFor(sheet: PlaySheet, key: string) {
  let lines = kept.get(sheet)
  if (!lines) kept.set(sheet, (lines = new Map()))
  let line = lines.get(key)
  if (!line) lines.set(key, (line = { open: false, inputs: {} }))
  return line
}
const keepOpen = (sheet: PlaySheet, key: string, open: boolean) => void (keptFor(sheet, key).open = open)
const keepInputs = (sheet: PlaySheet, key: string, aid: string, inputs: AidInputs) => void (keptFor(sheet, key).inputs[aid] = inputs)

export function UnitAids({ sheet, side, index, unit, lost }: { sheet: PlaySheet; side: SideIndex; index: number; unit: PlayUnit; lost: number }) {
  const aids = aidsFor(sheet, side, index)
  const key = `${side}-${index}`
  const [open, setOpen] = useState(() => keptFor(sheet, key).open)
  if (aids.length === 0) return null
  return (
    <details
      className={play.playAids}
      open={open}
      onToggle={(e) => {
        keepOpen(sheet, key, e.currentTarget.open)
        setOpen(e.currentTarget.open)
      }}
    >
      <summary>Aids for {unit.label}</summary>
      {aids.map((aid) => (
        <AidForm key={aid.id} sheet={sheet} side={side} index={index} aid={aid} lost={lost} />
      ))}
    </details>
  )
}

function AidForm({ sheet, side, index, aid, lost }: { sheet: PlaySheet; side: SideIndex; index: number; aid: Aid; lost: number }) {
  const key = `${side}-${index}`
  const [inputs, setInputs] = useState<AidInputs>(() => keptFor(sheet, key).inputs[aid.id] ?? {})
  // An input out of its range is the player's typo: said in words where the results show.
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
    keepInputs(sheet, key, aid.id, next)
    setInputs(next)
  }
  const name = `play-aid-${side}-${index}-${aid.id}`
  const all = aid.inputs ?? []
  // The numbers typed (the dice) beside the results, at the top; the factors to tick below them.
  const typed = all.filter((i) => i.kind === 'number' && i.value === undefined)
  const ticked = all.filter((i) => !typed.includes(i))
  const field = (input: Input) => (
    <AidInput key={input.id} name={`${name}-${input.id}`} input={input} value={inputs[input.id]} onChange={(v) => set(input.id, v)} />
  )
  return (
    <fieldset className={play.playAid}>
      <legend>{aid.label}</legend>
      {aid.description && <p className="muted">{aid.description}</p>}
      <div className={play.playAidTop}>
        {typed.map(field)}
        <div className={play.playAidReadout} aria-live="polite">
          {problem ? (
            <p className={play.playError} role="alert">
              {problem}
            </p>
          ) : (
            <ValueList values={outputs} className={play.playAidOutputs} />
          )}
        </div>
      </div>
      {ticked.map(field)}
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
      <label className={play.playCheck}>
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {input.label}
        {input.value !== undefined && <span className="muted"> ({input.value > 0 ? `+${input.value}` : input.value})</span>}
      </label>
    )
  if (input.kind === 'choice')
    return (
      <label className={play.playField}>
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
    <label className={play.playField}>
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
