// A form's labelled fields: the label's words with the input (or select) inside the label, the value
// handed back as the text typed or chosen. The forms' own attributes (aria-label, placeholder...) pass
// through to the input.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react'
import { parseYear } from '../format'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>

export function Field({ label, value, onValue, ...input }: { label: ReactNode; value: string; onValue: (text: string) => void } & InputProps) {
  return (
    <label>
      {label}
      <input {...input} value={value} onChange={(e) => onValue(e.target.value)} />
    </label>
  )
}

/** A year typed as words (55 BC, 60 AD or -55): marked invalid while it does not read as one. */
export function YearField(props: Parameters<typeof Field>[0]) {
  return <Field {...props} aria-invalid={props.value.trim() !== '' && parseYear(props.value) === null} />
}

/** A select; `title` is the whole field's, `after` stands in the label after it (a note on why it cannot change...). */
export function SelectField({
  label,
  title,
  value,
  onValue,
  children,
  after,
  ...select
}: { label: ReactNode; value: string; onValue: (value: string) => void; children: ReactNode; after?: ReactNode } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
>) {
  return (
    <label title={title}>
      {label}
      <select {...select} value={value} onChange={(e) => onValue(e.target.value)}>
        {children}
      </select>
      {after}
    </label>
  )
}
