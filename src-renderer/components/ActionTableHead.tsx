// The header row of a table whose last column holds each row's action button (Open, Restore…): that
// column has no visible heading, only a name for screen readers.
export type Column = string | { label: string; className: string }

export function ActionTableHead({ columns, action }: { columns: Column[]; /** What the last column's buttons do, for screen readers. */ action: string }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className={c.className}>
              {c.label}
            </th>
          )
        )}
        <th scope="col">
          <span className="visually-hidden">{action}</span>
        </th>
      </tr>
    </thead>
  )
}
