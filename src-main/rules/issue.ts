// How a rule check words what it finds: an Issue with code, severity, JSON Pointer, rule id and
// message. A leaf module, so every check can import it without importing one another.
import type { Issue, Provenance } from './types'

/** A troop type as messages name more than one of it: "Heavy Infantry", "Elephants". */
export const plural = (u: { troop: { name: string; plural?: string } }): string => u.troop.plural ?? u.troop.name

export function makeIssue(code: string, path: string, rule: string, message: string, severity: Issue['severity'] = 'error', hint?: string): Issue {
  return hint ? { code, severity, path, rule, message, hint } : { code, severity, path, rule, message }
}

/**
 * An issue of a rule that is Muster's own (data `source.kind` 'muster': a list or reading where the
 * rules are silent), told apart from what the rules say: the message says whose it is and where it
 * comes from. A rule the rules give (or one with no source) is left as it is.
 */
export function musterRule(issue: Issue, source: Provenance | undefined, whose = "Muster's reading, not the rules"): Issue {
  if (source?.kind !== 'muster') return issue
  return { ...issue, message: `${issue.message} (${whose}: ${source.note}.)`, musterList: source.note }
}
