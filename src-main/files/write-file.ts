// Writing a user's file whole or not at all: a temp file in the same folder, flushed to disk, then
// renamed over the target, so a full disk, a crash or a kill leaves the old file as it was. A
// writer never writes onto a file it reads (its inputs) or onto the library.
// - Temps are named for their writer, and a killed writer's are cleared by the next (temp-files.ts).
// - A terminal, /dev/null, /dev/stdout or a FIFO (a named pipe) is no file to replace: what is
//   written goes into it, and it stays what it was (renaming over /dev/null, as root, would replace
//   the system's). A FIFO no program reads is said to be so at once, not waited on. Other special
//   files are refused (special-targets.ts).
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  linkSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats
} from 'node:fs'
import { dirname, resolve } from 'node:path'
import { isWindowsDevice, refusal, standardStream, writableDevice } from './special-targets'
import { newTempFor } from './temp-files'

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

/** True when writing to `file` writes to this process's standard output (say what was done elsewhere). */
export function writesToStandardOutput(file: string): boolean {
  return standardStream(file) === 1
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
  const temp = newTempFor(file)
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
