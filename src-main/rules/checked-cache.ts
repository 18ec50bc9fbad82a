// Army files of a player's own folders that an earlier start read and checked whole (issue 42 §5,
// docs/adr/0027-checked-army-cache.md). A start reads them as it reads the bundled lists: when first
// asked for, without the schema check, instead of checking every file at every start.
//
// What is remembered is the file's CONTENT (a SHA-1 of its bytes) under a key of Muster's version and
// the schemas an army file is checked against: a file is trusted only when its bytes are bytes this
// Muster checked. Each file's size, modification time, change time and inode are kept only to know,
// without reading it, that the bytes are those hashed: an edit always moves the change time, which no
// tool sets back. A file whose stat differs is read and hashed, so a copied folder (all new stats) is
// trusted when its lists are ones checked before, and an edited list is checked again.
//
// A cache, never a source of truth: one that cannot be read is an empty one, one that cannot be
// written is left as it was, and two processes writing it at once leave one whole file (atomic rename).
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../files/write-file'
import { projectRoot } from './paths'
import { readSchemaText } from './schemas'

const FORMAT = 'muster-checked-armies-cache'
/** Entries kept at the most: the files of the folders last read (a catalogue is ~700). */
const MOST = 20_000

/** [size, mtimeMs, ctimeMs, inode, sha1 of the bytes] */
type Entry = [number, number, number, number, string]

interface Stored {
  format: typeof FORMAT
  key: string
  files: Record<string, Entry>
}

const statOf = (file: string): [number, number, number, number] => {
  const s = statSync(file)
  return [s.size, s.mtimeMs, s.ctimeMs, s.ino]
}

const sameStat = (e: Entry, s: [number, number, number, number]): boolean => e[0] === s[0] && e[1] === s[1] && e[2] === s[2] && e[3] === s[3]

export const contentHash = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('base64')

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

  /** Whether `path` holds bytes this Muster checked before (stat first; the bytes when the stat moved). */
  knows(path: string): boolean {
    let stat: [number, number, number, number]
    try {
      stat = statOf(path)
    } catch {
      return false
    }
    const entry = this.files.get(path)
    if (entry && sameStat(entry, stat)) return true
    let hash: string
    try {
      hash = contentHash(readFileSync(path))
    } catch {
      return false
    }
    if (!this.hashes.has(hash)) return false
    this.set(path, [...stat, hash])
    return true
  }

  /** Records that `path` was just read and checked whole. */
  remember(path: string): void {
    try {
      const stat = statOf(path)
      const hash = contentHash(readFileSync(path))
      // A file changed between the check and now: its new bytes were not checked.
      if (statOf(path)[1] !== stat[1]) return
      this.set(path, [...stat, hash])
      this.hashes.add(hash)
    } catch {
      // gone since: nothing to remember
    }
  }

  private set(path: string, entry: Entry): void {
    const old = this.files.get(path)
    if (old && old.every((v, i) => v === entry[i])) return
    this.files.delete(path) // re-added last: the most recent are kept when trimmed
    this.files.set(path, entry)
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

/** The key a verdict holds under: Muster's version and the schemas an army file is checked against (a changed schema checks every file again). */
export function armyCheckKey(): string {
  const version = (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? ''
  const schemas = createHash('sha1').update(readSchemaText('army.schema.json')).update(readSchemaText('ruleset.schema.json')).digest('base64')
  return `${version}:${schemas}`
}
