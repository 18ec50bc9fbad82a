// The main-process side of the contract, free of electron so tests can call it directly:
// check each call's arguments with ajv, run the handler, wrap the answer as a Result.
import Ajv, { type ValidateFunction } from 'ajv'
import { defaultCount, type Engine } from '../rules'
import { leftOutReason } from '../rules/options'
import { newRoster, type NewRosterRequest } from '../services/new-roster'
import { channels } from './channels'
import { calls, type ArmyDetails, type BattleCardSummary, type RulesetDetails, type Channel, type MusterHandlers, type OptionSummary, type Result, type RulesetSummary } from './contract'
import { cardCostText, offerLabel } from '../rules/battle-cards'
import { needsSubFaction, type CardOffer } from '../rules/context'
import { factWhen } from '../rules/army-facts'
import { formatRanges, listWords } from '../rules/messages'
import { loadReference } from '../export/load-reference'
import { cardRulesFor, shortLabel, type Reference } from '../export/reference'
import { armySummary } from '../rules/army-summary'
import type { ArmyOption, DateRange, Roster } from '../rules/types'

const availability = (dates: DateRange[] | undefined): string | null => (dates ? `available ${formatRanges(dates)}` : null)

function armyDetails(engine: Engine, rulesetId: string, armyId: string): ArmyDetails {
  const loaded = engine.ruleset(rulesetId)
  if (!loaded) throw new Error(`unknown ruleset '${rulesetId}'`)
  const army = loaded.armies.get(armyId)
  if (!army) throw new Error(`unknown army '${armyId}' for ${loaded.ruleset.name}`)
  const troopName = (id: string) => loaded.troops.get(id)?.name ?? id
  // Names as the engine's messages give them: told apart within their list or contingent.
  const resolved = engine.armyContext(rulesetId, armyId).options
  const summarise = (o: ArmyOption, key: string, ally: OptionSummary['ally']): OptionSummary => ({
    key,
    name: resolved.get(key)?.name ?? o.name ?? key,
    troops: o.troops.map((id) => {
      const cost = loaded.troops.get(id)?.cost
      return { id, name: troopName(id), cost: typeof cost === 'number' ? cost : null }
    }),
    min: o.min ?? 0,
    max: o.max ?? null,
    availability: availability(o.dates),
    dates: o.dates ?? null,
    restriction: [partsText(o, army.subFactions), o.restriction].filter(Boolean).join('; ') || null,
    battleLine: o.battleLine || null,
    sameType: o.sameType ?? false,
    ally
  })
  // An option this ruleset bars outright (a shared list's, for another ruleset) is left out, with why.
  const barred = (key: string) => resolved.get(key)?.barredBy
  const options = army.options.filter((o) => !barred(o.id)).map((o) => summarise(o, o.id, null))
  for (const a of army.allies ?? []) {
    const ally = { id: a.id, name: a.name ?? a.id, internal: a.internal ?? false, availability: [availability(a.dates), partsText(a, army.subFactions)].filter(Boolean).join('; ') || null, dates: a.dates ?? null }
    for (const c of a.contingents) for (const o of c.options) if (!barred(`${a.id}.${c.id}.${o.id}`)) options.push(summarise(o, `${a.id}.${c.id}.${o.id}`, ally))
  }
  const leftOut = [...resolved.values()].flatMap((o) => (o.barredBy ? [{ name: o.label, reason: leftOutReason(o) }] : []))
  // The engine's own view of where the list offers each card, so the app names offers as its messages do.
  const context = engine.armyContext(rulesetId, armyId)
  // A marker (ET) is no card to take: its offers are named on the card it marks, as what that covers.
  const cards = [...context.cards.values()].filter((c) => c.offers.length > 0)
  const covers = (code: string): string[] => cards.filter((c) => c.def.marks === code).flatMap((c) => c.offers.map((o) => (o.option ? offerLabel(o) : 'the army')))
  const battleCards: BattleCardSummary[] = cards
    .filter((c) => !c.def.marks)
    .map(({ def, offers }) => ({
      code: def.code,
      name: def.name,
      description: def.description ?? null,
      counts: def.counts ?? null,
      costText: cardCostText(def),
      offers: offers.map((o) => ({ option: o.option?.key ?? null, optionName: o.option ? offerLabel(o) : null, max: o.entry.max ?? null, note: offerNote(o, covers(def.code), troopName, army.subFactions) }))
    }))
  return {
    ruleset: loaded.ruleset.id,
    ...armySummary(army, loaded.fromUserData.has(army.id), (id) => loaded.armies.has(id)),
    notes: army.notes ?? [],
    generals: (army.generals ?? []).map(troopName),
    subFactions: army.subFactions ?? [],
    leftOut,
    subFactionRequired: needsSubFaction(army),
    facts: (loaded.ruleset.armyFacts ?? []).flatMap((def) => {
      const values = army.facts?.[def.id] ?? []
      if (!values.length) return []
      return [{
        id: def.id,
        label: def.label,
        join: def.join ?? null,
        values: values.map((v) => ({
          value: v.value,
          dates: v.dates ?? null,
          when: factWhen(v)
        }))
      }]
    }),
    options,
    battleCards
  }
}

