// A table's result PIN, asked once the player has tapped their table and before the result: it is on
// the table's result slip (the organiser has it too), so only the table's players can send its result.
// Muster checks it (a few wrong ones and the table takes none for a while) and answers in words.
import { useState, type FormEvent } from 'react'

export function ResultPin({
  table,
  busy,
  onPin,
  onProblem,
  onEdit
}: {
  table: number
  busy: boolean
  onPin: (pin: string) => void
  onProblem: (words: string) => void
  onEdit: () => void
}) {
  const [pin, setPin] = useState('')
  const id = `t${table}-pin`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const typed = pin.replace(/[\s-]+/g, '')
    if (!typed) return onProblem(`Type table ${table}'s result PIN first: it is on the table's result slip.`)
    onPin(typed)
  }
  return (
    <form className="results-form" onSubmit={submit} onChange={onEdit} aria-label="The table's result PIN">
      <div className="results-pin">
        <label htmlFor={id}>Table {table}&apos;s result PIN</label>
        <p className="results-hint" id={`${id}-hint`}>
          It is on the table&apos;s result slip, next to the round and table. The organiser has it too.
        </p>
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={12}
          aria-describedby={`${id}-hint`}
          value={pin}
          onChange={(e) => setPin(e.target.value.toUpperCase())}
        />
      </div>
      <button type="submit" className="results-send" disabled={busy}>
        Go on
      </button>
    </form>
  )
}
