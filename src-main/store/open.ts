// Opening the roster library: refuse anything that is not a Muster library (or is damaged, or was
// written by a newer Muster) without touching it; back the file up before migrating; then WAL,
// foreign keys and a busy timeout so the CLI and the app can share the file.
import Database from 'better-sqlite3'
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { LATEST_VERSION, MIGRATIONS, migrationHash } from './migrations'

export type Db = Database.Database

/**
 * Runs fn in a write transaction that takes the write lock as it begins (BEGIN IMMEDIATE). A
 * deferred transaction starts as a read and fails at once with SQLITE_BUSY when it tries to write
 * while another process holds the lock; an immediate one waits for the busy timeout instead.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  try {
    return db.transaction(fn).immediate()
  } catch (e) {
    throw inWords(e)
  }
}

/**
 * SQLite's own failures of a write, in words and with a code the app can act on ('busy' is worth
 * retrying; the others need the user). Anything else is passed on as it is.
 */
export function inWords(e: unknown): unknown {
  const code = String((e as { code?: unknown }).code ?? '')
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return new LibraryError('busy', 'the library is busy: another program (the muster command, or another Muster window) is writing to it')
  if (code.startsWith('SQLITE_FULL')) return new LibraryError('cannot-write', 'the disk holding the library is full: nothing was saved; free some space and try again')
  if (code.startsWith('SQLITE_READONLY')) return new LibraryError('cannot-write', 'the library cannot be written (it, or its folder, is read-only): nothing was saved')
  if (code.startsWith('SQLITE_IOERR')) return new LibraryError('cannot-write', 'the library could not be written (the disk reported an error, or it is full): nothing was saved')
  if (isSqliteCorruption(e)) return new LibraryError('damaged', 'the library file is damaged: nothing was saved. Restore it from a backup (Muster writes one beside it before every upgrade).')
  return e
}

/** How long a writer waits for another process's write to finish before giving up. */
export const BUSY_TIMEOUT_MS = 5000

/** 'MUST' in PRAGMA application_id marks a file as a Muster library. */
export const MUSTER_APPLICATION_ID = 0x4d555354

export type LibraryErrorCode = 'not-sqlite' | 'not-muster' | 'too-new' | 'edited-migration' | 'damaged' | 'cannot-open' | 'busy' | 'cannot-write'

export class LibraryError extends Error {
  constructor(
    readonly code: LibraryErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'LibraryError'
  }
}

export interface Library {
  db: Db
  path: string
  /** Schema version the file had before this open (0 for a new file). */
  migratedFrom: number
  /** Where the pre-migration copy was written, when there was one. */
  backupPath?: string
  close(): void
}

const SQLITE_HEADER = 'SQLite format 3\u0000'

function readHeader(path: string): string {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(16)
    const n = readSync(fd, buf, 0, 16, 0)
    return buf.subarray(0, n).toString('latin1')
  } finally {
    closeSync(fd)
  }
}

const damaged = (path: string, e: unknown) =>
  new LibraryError('damaged', `${path} is damaged and cannot be read (${(e as Error).message}); it was left untouched. Restore it from a backup (Muster writes one beside it before every upgrade).`)

export function isSqliteCorruption(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? ''
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB'
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-')
}

export interface OpenOptions {
  /** Migrate only up to this version (tests build files of earlier versions with it). */
  upTo?: number
  /** Milliseconds to wait for another writer (tests shorten it). */
  busyTimeoutMs?: number
  /** A better-sqlite3 build other than npm's (the app's Electron build: native/binding.ts). */
  nativeBinding?: string
}

