// Army files of a player's own folders that an earlier start read and checked whole (issue 42 §5,
// docs/adr/0027-checked-army-cache.md). A start reads them as it reads the bundled lists: when first
// asked for, without the schema check, instead of checking every file at every start.
//
// What is remembered is a file's CONTENT where it lies: a SHA-1 of its bytes together with its name,
// its ruleset and that ruleset's data version (`place`), under a key of Muster's version and the
// schemas an army file is checked against. A file is trusted only as bytes this Muster checked as
// that very list of that ruleset: a copy under another name or in another ruleset's folder is checked
// again. Each file's size, modification time, change time and inode are kept only to know, without
// reading it, that the bytes are those hashed: an edit always moves the change time, which no tool
// sets back. The stat kept is the one taken before the checked bytes were read, so an edit made
// after that read is never taken for checked. A trusted file's bytes are hashed again when it is
// read, and checked after all when they are not the ones trusted (edited while the app runs).
//
// A cache, never a source of truth: one that cannot be read is an empty one, one that cannot be
// written is left as it was, and two processes writing it at once leave one whole file (atomic rename).
import { createHash } from '../files/node-crypto'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { writeFileAtomic } from '../files/write-file'
import { projectRoot } from './paths'
import { readSchemaText } from './schemas'

const FORMAT = 'muster-checked-armies-cache'
/** Entries kept at the most: the files of the folders last read (a catalogue is ~700). */
const MOST = 20_000

/** A file's size, modification time, change time and inode. */
export type FileStat = [number, number, number, number]
/** [size, mtimeMs, ctimeMs, inode, hash of the place and bytes] */
type Entry = [...FileStat, string]

interface Stored {
  format: typeof FORMAT
  key: string
  /** By place and path (entryKey). */
  files: Record<string, Entry>
}

export const statOf = (file: string): FileStat => {
  const s = statSync(file)
  return [s.size, s.mtimeMs, s.ctimeMs, s.ino]
}

/** A file's entry is for it read into one place: the same file read into another ruleset, or another data version of it, is hashed again. */
const entryKey = (place: string, path: string): string => `${place}\0${path}`

const sameStat = (e: Entry, s: FileStat): boolean => e[0] === s[0] && e[1] === s[1] && e[2] === s[2] && e[3] === s[3]

/** What a verdict is kept for: the file's name and the ruleset (with its data version) it is read into, and its bytes. */
export const checkedHash = (place: string, file: string, bytes: Buffer): string =>
  createHash('sha1')
    .update(`${place}\0${basename(file)}\0`)
    .update(bytes)
    .digest('base64')

export class CheckedArmyCache {
  private readonly files: Map<string, Entry>
  private readonly hashes: Set<string>
  private changed = false

  private constructor(
    private readonly file: string,
    private readonly key: string,
    files: Map<string, Entry>
  ) {
    this.files = files
    this.hashes = new Set([...files.values()].map((e) => e[4]))
  }

  /** The cache at `file` for `key` (Muster's version and its schemas); empty when absent, unreadable or of another key. */
  static open(file: string, key: string): CheckedArmyCache {
    let files = new Map<string, Entry>()
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored
      if (stored?.format === FORMAT && stored.key === key && stored.files && typeof stored.files === 'object')
        files = new Map(Object.entries(stored.files).filter(([, e]) => Array.isArray(e) && e.length === 5 && typeof e[4] === 'string'))
    } catch {
      // absent or damaged: an empty cache, rewritten whole after this start's checks
    }
    return new CheckedArmyCache(file, key, files)
  }

  /** Whether `path` holds bytes this Muster checked as this file of `place` (stat first; the bytes when the stat moved). */
  knows(path: string, place: string): boolean {
    let stat: FileStat
    try {
      stat = statOf(path)
    } catch {
      return false
    }
    const entry = this.files.get(entryKey(place, path))
    if (entry && sameStat(entry, stat) && this.hashes.has(entry[4])) return true
    let hash: string
    try {
      hash = checkedHash(place, path, readFileSync(path))
    } catch {
      return false
    }
    if (!this.hashes.has(hash)) return false
    this.set(entryKey(place, path), [...stat, hash])
    return true
  }

  /** Whether these bytes, read now from `path`, are bytes this Muster checked as this file of `place`. */
  trusts(path: string, place: string, bytes: Buffer): boolean {
    return this.hashes.has(checkedHash(place, path, bytes))
  }

  /** Records that `path` was checked whole as a file of `place`: `hash` of the bytes checked (checkedHash), `before` its stat taken before they were read. */
  remember(path: string, place: string, before: FileStat, hash: string): void {
    this.set(entryKey(place, path), [...before, hash])
    this.hashes.add(hash)
  }

  private set(key: string, entry: Entry): void {
    const old = this.files.get(key)
    if (old && old.every((v, i) => v === entry[i])) return
    this.files.delete(key) // re-added last: the most recent are kept when trimmed
    this.files.set(key, entry)
    this.changed = true
  }

  /** Writes what this start learnt, if anything (best effort: a read-only folder leaves the cache as it was). */
  save(): void {
    if (!this.changed) return
    const entries = [...this.files.entries()].slice(-MOST)
    const stored: Stored = { format: FORMAT, key: this.key, files: Object.fromEntries(entries) }
    try {
      mkdirSync(dirname(this.file), { recursive: true })
      writeFileAtomic(this.file, JSON.stringify(stored))
      this.changed = false
    } catch {
      // left for a later start
    }
  }
}

/**
 * The key a verdict holds under: Muster's version and the very texts of the schemas an army file is
 * checked against (a changed schema checks every file again). The texts themselves, not a hash of
 * them: comparing 40 KB costs a start nothing, where hashing them cost it 2 to 7 ms (node:crypto's
 * load, or a hash in JavaScript run cold).
 */
export function armyCheckKey(): string {
  const version = (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? ''
  return `${version}:${readSchemaText('army.schema.json')}\0${readSchemaText('ruleset.schema.json')}`
}
