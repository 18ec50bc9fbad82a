// Plain-English pieces for issue messages: templates from data, numbers, years and date ranges.

export type MessageVars = Record<string, string | number | undefined>

export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n)
  return String(Math.round(n * 100) / 100)
}

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

export function formatYear(year: number): string {
  return year < 0 ? `${-year} BC` : `${year} AD`
}

export function formatRange(r: { from: number; to: number }): string {
  if (r.from === r.to) return formatYear(r.from)
  if (r.from < 0 && r.to < 0) return `${-r.from}-${-r.to} BC`
  if (r.from >= 0 && r.to >= 0) return `${r.from}-${r.to} AD`
  return `${formatYear(r.from)} - ${formatYear(r.to)}`
}

export function formatRanges(ranges: Array<{ from: number; to: number }>): string {
  return ranges.map(formatRange).join(', ')
}

export function listWords(words: string[], last = 'or'): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

const pluralRules = new Intl.PluralRules('en')

/** The noun for n of it, as English has it: "stand" for 1, "stands" for 0, 2 or 0.5 (Intl.PluralRules). */
export function nounFor(n: number, one: string, other = `${one}s`): string {
  return pluralRules.select(Math.abs(n)) === 'one' ? one : other
}

/** "1 stand", "3 stands", "0.5 points": a count and its noun. The one place plurals are made. */
export function countOf(n: number, one: string, other?: string): string {
  return `${formatNumber(n)} ${nounFor(n, one, other)}`
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
 * CR or BEL in a roster name) is written as a visible \uXXXX escape, never sent as itself. Tabs,
 * line ends and CSV's CRLF stay. In JSON output such characters only occur inside strings, where
 * the escape is the same character.
 */
export function terminalSafe(text: string): string {
  return text.replace(/\r(?!\n)|[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