export async function openLibrary(path: string, options: OpenOptions = {}): Promise<Library> {
  const target = options.upTo ?? LATEST_VERSION
  const exists = existsSync(path)
  if (exists) {
    if (statSync(path).isDirectory()) throw new LibraryError('cannot-open', `${path} is a folder, not a library file`)
    if (statSync(path).size > 0 && readHeader(path) !== SQLITE_HEADER) {
      throw new LibraryError('not-sqlite', `${path} is not a Muster library (it is not an SQLite database); it was left untouched.`)
    }
  } else {
    mkdirSync(dirname(path), { recursive: true })
  }
  let db: Db
  try {
    db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  } catch (e) {
    if (options.nativeBinding && isBindingFailure(e)) throw bindingError(options.nativeBinding, e)
    throw new LibraryError('cannot-open', `cannot open ${path}: ${(e as Error).message}`)
  }
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? BUSY_TIMEOUT_MS))}`)
    let version: number
    let applicationId: number
    let tables: number
    try {
      version = db.pragma('user_version', { simple: true }) as number
      applicationId = db.pragma('application_id', { simple: true }) as number
      tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n
      db.pragma('page_count') // reads the file's page map: a truncated file fails here
    } catch (e) {
      throw isSqliteCorruption(e) ? damaged(path, e) : e
    }
    if (tables > 0 && applicationId !== MUSTER_APPLICATION_ID) {
      throw new LibraryError('not-muster', `${path} is an SQLite database but not a Muster library; it was left untouched.`)
    }
    if (version > LATEST_VERSION) {
      throw new LibraryError(
        'too-new',
        `${path} was written by a newer Muster (library schema ${version}; this Muster knows up to ${LATEST_VERSION}). Update Muster to open it; the file was not changed.`
      )
    }
    if (tables > 0) verifyAppliedMigrations(db, path)
    let backupPath: string | undefined
    if (version < target && version > 0) {
      backupPath = `${path}.v${version}-backup-${timestamp()}.sqlite`
      await db.backup(backupPath)
    }
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    if (version < target) migrate(db, version, target)
    return { db, path, migratedFrom: version, ...(backupPath ? { backupPath } : {}), close: () => db.close() }
  } catch (e) {
    db.close()
    if (e instanceof LibraryError) throw e
    if (isSqliteCorruption(e)) throw damaged(path, e)
    throw new LibraryError('cannot-open', `cannot open ${path}: ${(e as Error).message}`)
  }
}

/** The SQLite module itself could not load: missing, or built for another Node or Electron. */
function isBindingFailure(e: unknown): boolean {
  const code = (e as { code?: unknown }).code
  const message = (e as Error).message ?? ''
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_DLOPEN_FAILED' || /NODE_MODULE_VERSION|Cannot find module|invalid ELF|not a valid Win32/.test(message)
}

function bindingError(binding: string, e: unknown): LibraryError {
  const missing = (e as { code?: unknown }).code === 'MODULE_NOT_FOUND' || /Cannot find module/.test((e as Error).message ?? '')
  return new LibraryError(
    'cannot-open',
    missing
      ? `Muster's SQLite module for this version of Electron is missing (${binding}). In a checkout, run "npm start" again: it downloads or builds it; an installed Muster needs reinstalling.`
      : `Muster's SQLite module (${binding}) was built for another version of Electron or Node (${(e as Error).message.split('\n')[0]}). In a checkout, delete it and run "npm start" again; an installed Muster needs reinstalling.`
  )
}

function verifyAppliedMigrations(db: Db, path: string): void {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get()
  if (!hasTable) return
  const applied = db.prepare('SELECT version, name, sha256 FROM schema_migrations ORDER BY version').all() as Array<{ version: number; name: string; sha256: string }>
  for (const row of applied) {
    const m = MIGRATIONS.find((x) => x.version === row.version)
    if (m && migrationHash(m) !== row.sha256) {
      throw new LibraryError(
        'edited-migration',
        `${path}: migration ${row.version} (${row.name}) differs from the one applied to this library. Released migrations must never be edited; add a new one instead.`
      )
    }
  }
}

function migrate(db: Db, from: number, to: number): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`)
  const record = db.prepare('INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)')
  for (const m of MIGRATIONS.filter((x) => x.version > from && x.version <= to)) {
    writeTransaction(db, () => {
      db.exec(m.sql)
      record.run(m.version, m.name, migrationHash(m), new Date().toISOString())
      db.pragma(`application_id = ${MUSTER_APPLICATION_ID}`)
      db.pragma(`user_version = ${m.version}`)
    })
  }
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>()

/**
 * The prepared statement for this SQL on this library, prepared on first use and reused after:
 * better-sqlite3 statements are made to be run many times, and preparing is most of a small query's cost.
 */
export function statement(db: Db, sql: string): Database.Statement {
  let forDb = statements.get(db)
  if (!forDb) statements.set(db, (forDb = new Map()))
  let prepared = forDb.get(sql)
  if (!prepared) forDb.set(sql, (prepared = db.prepare(sql)))
  return prepared
}
