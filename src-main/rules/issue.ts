// How a rule check words what it finds: an Issue with code, severity, JSON Pointer, rule id and
// message. A leaf module, so every check can import it without importing one another.
import type { Issue } from './types'

/** A troop type as messages name more than one of it: "Heavy Infantry", "Elephants". */
export const plural = (u: { troop: { name: string; plural?: string } }): string => u.troop.plural ?? u.troop.name

export function makeIssue(code: string, path: string, rule: string, message: string, severity: Issue['severity'] = 'error', hint?: string): Issue {
  return hint ? { code, severity, path, rule, message, hint } : { code, severity, path, rule, message }
}
