// Writing a user's file whole or not at all: a temp file in the same folder, flushed to disk, then
// renamed over the target, so a full disk, a crash or a kill leaves the old file as it was. A
// writer never writes onto a file it reads (its inputs) or onto the library.
// - A temp's name says whose it is, `.<name>.muster-<host>-<pid>-<random>.tmp` (host: 8 hex digits
//   of the machine's name): a run killed mid-write leaves one behind, and the next write to that
//   target clears it when its writer is surely gone: a pid of this machine that no process has.
//   A temp of another machine (a shared folder), or of an older Muster (`.<name>.<random>.tmp`, no
//   pid), is cleared only once it is a day old. A running writer's temp is never touched.
// - A terminal, /dev/null, /dev/stdout or a FIFO (a named pipe) is no file to replace: what is
//   written goes into it, and it stays what it was (renaming over /dev/null, as root, would replace
//   the system's). A FIFO no program reads is said to be so at once, not waited on. Any other
//   character device (a disk's raw device, /dev/mem, a sound card), a socket, a disk device or a
//   folder is refused. On Windows a device name (NUL, CON, COM1, LPT1.txt, \\.\…) is written into.
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats
} from 'node:fs'
import { createHash, randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { basename, dirname, join, resolve, win32 } from 'node:path'
import { isatty } from 'node:tty'
import { shorten } from '../../src-shared/text'

export class WriteRefused extends Error {
  /** What is wrong with the target, without its name (for a line that names it already). */
  readonly reason: string
  constructor(message: string, reason = message) {
    super(message)
    this.name = 'WriteRefused'
    this.reason = reason
  }
}

/** The same file, by identity (device and inode) where both exist, else by resolved path. */
function sameFile(a: string, b: string): boolean {
  try {
    const sa = statSync(a)
    const sb = statSync(b)
    return sa.dev === sb.dev && sa.ino === sb.ino
  } catch {
    const real = (p: string) => {
      try {
        return realpathSync(p)
      } catch {
        return resolve(p)
      }
    }
    return real(a) === real(b)
  }
}

export interface WriteGuard {
  /** Files this command reads: it must not write onto them. */
  inputs?: string[]
  /** The library file (and so its -wal and -shm files): never written as a user's file. */
  library?: string
}

/** Throws WriteRefused when target is one of the guarded files. */
export function refuseOwnFiles(target: string, guard: WriteGuard = {}): void {
  for (const input of guard.inputs ?? []) {
    if (sameFile(target, input))
      throw new WriteRefused(
        `${target} is one of this command's own input files; choose another output file`,
        "it is one of this command's own input files; choose another output file"
      )
  }
  if (guard.library) {
    for (const part of [guard.library, `${guard.library}-wal`, `${guard.library}-shm`]) {
      if (sameFile(target, part))
        throw new WriteRefused(
          `${target} is the roster library itself; choose another output file`,
          'it is the roster library itself; choose another output file'
        )
    }
  }
}

export interface WriteOptions extends WriteGuard {
  /** Never replace an existing file: fail with EEXIST instead (checked as the file is put in place). */
  exclusive?: boolean
  /** Leave syncing the folder to the caller (one syncFolder after many files in one folder). */
  deferFolderSync?: boolean
}

/** The permissions of the file being replaced, so a private file stays private. */
function modeOf(file: string): number {
  try {
    return statSync(file).mode & 0o777
  } catch {
    return 0o644
  }
}

/** Puts the finished temp file in place; exclusive: a hard link, which fails if the name is taken. */
function putInPlace(temp: string, file: string, exclusive: boolean): void {
  if (!exclusive) return renameSync(temp, file)
  try {
    linkSync(temp, file)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || !['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code ?? '')) throw e
    // A file system without hard links (FAT on a memory stick): check, then rename.
    if (existsSync(file)) throw Object.assign(new Error(`EEXIST: file already exists, '${file}'`), { code: 'EEXIST' })
    return renameSync(temp, file)
  }
  unlinkSync(temp)
}

/** Makes a rename in a folder survive a power cut (where the system allows syncing a folder). */
export function syncFolder(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    /* Windows cannot open a folder to sync it: the rename is as durable as the system makes it */
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** The standard output or error named as a file: written through this process's own descriptor. */
const STANDARD_STREAM = /^\/(?:dev\/(stdout|stderr|fd\/[12])|proc\/self\/fd\/[12])$/

/** The descriptor (1 or 2) a target names, when it is /dev/stdout, /dev/stderr or one of their other names. */
function standardStream(file: string): 1 | 2 | undefined {
  if (process.platform === 'win32') return undefined
  const m = STANDARD_STREAM.exec(resolve(file))
  if (!m) return undefined
  return m[1] === 'stdout' || m[0].endsWith('/1') ? 1 : 2
}

/** True when writing to `file` writes to this process's standard output (say what was done elsewhere). */
export function writesToStandardOutput(file: string): boolean {
  return standardStream(file) === 1
}

/** What refuses a special file as a target, in words; undefined for a regular file or a stream to write into. */
function refusal(st: Stats): string | undefined {
  if (st.isDirectory()) return 'it is a folder, not a file'
  if (st.isSocket()) return 'it is a socket, not a file'
  if (st.isBlockDevice()) return 'it is a disk device, not a file'
  return undefined
}

/** Writes every byte to an open descriptor; one that is non-blocking (a standard stream, a FIFO) is waited for. */
function writeAll(fd: number, bytes: Uint8Array): void {
  let written = 0
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written, bytes.length - written)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5)
    }
  }
}

