// Plain-English pieces for issue messages: templates from data, numbers, years and date ranges.

import { formatNumber } from '../../src-shared/words'

// Years, numbers and plurals are shared with the app (src-shared/): one wording on both sides.
export { formatRange, formatRanges, formatYear } from '../../src-shared/years'
export { capitalise, countOf, formatNumber, listWords, nounFor, pointsText } from '../../src-shared/words'
// Text on one line of a table or report, and for a terminal: shared with the CLI, which takes no code from the engine.
export { oneLine, terminalSafe } from '../../src-shared/text'

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
