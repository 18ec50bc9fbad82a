// The main-process side of the contract, free of electron so tests can call it directly:
// check each call's arguments with ajv, run the handler, wrap the answer as a Result.
import Ajv, { type ValidateFunction } from 'ajv'
import type { Engine } from '../rules'
import { newRoster, type NewRosterRequest } from '../services/new-roster'
import type { CollectionItem } from '../services/collection'
import { rememberingEvaluator, type Evaluator } from '../services/evaluation'
import { rulesetSummaries } from '../services/catalogue'
import { armyDetails, rulesetDetails } from '../services/army-details'
import { channels } from './channels'
import { calls, type Channel, type MusterHandlers, type Result } from './contract'

/**
 * `dataWarnings`: what was left out of the user's data (the app passes withoutDamagedCatalogue's); by
 * default the engine's registry's. `evaluator`: the one the library's checks share, so a save reuses
 * the verdict of the edit it stores (services/evaluation.ts).
 */
export function rulesHandlers(
  engine: Engine,
  dataWarnings: readonly string[] = engine.registry.warnings,
  evaluator: Evaluator = rememberingEvaluator(engine),
  /** What the player owns (the library's collection), for New roster's "start from what I own". */
  collection: () => CollectionItem[] = () => []
): Pick<MusterHandlers, 'listRulesets' | 'dataWarnings' | 'evaluateRoster' | 'armyDetails' | 'rulesetDetails' | 'newRoster'> {
  return {
    dataWarnings: () => [...dataWarnings],
    newRoster: (request: NewRosterRequest) => {
      const answer = newRoster(engine, request, request.fromCollection ? collection() : [])
      if (!answer.ok) throw new NewRosterError(answer.reason)
      return { document: answer.document, notices: answer.notices }
    },
    rulesetDetails: (rulesetId: string, edition?: string) => rulesetDetails(engine, rulesetId, edition),
    armyDetails: (rulesetId: string, armyId: string) => armyDetails(engine, rulesetId, armyId),
    listRulesets: () => rulesetSummaries(engine),
    evaluateRoster: (roster: unknown) => evaluator.evaluate(roster)
  }
}

/** Why New roster made no roster, in the player's words (services/new-roster.ts): passed on as it is. */
class NewRosterError extends Error {
  readonly code = 'not-made'
  override name = 'NewRosterError'
}

/** Errors whose message is written for the player (their classes' names). */
const USER_ERRORS = new Set([
  'StoreError',
  'LibraryError',
  'ShareCodeError',
  'EventFileError',
  'MeshweshError',
  'FileError',
  'NewRosterError',
  'PhonePageMissing',
  'NoNetwork',
  'ResultCodeError',
  'GameFileError',
  'PlayInputError',
  'SheetLinkError',
  // event day (services/event-day.ts): a refusal, a slip the event cannot take, a round that cannot be paired, a scoring that cannot score
  'EventDayError',
  'SlipRefused',
  'SwissError',
  'ScoringError'
])

/** An error's code for the renderer: its own, else its class's name in kebab case (PhonePageMissing -> phone-page-missing). */
const codeOf = (err: { name: string; code?: unknown }): string =>
  typeof err.code === 'string' ? err.code : err.name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()

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
  if (missing.length || extra.length)
    throw new Error(
      `IPC handlers: ${[missing.length ? `none for ${missing.join(', ')}` : '', extra.length ? `no channel for ${extra.join(', ')}` : ''].filter(Boolean).join('; ')}`
    )
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
      if (USER_ERRORS.has(err.name)) return { ok: false, error: { code: codeOf(err), message: err.message } }
      return { ok: false, error: { code: 'failed', message: `${channel}: ${err.message}` } }
    }
  }
}
