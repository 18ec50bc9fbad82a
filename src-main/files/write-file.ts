// Writing a user's file whole or not at all: a temp file in the same folder, flushed to disk, then
// renamed over the target, so a full disk, a crash or a kill leaves the old file as it was and no
// temp behind. A writer never writes onto a file it reads (its inputs) or onto the library.
import { closeSync, existsSync, fsyncSync, linkSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join, resolve } from 'node:path'

export class WriteRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WriteRefused'
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
    if (sameFile(target, input)) throw new WriteRefused(`${target} is one of this command's own input files; choose another output file`)
  }
  if (guard.library) {
    for (const part of [guard.library, `${guard.library}-wal`, `${guard.library}-shm`]) {
      if (sameFile(target, part)) throw new WriteRefused(`${target} is the roster library itself; choose another output file`)
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

/** Writes data to file atomically (see the top of this file); its folder must exist. */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  refuseOwnFiles(file, options)
  // Short enough to fit wherever the target's name fits (255 bytes less 14).
  const name = basename(file)
  const temp = join(dirname(file), `.${Buffer.byteLength(name) > 200 ? Array.from(name).slice(0, 40).join('') : name}.${randomBytes(4).toString('hex')}.tmp`)
  let fd: number | undefined
  try {
    fd = openSync(temp, 'wx', modeOf(file))
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    let written = 0
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written)
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
    EISDIR: 'it is a folder'
  }
  const said = e.code ? words[e.code] : undefined
  return said ? `${said} (${e.code})` : (e.code ?? e.message)
}
