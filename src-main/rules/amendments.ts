// The rules' optional amendments (ruleset.json `amendments`): which are in force for a roster, the
// constraints they bring, and what a roster uses of one that is off. An amendment is in force when
// the roster (or the event, which writes the roster's choice over) says so, else for the armies the
// rules wrote it for (`defaultOn`); never for an army it is not `for`.
import type { Analysis } from './analyse'
import type { ArmyContext } from './context'
import { makeIssue, plural } from './issue'
import { capitalise, listWords } from './messages'
import type { Amendment, AmendmentState, Army, ArmyCondition, Issue, Roster, Ruleset } from './types'

/** No issues: one list for every check that finds none (never written to). */
const NONE: Issue[] = Object.freeze([]) as unknown as Issue[]

/** Whether an amendment's `for` admits the army (exported: an event plays its amendments only where they apply). */
export const isFor = (when: ArmyCondition | undefined, army: Army): boolean =>
  (!when?.tagsAny || when.tagsAny.some((t) => army.tags.includes(t))) && (!when?.tagsNone || !when.tagsNone.some((t) => army.tags.includes(t)))

/** What one army's checks ask of the amendments, found once. */
interface ArmyAmendments {
  /** The amendments this army may play. */
  playable: Amendment[]
  /** Of those, the ones a roster of this list can meet (its troops or roles are on the list, or it is on by default). */
  shown: Amendment[]
  /** Troop id and boolean attribute id to the playable amendment that brings it. */
  troops: Map<string, Amendment>
  attributes: Map<string, Amendment>
  /** The ids in force for a roster that chooses none (its army's usual): the same set for every such check. */
  usual: ReadonlySet<string>
  /** Whether every amendment that brings a troop type or a role is in the usual set (so too where none brings any): a roster that chooses none fields nothing that is off. */
  usualBringsAll: boolean
  /** What the verdict of a roster that chooses none says of the amendments (made once, frozen). */
  usualStates: readonly AmendmentState[] | undefined
}

const byContext = new WeakMap<ArmyContext, ArmyAmendments>()
function armyAmendments(ctx: ArmyContext): ArmyAmendments {
  let found = byContext.get(ctx)
  if (found) return found
  const playable = (ctx.loaded.ruleset.amendments ?? []).filter((m) => isFor(m.for, ctx.army))
  const listed = new Set([...ctx.options.values()].flatMap((o) => o.option.troops))
  const borne = new Set([...listed].flatMap((t) => Object.keys(ctx.loaded.troops.get(t)?.attributes ?? {})))
  const shown = playable.filter(
    (m) => m.defaultOn.includes(ctx.army.id) || (m.troops ?? []).some((t) => listed.has(t)) || (m.attributes ?? []).some((a) => borne.has(a))
  )
  const troops = new Map<string, Amendment>()
  const attributes = new Map<string, Amendment>()
  for (const m of playable) {
    for (const t of m.troops ?? []) troops.set(t, m)
    for (const a of m.attributes ?? []) attributes.set(a, m)
  }
  const usual = new Set(playable.filter((m) => m.defaultOn.includes(ctx.army.id)).map((m) => m.id))
  const usualBringsAll = [...troops.values(), ...attributes.values()].every((m) => usual.has(m.id))
  const usualStates = shown.length ? Object.freeze(shown.map((m) => frozen(stateOf(m, ctx.army, undefined)))) : undefined
  byContext.set(ctx, (found = { playable, shown, troops, attributes, usual, usualBringsAll, usualStates }))
  return found
}

/** The roster's own choices (an object of booleans by id), or none. */
function choices(roster: Roster): Record<string, unknown> | undefined {
  const set = (roster as { amendments?: unknown }).amendments
  return set && typeof set === 'object' && !Array.isArray(set) ? (set as Record<string, unknown>) : undefined
}

const inForceOf = (m: Amendment, army: Army, chosen: Record<string, unknown> | undefined): boolean => {
  const said = chosen && Object.hasOwn(chosen, m.id) ? chosen[m.id] : undefined
  return typeof said === 'boolean' ? said : m.defaultOn.includes(army.id)
}

const inForceCache = new WeakMap<Analysis, ReadonlySet<string>>()
/** The ids of the amendments in force for the analysed roster. */
export function amendmentsInForce(ctx: ArmyContext, a: Analysis): ReadonlySet<string> {
  const chosen = choices(a.roster)
  // Most rosters choose nothing: their army's usual set, made once per army, not once per check.
  if (!chosen) return armyAmendments(ctx).usual
  let set = inForceCache.get(a)
  if (!set) {
    set = new Set(armyAmendments(ctx).playable.flatMap((m) => (inForceOf(m, ctx.army, chosen) ? [m.id] : [])))
    inForceCache.set(a, set)
  }
  return set
}

