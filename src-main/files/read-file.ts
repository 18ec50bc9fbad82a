// Reading a user's file safely: only a regular file (never a device, pipe or socket, even behind a
// symlink), never more than a cap (counted while reading: a device's stat size says nothing), and
// only valid UTF-8 (a bad byte is reported with its line, never replaced).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'

export type FileRead = { ok: true; bytes: Buffer } | { ok: false; place: string; message: string }
export type TextRead = { ok: true; text: string } | { ok: false; place: string; message: string }

const CHUNK = 1 << 16

const MB = 1024 * 1024

function tooLarge(file: string, maxBytes: number, what: string, size?: number): FileRead {
  const limit = `limit ${Number((maxBytes / MB).toFixed(1))} MB`
  return {
    ok: false,
    place: file,
    message: `${size === undefined ? `more than ${(maxBytes / MB).toFixed(1)} MB` : `${(size / MB).toFixed(1)} MB`} is too large for ${what} (${limit})`
  }
}

function openError(file: string, e: unknown): FileRead {
  const code = (e as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return { ok: false, place: file, message: 'no such file' }
  if (code === 'EISDIR') return { ok: false, place: file, message: 'is a folder, not a file' }
  if (code === 'ENAMETOOLONG') return { ok: false, place: file, message: 'the file name is too long' }
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, place: file, message: 'cannot read: permission denied' }
  return { ok: false, place: file, message: `cannot read (${code ?? (e as Error).message})` }
}

/**
 * The bytes of a regular file of at most maxBytes. Opened without blocking (a FIFO would wait for
 * a writer), then checked on the open descriptor, so a file swapped after a check cannot slip by.
 */
export function readRegularFile(file: string, maxBytes: number, what = 'this file'): FileRead {
  let fd: number
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (e) {
    return openError(file, e)
  }
  try {
    const st = fstatSync(fd)
    if (st.isDirectory()) return { ok: false, place: file, message: 'is a folder, not a file' }
    if (!st.isFile()) return { ok: false, place: file, message: 'is not a regular file (a device, pipe or socket); Muster reads only ordinary files' }
    if (st.size > maxBytes) return tooLarge(file, maxBytes, what, st.size)
    const chunks: Buffer[] = []
    let total = 0
    // The first read asks for one byte more than the file's size: a regular file that gives less
    // has ended (no second read to learn it, which a folder of 10,000 rosters pays for 10,000 times).
    // One that gives them all has grown since fstat, and is read on to its end or the cap.
    let want = Math.min(st.size + 1, maxBytes + 1)
    for (;;) {
      const chunk = Buffer.allocUnsafe(want)
      const n = readSync(fd, chunk, 0, chunk.length, null)
      if (n === 0) break
      total += n
      if (total > maxBytes) return tooLarge(file, maxBytes, what)
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n))
      if (n < chunk.length) break
      want = Math.min(CHUNK, maxBytes + 1 - total)
    }
    return { ok: true, bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total) }
  } catch (e) {
    return openError(file, e)
  } finally {
    closeSync(fd)
  }
}

/** Line and column (1-based) of a character offset in a text. */
export function lineColumn(text: string, offset: number): string {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return `${line}:${offset - lineStart + 1}`
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/**
 * Where the first invalid UTF-8 sequence starts (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or -1. Only run once the decoder has refused the bytes, to say where.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]
    let extra: number
    let max = 0xbf
    if (b < 0x80) {
      i++
      continue
    } else if (b >= 0xc2 && b <= 0xdf) extra = 1
    else if (b >= 0xe0 && b <= 0xef) extra = 2
    else if (b >= 0xf0 && b <= 0xf4) extra = 3
    else return i
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const min = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80
    if (b === 0xed) max = 0x9f
    else if (b === 0xf4) max = 0x8f
    for (let k = 1; k <= extra; k++) {
      const c = bytes[i + k]
      if (c === undefined || c < (k === 1 ? min : 0x80) || c > (k === 1 ? max : 0xbf)) return i
    }
    i += extra + 1
  }
  return -1
}

/** UTF-8 text without its byte-order mark; a file in another encoding is refused at its first bad byte. */
export function decodeUtf8(file: string, bytes: Uint8Array): TextRead {
  try {
    return { ok: true, text: utf8.decode(bytes) }
  } catch {
    const at = Math.max(0, firstInvalidUtf8(bytes))
    let line = 1
    for (let i = 0; i < at; i++) if (bytes[i] === 10) line++
    const byte = bytes[at] === undefined ? 'the end of the file' : `byte 0x${bytes[at].toString(16).padStart(2, '0')} at byte ${at + 1}`
    return { ok: false, place: `${file}:${line}`, message: `not UTF-8 text (${byte}); save the file as UTF-8 and try again` }
  }
}

/** A regular file's UTF-8 text (see readRegularFile and decodeUtf8). */
export function readTextFile(file: string, maxBytes: number, what?: string): TextRead {
  const read = readRegularFile(file, maxBytes, what)
  return read.ok ? decodeUtf8(file, read.bytes) : read
}
