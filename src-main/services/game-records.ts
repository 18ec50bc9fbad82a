// The library's list with each roster's record (its finished games: services/games.ts), when asked:
// the list and the search as the store answers them, a page's records read in one query.
import * as store from '../store'

type Page = { rows: store.RosterRow[]; total: number }

function withRecords(db: store.Db, page: Page, wanted: boolean | undefined): Page {
  if (!wanted) return page
  const records = store.games.rosterRecords(
    db,
    page.rows.map((r) => r.id)
  )
  return { total: page.total, rows: page.rows.map((r) => ({ ...r, record: records.get(r.id)! })) }
}

/** The library's rosters (filters, sort, a page), each with its record when `options.record`. */
export function listRosters(db: store.Db, options: store.ListOptions = {}): Page {
  return withRecords(db, store.listRosters(db, options), options.record)
}

/** A full-text search of the library, each row with its record when `options.record`. */
export function searchRosters(db: store.Db, text: string, options: store.ListOptions = {}): Page {
  return withRecords(db, store.searchRosters(db, text, options), options.record)
}
