// A backup's records of one kind (events, games) restored into the library: each whose id the library
// does not hold yet is added whole; one it holds is kept as it is. Runs in the restore's transaction.
import { statement, type Db } from './open'

/** What a restore did with the backup's records of one kind. */
export interface Restored {
  restored: number
  /** Records the library already held (same id): kept as they are. */
  alreadyThere: number
}

/** Each record `table` does not hold yet (by id) added by `add`, in order; the others counted. */
export function restoreNew<T extends { id: string }>(db: Db, table: 'events' | 'games', records: T[], add: (record: T) => void): Restored {
  const out: Restored = { restored: 0, alreadyThere: 0 }
  const has = statement(db, `SELECT 1 FROM ${table} WHERE id = ?`)
  for (const record of records) {
    if (has.get(record.id)) {
      out.alreadyThere++
      continue
    }
    add(record)
    out.restored++
  }
  return out
}