/** Which parts of a list in parts an option is for, in words: "only Chu or Yue", "all except Israel". */
function partsText(o: Pick<ArmyOption, 'subFactions'>, parts: Array<{ id: string; name: string }> = []): string | null {
  const name = (id: string) => parts.find((p) => p.id === id)?.name ?? id
  if (o.subFactions?.only) return `only ${listWords(o.subFactions.only.map(name))}`
  if (o.subFactions?.except) return `all except ${listWords(o.subFactions.except.map(name))}`
  return null
}

/**
 * What an offer's line says besides its option: "as Elite Foot", "instead of MD", what it covers, the
 * parts, years and troops the entry is for ("only Agathokles in Africa", "available 371-225 BC",
 * "needs Horde"), the list's note (marked when it states a condition Muster cannot check).
 */
function offerNote(offer: CardOffer, covers: string[], troopName: (id: string) => string, subFactions?: Array<{ id: string; name: string }>): string | null {
  const { entry } = offer
  const parts = [
    entry.as ? `as ${troopName(entry.as)}` : null,
    offer.for ? `instead of ${offer.for}` : null,
    covers.length ? `covers ${covers.join(', ')}` : null,
    partsText(entry, subFactions),
    availability(entry.dates),
    entry.needsTroops ? `needs ${listWords(entry.needsTroops.map(troopName))}` : null,
    entry.unreadCondition ? (entry.note ? `condition not checked: ${entry.note}` : 'a condition in the source list, not checked') : (entry.note ?? null)
  ]
  return parts.filter(Boolean).join(' · ') || null
}

/** `edition`: the troop types' stats and costs as that edition has them (every face shows the roster's values). */
function rulesetDetails(engine: Engine, rulesetId: string, edition?: string): RulesetDetails {
  const loaded = engine.ruleset(rulesetId, edition)
  if (!loaded) throw new Error(edition ? `${engine.ruleset(rulesetId)?.ruleset.name ?? rulesetId} has no values '${edition}'` : `unknown ruleset '${rulesetId}'`)
  const { ruleset } = loaded
  let reference: Reference | undefined
  try {
    reference = loadReference(loaded)
  } catch {
    // A damaged reference sheet is reported when printing; the editor still works without its rules.
    reference = undefined
  }
  return {
    id: ruleset.id,
    name: ruleset.name,
    shortName: ruleset.shortName ?? ruleset.name,
    costUnit: ruleset.costUnit,
    defaultPointsLimit: ruleset.defaultPointsLimit,
    hasCamp: ruleset.camp !== undefined,
    troops: ruleset.troopTypes.map((t) => ({
      id: t.id,
      name: t.name,
      category: t.category,
      cost: typeof t.cost === 'number' ? t.cost : null,
      costTable: typeof t.cost === 'number' ? null : t.cost,
      defaultCount: defaultCount(ruleset, t),
      onePerEntry: t.onePerEntry ?? false,
      attributes: Object.entries(t.attributes ?? {}).map(([id, spec]) => {
        const def = ruleset.attributes[id]
        return { id, label: def.label, type: def.type, values: spec.values ?? def.values ?? [], valueLabels: def.valueLabels ?? {}, required: spec.required ?? false, onePerEntry: def.onePerEntry ?? false }
      }),
      stats: Object.entries(t.stats ?? {})
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([id, value]) => ({ id, label: ruleset.stats[id]?.label ?? id, short: shortLabel(reference, id, ruleset.stats[id]?.label ?? id), unit: ruleset.stats[id]?.unit ?? null, value: value as string | number | boolean })),
      rules: [...new Set([...(t.notes ?? []), ...cardRulesFor(reference, { troop: t.id, count: 1 }, t, ruleset)])]
    })),
    figures: [{ id: 'points', label: 'Points' }, ...ruleset.figures.map((f) => ({ id: f.id, label: f.label }))],
    unitFigures: (ruleset.unitFigures ?? []).map((f) => ({ id: f.id, label: f.label })),
    // An edition may change the army size (null: none); a new roster's limit follows the one chosen.
    editions: [...loaded.editions.values()].map((e) => ({ id: e.id, name: e.name, source: e.source ?? null, defaultPointsLimit: e.defaultPointsLimit !== undefined ? e.defaultPointsLimit : ruleset.defaultPointsLimit }))
  }
}

