// Plain-English pieces for issue messages: templates from data, numbers, years and date ranges.

import { countOf, formatNumber } from '../../src-shared/words'
import { charCode, showUnsafe } from '../../src-shared/unsafe-chars'

// Years, numbers and plurals are shared with the app (src-shared/): one wording on both sides.
export { formatRange, formatRanges, formatYear } from '../../src-shared/years'
export { countOf, formatNumber, nounFor } from '../../src-shared/words'

export type MessageVars = Record<string, string | number | undefined>

const show = (v: string | number): string => (typeof v === 'number' ? formatNumber(v) : v)

/** Fills {name} placeholders; unknown names are left as written so a data typo shows. */
export function fill(template: string, vars: MessageVars): string {
  return compileTemplate(template)(vars)
}

/** Parses a template once; the result fills it from `vars`, then from `defaults`. */
export function compileTemplate(template: string): (vars: MessageVars, defaults?: MessageVars) => string {
  const parts = template.split(/\{([a-zA-Z]+)\}/)
  return (vars, defaults) => {
    let out = parts[0]
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i]
      const v = vars[name] ?? defaults?.[name]
      out += (v === undefined ? `{${name}}` : show(v)) + parts[i + 1]
    }
    return out
  }
}

export function listWords(words: string[], last = 'or'): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** "1 point", "0.5 points", "−1 point": a number of points in words, with a true minus sign. */
export function pointsText(n: number): string {
  return `${n < 0 ? '−' : ''}${countOf(Math.abs(n), 'point')}`
}

/**
 * Text from a file (a name, a player) on one line of a table or report: a line break in it shows
 * as "\\n" instead of starting what would look like another row.
 */
export const oneLine = (text: string): string => text.replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n').replace(/\t/g, ' ')

/**
 * Text for a terminal: a control character from a file (ESC starting a terminal sequence, a bare
 * CR or BEL in a roster name) or a direction control (U+202E turning a line around) is written as a
 * visible \uXXXX escape, never sent as itself (src-shared/unsafe-chars.ts). Tabs, line ends and
 * CSV's CRLF stay. In JSON output such characters only occur inside strings, where the escape is
 * the same character.
 */
export function terminalSafe(text: string): string {
  return showUnsafe(text).replace(/\r(?!\n)/g, charCode)
}
