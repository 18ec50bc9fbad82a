// Named values as the tracker prints them, a definition list: a side's score values, an aid's outputs.
import { shown } from './driver'

export function ValueList({ values, className }: { values: Array<{ id: string; label: string; value: unknown }>; className: string }) {
  return (
    <dl className={className}>
      {values.map((v) => (
        <div key={v.id}>
          <dt>{v.label}</dt>
          <dd>{shown(v.value)}</dd>
        </div>
      ))}
    </dl>
  )
}
