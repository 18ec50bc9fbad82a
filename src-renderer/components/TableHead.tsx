// A table's header row from its columns: a plain heading, or one with a class ("num" right-aligns a
// number column) and a tip. A column given as false is left out (a column only some tables have).
import type { ReactNode } from 'react'

export type Column = string | { label: string; className?: string; title?: string; key?: string }

export function TableHead({ columns, children }: { columns: (Column | false)[]; /** Cells after the columns. */ children?: ReactNode }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          c === false ? null : typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.key ?? c.label} scope="col" className={c.className} title={c.title}>
              {c.label}
            </th>
          )
        )}
        {children}
      </tr>
    </thead>
  )
}