/** Windows' device names, a name with or without an extension (`NUL`, `nul.txt`, `COM1`, `LPT9.log`). */
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³]|conin\$|conout\$)(?:\..*)?$/i

/**
 * True when a Windows path names a device, not a file: a reserved device name in any folder, or
 * a path in the device namespace (`\\.\COM3`, `//./pipe/x`). Such a target is written into.
 */
export function isWindowsDevice(file: string): boolean {
  if (/^[\\/]{2}\.[\\/]/.test(file)) return true
  // Windows ignores trailing spaces and a colon after a device name ("NUL ", "CON:").
  const name = win32.basename(file).replace(/[ :]+$/, '')
  return WINDOWS_DEVICE.test(name)
}

/** The character devices any program may be given as an output and lose nothing by it: the null and zero devices. */
function harmlessDevice(st: Stats): boolean {
  for (const known of ['/dev/null', '/dev/zero']) {
    try {
      const k = statSync(known)
      if (k.isCharacterDevice() && k.rdev === st.rdev) return true
    } catch {
      /* not on this system */
    }
  }
  return false
}

/**
 * A character device Muster writes into: a terminal, /dev/null or /dev/zero, or a descriptor this
 * process was given (/dev/fd/N). Any other (a disk's raw device, /dev/mem, a sound card, a printer
 * port) is no place for a roster, and as root a write would reach it: refused.
 */
function writableDevice(file: string, fd: number, st: Stats): boolean {
  return isatty(fd) || harmlessDevice(st) || /^\/(?:dev\/fd|proc\/self\/fd)\/\d+$/.test(resolve(file))
}

