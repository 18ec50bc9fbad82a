// The roster library (better-sqlite3): open/migrate, rosters and revisions, search, transfer.
export { openLibrary, writeTransaction, BUSY_TIMEOUT_MS, LibraryError, ReplacedError, type Library, type Db } from './open'
export * from './rosters'
export { searchRosters, ftsQuery } from './search'
export { diffDocuments, type RevisionDiff } from './diff'
export * from './transfer'
export * from './collection'
export { LATEST_VERSION, MIGRATIONS } from './migrations'
export { useNativeBinding } from './file-lock'
