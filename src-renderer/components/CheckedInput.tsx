// A text field whose value must parse (a year, a points limit, a count): what the player types is
// kept as typed; while it does not parse, the field is marked with the reason in words and the last
// good value stays in force, never silently replaced or dropped.
import { useId, useState, type InputHTMLAttributes } from 'react'
import styles from './CheckedInput.module.css'

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

/** A field that may be left empty (no value: the default applies); otherwise `parse` reads the trimmed text. */
export const optional =
  <T,>(parse: (text: string) => Parsed<T>) =>
  (text: string): Parsed<T | undefined> =>
    text.trim() === '' ? { ok: true, value: undefined } : parse(text.trim())

export function CheckedInput<T>({
  value,
  format,
  parse,
  onValid,
  inForce,
  commitOn = 'change',
  ...input
}: {
  value: T
  format: (value: T) => string
  parse: (text: string) => Parsed<T>
  onValid: (value: T) => void
  /** Words for the value still in force while the text is wrong ("218 BC still applies"). */
  inForce: (value: T) => string
  /** 'blur': the value is taken when the player leaves the field or presses Enter (a year typed digit by digit is not five edits). */
  commitOn?: 'change' | 'blur'
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [text, setText] = useState(format(value))
  const [reason, setReason] = useState<string | null>(null)
  const [shown, setShown] = useState(value)
  const errorId = useId()
  // A change from elsewhere (undo, the + button, a restored revision) replaces the text; the value
  // the player's own text stands for leaves it as typed ("55" stays "55" while "55 BC" is typed).
  // Adjusted while rendering, as React advises for state that follows a prop.
  if (value !== shown) {
    setShown(value)
    const parsed = parse(text)
    if (!(parsed.ok && parsed.value === value)) {
      setText(format(value))
      setReason(null)
    }
  }
  return (
    <span className={styles.checkedInput}>
      <input
        {...input}
        value={text}
        aria-invalid={reason !== null}
        aria-describedby={reason !== null ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value)
          const parsed = parse(e.target.value)
          setReason(parsed.ok ? null : parsed.reason)
          if (parsed.ok && commitOn === 'change') onValid(parsed.value)
        }}
        onBlur={(e) => {
          const parsed = parse(text)
          if (commitOn === 'blur' && parsed.ok && parsed.value !== value) onValid(parsed.value)
          input.onBlur?.(e)
        }}
        onKeyDown={(e) => {
          if (commitOn === 'blur' && e.key === 'Enter') {
            const parsed = parse(text)
            if (parsed.ok && parsed.value !== value) onValid(parsed.value)
          }
          input.onKeyDown?.(e)
        }}
      />
      {reason !== null && (
        <span className={styles.fieldError} id={errorId} aria-live="polite">
          {reason}; {inForce(value)}.
        </span>
      )}
    </span>
  )
}