/** `dataWarnings`: what was left out of the user's data (the app passes withoutDamagedCatalogue's); by default the engine's registry's. */
export function rulesHandlers(engine: Engine, dataWarnings: readonly string[] = engine.registry.warnings): Pick<MusterHandlers, 'listRulesets' | 'dataWarnings' | 'checkRoster' | 'rosterOptions' | 'armyDetails' | 'rulesetDetails' | 'newRoster'> {
  return {
    dataWarnings: () => [...dataWarnings],
    newRoster: (request: NewRosterRequest) => {
      const answer = newRoster(engine, request)
      if (!answer.ok) throw new Error(answer.reason)
      return { document: answer.document, notices: answer.notices }
    },
    rulesetDetails: (rulesetId: string, edition?: string) => rulesetDetails(engine, rulesetId, edition),
    armyDetails: (rulesetId: string, armyId: string) => armyDetails(engine, rulesetId, armyId),
    listRulesets: (): RulesetSummary[] =>
      [...engine.registry.rulesets.values()].map(({ ruleset, armies, editions, fromUserData }) => ({
        id: ruleset.id,
        name: ruleset.name,
        shortName: ruleset.shortName ?? ruleset.name,
        dataVersion: ruleset.dataVersion,
        costUnit: ruleset.costUnit,
        defaultPointsLimit: ruleset.defaultPointsLimit,
        figures: [{ id: 'points', label: 'Points' }, ...ruleset.figures.map((f) => ({ id: f.id, label: f.label }))],
        editions: [...editions.values()].map((e) => ({ id: e.id, name: e.name })),
        // By name as players look for them, then by date ("Alexandrian Macedonian" among the A's, not by file name).
        armies: [...armies.values()]
          .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.dates[0].from - b.dates[0].from)
          .map((a) => armySummary(a, fromUserData.has(a.id), (id) => armies.has(id)))
      })),
    checkRoster: (roster: unknown) => engine.check(roster),
    rosterOptions: (roster: unknown) => engine.options(roster as Roster)
  }
}

/** Errors whose message is written for the player (their classes' names). */
const USER_ERRORS = new Set(['StoreError', 'LibraryError', 'ShareCodeError', 'EventFileError', 'MeshweshError'])

export type Dispatch = (channel: Channel, args: unknown) => Promise<Result<unknown>>

type Intersection<Parts extends unknown[]> = Parts extends [infer First, ...infer Rest] ? First & Intersection<Rest> : unknown

/**
 * The handler maps of several domains as one: throws on a channel that two of them answer (where an
 * object spread would let the last one win without a word).
 */
export function mergeHandlers<const Parts extends Array<Partial<MusterHandlers>>>(...parts: Parts): Intersection<Parts> {
  const merged: Record<string, unknown> = {}
  for (const part of parts) {
    for (const [channel, handler] of Object.entries(part)) {
      if (Object.hasOwn(merged, channel)) throw new Error(`IPC handlers: two handlers for the channel '${channel}'`)
      merged[channel] = handler
    }
  }
  return merged as Intersection<Parts>
}

/**
 * One function that answers any channel: argument check, call, Result; never throws. Made only from
 * a handler for every channel of the contract and for nothing else (it throws otherwise).
 */
export function createDispatch(handlers: MusterHandlers): Dispatch {
  const missing = channels.filter((channel) => typeof handlers[channel] !== 'function')
  const extra = Object.keys(handlers).filter((key) => !Object.hasOwn(calls, key))
  if (missing.length || extra.length) throw new Error(`IPC handlers: ${[missing.length ? `none for ${missing.join(', ')}` : '', extra.length ? `no channel for ${extra.join(', ')}` : ''].filter(Boolean).join('; ')}`)
  // TypeBox writes a call's argument list as a draft-07 tuple (items: [...], additionalItems: false),
  // its optional last arguments left out of minItems: strict, but such tuples are meant.
  const ajv = new Ajv({ strict: true, strictTuples: false, allErrors: true })
  const validators = new Map<Channel, ValidateFunction>(channels.map((channel) => [channel, ajv.compile(calls[channel].args)]))
  return async (channel, args) => {
    const validate = validators.get(channel)
    if (!validate || !Object.hasOwn(calls, channel)) return { ok: false, error: { code: 'unknown-channel', message: `No such call: ${String(channel)}` } }
    const handler = handlers[channel] as (...a: unknown[]) => unknown
    if (!validate(args)) {
      const detail = (validate.errors ?? []).map((e) => `${e.instancePath || 'arguments'} ${e.message}`).join('; ')
      return { ok: false, error: { code: 'bad-arguments', message: `${channel}: ${detail}` } }
    }
    try {
      return { ok: true, value: await handler(...(args as unknown[])) }
    } catch (e) {
      // The library's own errors and a bad share code are written for the user and carry a code the
      // renderer can act on ('busy', 'not-found', 'bad-share-code'...); anything else is named by
      // the call that failed.
      const err = e as Error & { code?: unknown }
      if (USER_ERRORS.has(err.name) && typeof err.code === 'string') return { ok: false, error: { code: err.code, message: err.message } }
      return { ok: false, error: { code: 'failed', message: `${channel}: ${err.message}` } }
    }
  }
}
