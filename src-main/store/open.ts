// Opening the roster library: refuse anything that is not a Muster library (or is damaged, or was
// written by a newer Muster) without touching it; back the file up before migrating; then WAL,
// foreign keys and a busy timeout so the CLI and the app can share the file.
import Database from 'better-sqlite3'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { LATEST_VERSION, MIGRATIONS, migrationHash } from './migrations'
import { bindingError, damaged, inWords, isBindingFailure, isSqliteCorruption, LibraryError, READ_ONLY, ReplacedError } from './library-errors'

export type Db = Database.Database

/**
 * Runs fn in a write transaction that takes the write lock as it begins (BEGIN IMMEDIATE). A
 * deferred transaction starts as a read and fails at once with SQLITE_BUSY when it tries to write
 * while another process holds the lock; an immediate one waits for the busy timeout instead.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  try {
    return db
      .transaction(() => {
        const result = fn()
        // Checked last, so the commit that follows goes into the file this library opened, or nothing does.
        assertSameFile(db)
        return result
      })
      .immediate()
  } catch (e) {
    if (e instanceof LibraryError && e.code === 'replaced') clearWal(db)
    throw inWords(e)
  }
}

/** The file each open library was opened from: the device and inode its path named then (as BigInts: an NTFS inode number can pass 2^53). */
const openedFiles = new WeakMap<Db, { path: string; dev: bigint; ino: bigint }>()

function remember(db: Db, path: string): void {
  const s = statSync(path, { bigint: true })
  openedFiles.set(db, { path, dev: s.dev, ino: s.ino })
}

/**
 * Refuses to write once the library's path names another file than the one opened: a sync tool or a
 * person moved another library over it, or moved or deleted it. Writing on would put this file's
 * changes into the -wal file beside the other one, which SQLite would then read as the other's, and
 * damage it. Only "no such file" means moved or deleted; any other failure to look (no permission,
 * a disk error, a busy network share) is one a later attempt may get past.
 */
export function assertSameFile(db: Db): void {
  const opened = openedFiles.get(db)
  if (!opened) return
  let now: { dev: bigint; ino: bigint } | undefined
  try {
    now = statSync(opened.path, { bigint: true })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      throw new LibraryError(
        'cannot-write',
        `the library ${opened.path} could not be looked at before writing (${code ?? (e as Error).message}): nothing was saved`
      )
    }
  }
  if (now && now.dev === opened.dev && now.ino === opened.ino) return
  throw new ReplacedError(opened.path, now ? 'replaced' : 'moved')
}

/**
 * After the file was replaced: this library's changes not yet copied into its own (moved) file are
 * copied there, and the -wal file, which now sits beside the other file, is emptied, so SQLite never
 * reads them as the other file's. Best effort: another reader of the old file may hold the -wal.
 */
function clearWal(db: Db): void {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
  } catch {
    // nothing more can be done from here; the write was refused all the same
  }
}

/** How long a writer waits for another process's write to finish before giving up. */
export const BUSY_TIMEOUT_MS = 5000

/** 'MUST' in PRAGMA application_id marks a file as a Muster library. */
export const MUSTER_APPLICATION_ID = 0x4d555354

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
  /**
   * For commands that only read (list, show, export, backup, recheck): the file is opened as usual
   * (so it closes as it was, with no -wal or -shm left beside it), and read-only only where it
   * cannot be written (a read-only file, folder or disk).
   */
  forReading?: boolean
}

/** What a failed open says when the file, its folder or its disk cannot be written (or the -shm file made). */
const cannotWrite = (e: unknown) => /^(SQLITE_READONLY|SQLITE_CANTOPEN|EACCES$|EPERM$|EROFS$)/.test(String((e as { code?: unknown }).code ?? ''))

export async function openLibrary(path: string, options: OpenOptions = {}): Promise<Library> {
  const exists = existsSync(path)
  if (exists) {
    if (statSync(path).isDirectory()) throw new LibraryError('cannot-open', `${path} is a folder, not a library file`)
    if (statSync(path).size > 0 && readHeader(path) !== SQLITE_HEADER) {
      throw new LibraryError('not-sqlite', `${path} is not a Muster library (it is not an SQLite database); it was left untouched.`)
    }
  } else {
    mkdirSync(dirname(path), { recursive: true })
  }
  try {
    return await openForWriting(path, options)
  } catch (e) {
    if (!(e instanceof Unwritable)) throw e
    if (!exists) throw new LibraryError('cannot-write', `cannot make a library at ${path}: its folder cannot be written`)
    // read-only, it says what it can: a library that is not Muster's, damaged, or needing an upgrade first
    const read = openForReading(path, options)
    if (options.forReading) return read
    read.close()
    throw new LibraryError(
      'cannot-write',
      `${path} cannot be written (it, or its folder, is read-only): nothing was changed. Commands that only read it (muster library list, show, export, backup) still work.`
    )
  }
}