/** The amendment whose constraints include this one (it then applies only while that is in force). */
export function gatingAmendment(ruleset: Ruleset, constraintId: string): string | undefined {
  return ruleset.amendments?.find((m) => m.constraints?.includes(constraintId))?.id
}

function stateOf(m: Amendment, army: Army, chosen: Record<string, unknown> | undefined): AmendmentState {
  const state = {
    id: m.id,
    label: m.label,
    description: m.description,
    source: m.source.text,
    inForce: inForceOf(m, army, chosen),
    byDefault: m.defaultOn.includes(army.id)
  }
  return m.attributes?.length ? Object.assign(state, { attributes: m.attributes }) : state
}

/** A state frozen whole, its list of attributes a frozen copy (the ruleset's own list stays as it is). */
const frozen = (state: AmendmentState): AmendmentState =>
  Object.freeze(state.attributes ? { ...state, attributes: Object.freeze([...state.attributes]) } : state)

/** What the verdict says of the amendments: those a roster of this army can meet, and whether each is in force. */
export function amendmentStates(ctx: ArmyContext, a: Analysis): readonly AmendmentState[] | undefined {
  const mine = armyAmendments(ctx)
  const chosen = choices(a.roster)
  // Most rosters choose nothing: the army's usual answer, made once.
  if (!chosen) return mine.usualStates
  const listed = mine.shown.concat(mine.playable.filter((m) => !mine.shown.includes(m) && Object.hasOwn(chosen, m.id)))
  return listed.length ? listed.map((m) => stateOf(m, ctx.army, chosen)) : undefined
}

const forWords = (m: Amendment): string => {
  const any = m.for?.tagsAny
  return any ? `${listWords(any)} armies` : 'other armies'
}

/**
 * The roster's amendment choices (ids the ruleset has, for this army), and what it fields of an
 * amendment that is off: a troop type, or a role such as the eagle, that exists only under it. A unit
 * the army list does not offer is the list's error, not told twice here.
 */
export function checkAmendments(ctx: ArmyContext, a: Analysis): Issue[] {
  const all = ctx.loaded.ruleset.amendments ?? []
  const chosen = choices(a.roster)
  const mine = armyAmendments(ctx)
  // Nothing chosen, and every troop type and role an amendment brings is on by the army's usual: nothing to say.
  if (!chosen && mine.usualBringsAll) return NONE
  let issues: Issue[] | undefined
  const add = (issue: Issue) => (issues ??= []).push(issue)
  const where = `the roster's optional rules`
  for (const [id, value] of Object.entries(chosen ?? {})) {
    const m = all.find((x) => x.id === id)
    if (!m) {
      const known = all.map((x) => `'${x.id}' (${x.label})`)
      add(
        makeIssue(
          'amendment-unknown',
          `/amendments/${id}`,
          'amendments',
          `${ctx.loaded.ruleset.name} has no optional rule '${id}'.`,
          'error',
          known.length ? `Its optional rules are ${listWords(known, 'and')}.` : `${ctx.loaded.ruleset.name} has no optional rules: leave 'amendments' out.`
        )
      )
    } else if (value === true && !mine.playable.includes(m)) {
      add(
        makeIssue(
          'amendment-not-for-army',
          `/amendments/${id}`,
          `amendment/${id}`,
          `The optional rule '${m.label}' is for ${forWords(m)}; ${ctx.army.name} does not play it, so it is left out.`,
          'warning'
        )
      )
    }
  }
  if (mine.troops.size === 0 && mine.attributes.size === 0) return issues ?? NONE
  const inForce = amendmentsInForce(ctx, a)
  // Every amendment that brings a troop type or a role is on (an army's usual, often): nothing is fielded off.
  if ([...mine.troops.values(), ...mine.attributes.values()].every((m) => inForce.has(m.id))) return issues ?? NONE
  for (const u of a.units) {
    if (!u.option) continue
    const byTroop = mine.troops.get(u.troop.id)
    if (byTroop && !inForce.has(byTroop.id)) {
      add(
        makeIssue(
          'amendment-off',
          `/units/${u.index}`,
          `amendment/${byTroop.id}`,
          `${capitalise(plural(u))} come with the optional rule '${byTroop.label}', which is off for this roster.`,
          'error',
          `Turn '${byTroop.label}' on in ${where}, or remove the unit.`
        )
      )
    }
    for (const [attr, m] of mine.attributes) {
      if (u.raw[attr] !== true || inForce.has(m.id)) continue
      const label = ctx.loaded.ruleset.attributes[attr]?.label ?? attr
      add(
        makeIssue(
          'amendment-off',
          `/units/${u.index}/${attr}`,
          `amendment/${m.id}`,
          `Unit ${u.index + 1} (${plural(u)}) is marked ${label}, but the optional rule '${m.label}' is off for this roster.`,
          'error',
          `Turn '${m.label}' on in ${where}, or clear ${label}.`
        )
      )
    }
  }
  return issues ?? NONE
}