/** Opens a FIFO to write, or says no program reads it (ENXIO) rather than wait for one. */
function openFifo(file: string): number {
  // Non-blocking, the open fails at once when no program has the FIFO open to read; the writes
  // then wait for the reader (writeAll), so the descriptor opened is the one written. A reader
  // started a moment after muster (`muster ... -o fifo & cat fifo`) is given FIFO_READER_WAIT_MS.
  const giveUpAt = Date.now() + FIFO_READER_WAIT_MS
  for (;;) {
    try {
      return openSync(file, constants.O_WRONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENXIO' || Date.now() >= giveUpAt) throw e
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
    }
  }
}

/** How long a write to a FIFO waits for a program to open it for reading. */
const FIFO_READER_WAIT_MS = 2000

/**
 * A character device or FIFO (or the standard output): written straight into, never replaced. False
 * when the target is no such thing (then it is a file to replace, or nothing yet).
 */
function writeIntoStream(file: string, bytes: Uint8Array): boolean {
  const std = standardStream(file)
  if (std !== undefined) {
    writeAll(std, bytes)
    return true
  }
  if (process.platform === 'win32' && isWindowsDevice(file)) {
    const fd = openSync(file, 'w')
    try {
      writeAll(fd, bytes)
    } finally {
      closeSync(fd)
    }
    return true
  }
  let st: Stats
  try {
    st = statSync(file)
  } catch {
    return false
  }
  const refused = refusal(st)
  if (refused) throw new WriteRefused(`${file}: ${refused}`, refused)
  if (!st.isCharacterDevice() && !st.isFIFO()) return false
  // Opened as it is, never created or truncated.
  const fd = st.isFIFO() ? openFifo(file) : openSync(file, constants.O_WRONLY | (constants.O_NOCTTY ?? 0))
  try {
    const opened = fstatSync(fd)
    // Replaced by a file between the look and the open: replace it whole, as any file.
    if (!opened.isCharacterDevice() && !opened.isFIFO()) return false
    if (opened.isCharacterDevice() && !writableDevice(file, fd, opened)) {
      const reason = 'it is a device, not a file (Muster writes only into a terminal or /dev/null)'
      throw new WriteRefused(`${file}: ${reason}`, reason)
    }
    writeAll(fd, bytes)
    return true
  } finally {
    closeSync(fd)
  }
}

/** Temps of an older Muster (no pid) and of other machines are cleared once this old: no write takes a day. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000

/** This machine, in a temp's name: the first 8 hex digits of SHA-1 of its host name. */
const HOST = createHash('sha1').update(hostname()).digest('hex').slice(0, 8)

/** The part of a temp's name after `.<target>.`: Muster's own, then an older Muster's. */
const TEMP_TAIL = /^muster-([0-9a-f]{8})-(\d+)-[0-9a-f]{8}\.tmp$/
const OLD_TEMP_TAIL = /^[0-9a-f]{8}\.tmp$/

/** A folder's listing is used again for this long (many files written into one folder list it once), then made afresh. */
const LISTING_KEPT_MS = 60 * 1000
/** At most this many folders' listings are kept; the oldest goes first. */
const LISTINGS_KEPT = 32

/** Hidden temp files each folder held when it was last listed: those killed runs may have left. */
const tempsFound = new Map<string, { at: number; temps: string[] }>()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether a temp of the target (its name less `.<target>.`), last modified at mtimeMs, is a gone writer's. */
export function staleTemp(tail: string, mtimeMs: number, now = Date.now()): boolean {
  const m = TEMP_TAIL.exec(tail)
  if (m) {
    const pid = Number(m[2])
    // A pid is this machine's to ask about; another machine's temp is judged by its age alone.
    if (m[1] === HOST) return pid !== process.pid && !alive(pid)
    return now - mtimeMs > STALE_AFTER_MS
  }
  return OLD_TEMP_TAIL.test(tail) && now - mtimeMs > STALE_AFTER_MS
}

/** The hidden temps of a folder, listed at most once a minute however many files it gets. */
function tempsIn(dir: string): string[] {
  const now = Date.now()
  const kept = tempsFound.get(dir)
  if (kept && now - kept.at < LISTING_KEPT_MS) return kept.temps
  let temps: string[]
  try {
    temps = readdirSync(dir).filter((n) => n.startsWith('.') && n.endsWith('.tmp'))
  } catch {
    temps = []
  }
  tempsFound.delete(dir)
  tempsFound.set(dir, { at: now, temps })
  while (tempsFound.size > LISTINGS_KEPT) tempsFound.delete(tempsFound.keys().next().value!)
  return temps
}

/** Removes the temps of this target (`.<stem>.…tmp`) whose writers are gone (see the top of this file). */
function clearStaleTemps(dir: string, stem: string): void {
  const temps = tempsIn(dir)
  const prefix = `.${stem}.`
  for (const name of temps.filter((n) => n.startsWith(prefix))) {
    try {
      const st = lstatSync(join(dir, name))
      if (st.isFile() && staleTemp(name.slice(prefix.length), st.mtimeMs)) unlinkSync(join(dir, name))
    } catch {
      /* gone already, or not ours to remove */
    }
    // looked at once per listing
    temps.splice(temps.indexOf(name), 1)
  }
}

/** The name a target's temps start with: `.<name>.`, a long name shortened to fit (255 bytes less the rest). */
function tempStem(file: string): string {
  const name = basename(file)
  return Buffer.byteLength(name) > 200 ? shorten(name, 40) : name
}

/**
 * Writes data to file atomically (see the top of this file); its folder must exist. A terminal,
 * FIFO or /dev/null is written into instead; a folder, socket, disk or other device is refused.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  refuseOwnFiles(file, options)
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  if (!options.exclusive) {
    try {
      if (writeIntoStream(file, bytes)) return
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code) (e as NodeJS.ErrnoException).path = file
      throw e
    }
  }
  const stem = tempStem(file)
  clearStaleTemps(dirname(file), stem)
  const temp = join(dirname(file), `.${stem}.muster-${HOST}-${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
  let fd: number | undefined
  try {
    fd = openSync(temp, 'wx', modeOf(file))
    writeAll(fd, bytes)
    fsyncSync(fd)
    closeSync(fd)
    fd = undefined
    putInPlace(temp, file, options.exclusive ?? false)
    if (!options.deferFolderSync) syncFolder(dirname(file))
  } catch (e) {
    try {
      if (fd !== undefined) closeSync(fd)
    } catch {
      /* closing failed too: the temp is removed below all the same */
    }
    try {
      unlinkSync(temp)
    } catch {
      /* it was never made, or the rename took it */
    }
    // Name the file the user asked for, not the temp file.
    if ((e as NodeJS.ErrnoException).code) (e as NodeJS.ErrnoException).path = file
    throw e
  }
}

/** Why a write failed, in words (the system's code in brackets for a bug report). */
export function writeErrorText(e: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'your disk quota is used up',
    EFBIG: 'the file would be larger than this system allows',
    EACCES: 'permission denied',
    EPERM: 'permission denied, or the file is open in another program',
    EBUSY: 'the file is open in another program',
    ENAMETOOLONG: 'the file name is too long',
    EROFS: 'the disk is read-only',
    ENOENT: 'the folder does not exist',
    ENOTDIR: 'part of the path is a file, not a folder',
    EISDIR: 'it is a folder',
    EPIPE: 'the program reading it stopped reading',
    ENXIO: 'no program is reading it'
  }
  const said = e.code ? words[e.code] : undefined
  return said ? `${said} (${e.code})` : (e.code ?? e.message)
}
