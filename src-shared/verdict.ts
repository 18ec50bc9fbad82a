// Legal, unfinished or illegal: how the editor, the library and the CLI name a roster's state.

export type RosterState = 'legal' | 'unfinished' | 'illegal'

/**
 * From a verdict's counts: legal when valid; unfinished when every error is a thing still to add
 * (a minimum, the general: the engine marks those issues `todo`); illegal when a rule is broken.
 */
export function rosterState(valid: boolean, errors: number, todos: number): RosterState {
  if (valid) return 'legal'
  return errors > 0 && todos === errors ? 'unfinished' : 'illegal'
}
