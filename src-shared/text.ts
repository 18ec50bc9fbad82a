// Long text cut to a readable length: the one helper every line of output that shows a name, a
// path, a tag or a share code uses (the CLI's lines, share code messages, temp file names, the
// library's transfer reports), so a 100,000-character name is one short line everywhere. And text
// kept on one line of a table or report (oneLine), and made safe for a terminal (terminalSafe).
import { charCode, showUnsafe } from './unsafe-chars'

/** The most characters of a file name, path, tag or name that a line of output shows. */
export const SHOWN_MAX = 160

/**
 * `text` as a line shows it: one longer than `max` characters (code points, so no emoji is split)
 * keeps its start and its end (where a path's file name is) with "…" between, `max` in all.
 */
export function shorten(text: string, max = SHOWN_MAX): string {
  if (text.length <= max) return text
  const chars = Array.from(text)
  if (chars.length <= max) return text
  const end = Math.floor((max - 1) / 3)
  return `${chars.slice(0, max - 1 - end).join('')}…${chars.slice(chars.length - end).join('')}`
}

const utf8 = new TextEncoder()

/** A file name from a roster's (or an event's) name: letters of any script, digits and dashes only, so it cannot leave the folder. */
export function fileStem(name: string, fallback = 'roster'): string {
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
  // At most 100 bytes of UTF-8 (file names are limited in bytes, and a temp name is longer still).
  let out = ''
  for (const ch of stem) {
    if (utf8.encode(out + ch).length > 100) break
    out += ch
  }
  return out.replace(/-+$/, '') || fallback
}

/**
 * Text from a file (a name, a player) on one line of a table or report: a line break in it shows
 * as "\\n" instead of starting what would look like another row.
 */
export const oneLine = (text: string): string => text.replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n').replace(/\t/g, ' ')

/**
 * Text for a terminal: a control character from a file (ESC starting a terminal sequence, a bare
 * CR or BEL in a roster name) or a direction control (U+202E turning a line around) is written as a
 * visible \uXXXX escape, never sent as itself (unsafe-chars.ts). Tabs, line ends and CSV's CRLF
 * stay. In JSON output such characters only occur inside strings, where the escape is the same
 * character.
 */
export function terminalSafe(text: string): string {
  return showUnsafe(text).replace(/\r(?!\n)/g, charCode)
}
