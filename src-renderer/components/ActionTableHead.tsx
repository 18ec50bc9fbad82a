// The header row of a table whose last column holds each row's action button (Open, Restore…): that
// column has no visible heading, only a name for screen readers.
import { TableHead, type Column } from './TableHead'

export function ActionTableHead({ columns, action }: { columns: Column[]; /** What the last column's buttons do, for screen readers. */ action: string }) {
  return (
    <TableHead columns={columns}>
      <th scope="col">
        <span className="visually-hidden">{action}</span>
      </th>
    </TableHead>
  )
}