/** An open for writing that failed because the file, its folder or its disk cannot be written. */
class Unwritable extends Error {
  constructor() {
    super('the library cannot be written')
  }
}

/** The checks every open makes before anything else: a Muster library, and not a newer Muster's. Its schema version and whether it has tables. */
function inspect(db: Db, path: string, options: OpenOptions): { version: number; tables: number } {
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
  return { version, tables }
}

async function openForWriting(path: string, options: OpenOptions): Promise<Library> {
  const target = options.upTo ?? LATEST_VERSION
  let db: Db
  try {
    db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  } catch (e) {
    if (options.nativeBinding && isBindingFailure(e)) throw bindingError(options.nativeBinding, e)
    if (cannotWrite(e)) throw new Unwritable()
    throw new LibraryError('cannot-open', `cannot open ${path}: ${(e as Error).message}`)
  }
  try {
    remember(db, path)
    const { version } = inspect(db, path, options)
    let backupPath: string | undefined
    if (version < target && version > 0) {
      backupPath = `${path}.v${version}-backup-${timestamp()}.sqlite`
      await db.backup(backupPath)
    }
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    if (version < target) migrate(db, version, target)
    const opened = db
    return { db, path, migratedFrom: version, ...(backupPath ? { backupPath } : {}), close: () => opened.close() }
  } catch (e) {
    db.close()
    if (e instanceof LibraryError) {
      // a write the migration made, refused (inWords) because the file cannot be written
      if (e.message === READ_ONLY) throw new Unwritable()
      throw e
    }
    if (isSqliteCorruption(e)) throw damaged(path, e)
    if (cannotWrite(e)) throw new Unwritable()
    throw new LibraryError('cannot-open', `cannot open ${path}: ${(e as Error).message}`)
  }
}

/** SQLite's codes for a read-only open that needs to create the -shm or -wal file and cannot. */
const cannotMakeWalFiles = (e: unknown) =>
  /^SQLITE_(READONLY_DIRECTORY|CANTOPEN|READONLY_CANTINIT|READONLY_RECOVERY)/.test(String((e as { code?: unknown }).code ?? ''))

/**
 * The library opened read-only, for a file that cannot be written. Where the folder cannot take the
 * -shm file SQLite reads a WAL library with, the file is read whole into memory instead, unless its
 * -wal file holds changes not yet copied into it.
 */
function openForReading(path: string, options: OpenOptions): Library {
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}
  let db: Db
  try {
    db = new Database(path, { ...binding, readonly: true, fileMustExist: true })
  } catch (e) {
    throw new LibraryError('cannot-open', `cannot open ${path}: ${(e as Error).message}`)
  }
  let version: number
  try {
    try {
      version = inspect(db, path, options).version
    } catch (e) {
      if (!cannotMakeWalFiles(e)) throw e
      db.close()
      db = inMemoryCopy(path, binding)
      version = inspect(db, path, options).version
    }
    if (version < LATEST_VERSION) {
      throw new LibraryError(
        'cannot-write',
        `${path} was written by an older Muster and has to be upgraded before this Muster can read it, and it cannot be written (it, or its folder, is read-only): nothing was changed. Open it once with this Muster where it can be written (make it and its folder writable, or copy the folder somewhere that is).`
      )
    }
    db.pragma('foreign_keys = ON')
    const opened = db
    return { db: opened, path, migratedFrom: LATEST_VERSION, close: () => opened.close() }
  } catch (e) {
    if (db.open) db.close()
    if (e instanceof LibraryError) throw e
    if (isSqliteCorruption(e)) throw damaged(path, e)
    throw new LibraryError('cannot-open', `cannot open ${path}: ${(e as Error).message}`)
  }
}

/** A WAL library read whole into memory, marked as a rollback-journal file there (SQLite keeps no WAL in memory). */
function inMemoryCopy(path: string, binding: { nativeBinding?: string }): Db {
  const wal = `${path}-wal`
  if (existsSync(wal) && statSync(wal).size > 0) {
    throw new LibraryError(
      'cannot-open',
      `cannot read ${path}: its folder cannot be written, and its last changes are still in ${wal}. Open it once where it can be written (or copy the folder somewhere writable), then try again.`
    )
  }
  const bytes = readFileSync(path)
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes[18] = bytes[19] = 1
  return new Database(bytes, { ...binding, readonly: true })
}

function verifyAppliedMigrations(db: Db, path: string): void {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get()
  if (!hasTable) return
  const applied = db.prepare('SELECT version, name, sha256 FROM schema_migrations ORDER BY version').all() as Array<{
    version: number
    name: string
    sha256: string
  }>
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
