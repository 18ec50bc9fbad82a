// Targets that are no file to replace (write-file.ts): a terminal, /dev/null, /dev/stdout or a FIFO
// is written into; any other character device (a disk's raw device, /dev/mem, a sound card), a
// socket, a disk device or a folder is refused. On Windows a device name (NUL, CON, COM1, LPT1.txt,
// \\.\…) is written into.
import { statSync, type Stats } from 'node:fs'
import { resolve, win32 } from 'node:path'
import { isatty } from 'node:tty'

/** The standard output or error named as a file: written through this process's own descriptor. */
export const STANDARD_STREAM = /^\/(?:dev\/(stdout|stderr|fd\/[12])|proc\/self\/fd\/[12])$/

/** The descriptor (1 or 2) a target names, when it is /dev/stdout, /dev/stderr or one of their other names. */
export function standardStream(file: string): 1 | 2 | undefined {
  if (process.platform === 'win32') return undefined
  const m = STANDARD_STREAM.exec(resolve(file))
  if (!m) return undefined
  return m[1] === 'stdout' || m[0].endsWith('/1') ? 1 : 2
}

/** What refuses a special file as a target, in words; undefined for a regular file or a stream to write into. */
export function refusal(st: Stats): string | undefined {
  if (st.isDirectory()) return 'it is a folder, not a file'
  if (st.isSocket()) return 'it is a socket, not a file'
  if (st.isBlockDevice()) return 'it is a disk device, not a file'
  return undefined
}

/** Windows' device names, a name with or without an extension (`NUL`, `nul.txt`, `COM1`, `LPT9.log`). */
export const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³]|conin\$|conout\$)(?:\..*)?$/i

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
export function harmlessDevice(st: Stats): boolean {
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
export function writableDevice(file: string, fd: number, st: Stats): boolean {
  return isatty(fd) || harmlessDevice(st) || /^\/(?:dev\/fd|proc\/self\/fd)\/\d+$/.test(resolve(file))
}
