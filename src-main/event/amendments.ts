// An event profile's optional amendments (its `amendments`, by the ruleset's ids): every roster of the
// event's ruleset is checked with them in place of its own choices, and a roster that chose otherwise
// is told, as with the event's points limit and data edition.
import type { LoadedRuleset } from '../rules'
import { isFor } from '../rules/amendments'
import type { Army, Issue, Roster } from '../rules/types'
import type { EventProfile } from './types'

export interface EventAmendments {
  /** The profile's choices the ruleset has an amendment for (none: the event sets none). */
  known?: Record<string, boolean>
  /** Said once in the report: the ids the ruleset has no amendment for. */
  note?: string
}

export function eventAmendments(event: EventProfile, loaded: LoadedRuleset | undefined): EventAmendments {
  const chosen = Object.entries(event.amendments ?? {})
  if (!loaded || chosen.length === 0) return {}
  const ids = new Set((loaded.ruleset.amendments ?? []).map((m) => m.id))
  const unknown = chosen.filter(([id]) => !ids.has(id)).map(([id]) => `'${id}'`)
  const known = Object.fromEntries(chosen.filter(([id]) => ids.has(id)))
  return {
    ...(Object.keys(known).length ? { known } : {}),
    ...(unknown.length
      ? {
          note: `The event sets optional rule${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, which ${loaded.ruleset.name} in this Muster does not have: left out.`
        }
      : {})
  }
}

/**
 * The roster as the event checks it: the event's amendments over its own, only those its army may play
 * (a Roman amendment is no business of a Celtic roster, which could only be warned it is left out).
 */
export function withEventAmendments<T extends object>(roster: T, known: Record<string, boolean> | undefined, loaded?: LoadedRuleset, army?: Army): T {
  if (!known) return roster
  if (loaded && army) {
    const all = loaded.ruleset.amendments ?? []
    known = Object.fromEntries(Object.entries(known).filter(([id]) => all.some((m) => m.id === id && isFor(m.for, army))))
    if (Object.keys(known).length === 0) return roster
  }
  const own = (roster as Partial<Roster>).amendments
  return { ...roster, amendments: { ...(own && typeof own === 'object' && !Array.isArray(own) ? own : {}), ...known } }
}

/** A warning for each amendment the roster chose otherwise than the event plays it. */
export function amendmentDifferences(roster: Partial<Roster>, known: Record<string, boolean> | undefined, event: EventProfile, loaded: LoadedRuleset): Issue[] {
  const own = roster.amendments
  if (!known || !own || typeof own !== 'object') return []
  return Object.entries(known).flatMap(([id, on]) => {
    const said = Object.hasOwn(own, id) ? own[id] : undefined
    if (typeof said !== 'boolean' || said === on) return []
    const label = loaded.ruleset.amendments?.find((m) => m.id === id)?.label ?? id
    return [
      {
        code: 'event-amendment',
        severity: 'warning' as const,
        path: `/amendments/${id}`,
        rule: 'event/amendments',
        message: `The roster turns the optional rule '${label}' ${said ? 'on' : 'off'}; ${event.name} plays it ${on ? 'on' : 'off'}, and checks the roster so.`
      }
    ]
  })
}
