// A select's options for an attribute's values (a troop type's "enum" attributes): the value is the
// data's word, what the reader sees is its label, if the data gives one (format.ts valueText).
import { valueText } from '../format'

export function ValueOptions({ attribute }: { attribute: { values: readonly string[]; valueLabels: Record<string, string> } }) {
  return (
    <>
      {attribute.values.map((v) => (
        <option key={v} value={v}>
          {valueText(v, attribute.valueLabels[v])}
        </option>
      ))}
    </>
  )
}
