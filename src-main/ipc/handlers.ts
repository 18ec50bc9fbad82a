// The main-process side of the contract, free of electron so tests can call it directly:
// check each call's arguments with ajv, run the handler, wrap the answer as a Result.
import Ajv2020 from 'ajv/dist/2020'
import type { ValidateFunction } from 'ajv'
import type { Engine } from '../rules'
import { argumentSchemas, type Channel, type MusterHandlers, type Result, type RulesetSummary } from './contract'

export function rulesHandlers(engine: Engine): Pick<MusterHandlers, 'listRulesets' | 'checkRoster'> {
  return {
    listRulesets: (): RulesetSummary[] =>
      [...engine.registry.rulesets.values()].map(({ ruleset, armies }) => ({
        id: ruleset.id,
        name: ruleset.name,
        dataVersion: ruleset.dataVersion,
        costUnit: ruleset.costUnit,
        defaultPointsLimit: ruleset.defaultPointsLimit,
        figures: [{ id: 'points', label: 'Points' }, ...ruleset.figures.map((f) => ({ id: f.id, label: f.label }))],
        armies: [...armies.values()].map((a) => ({ id: a.id, name: a.name, dates: a.dates, tags: a.tags, region: a.region, era: a.era }))
      })),
    checkRoster: (roster: unknown) => engine.check(roster)
  }
}

export type Dispatch = (channel: Channel, args: unknown) => Promise<Result<unknown>>

/** One function that answers any channel: argument check, call, Result; never throws. */
export function createDispatch(handlers: MusterHandlers): Dispatch {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  const validators = new Map<Channel, ValidateFunction>()
  for (const [channel, schema] of Object.entries(argumentSchemas) as Array<[Channel, object]>) validators.set(channel, ajv.compile(schema))
  return async (channel, args) => {
    const validate = validators.get(channel)
    const handler = handlers[channel] as ((...a: unknown[]) => unknown) | undefined
    if (!validate || !handler) return { ok: false, error: { code: 'unknown-channel', message: `No such call: ${String(channel)}` } }
    if (!validate(args)) {
      const detail = (validate.errors ?? []).map((e) => `${e.instancePath || 'arguments'} ${e.message}`).join('; ')
      return { ok: false, error: { code: 'bad-arguments', message: `${channel}: ${detail}` } }
    }
    try {
      return { ok: true, value: await handler(...(args as unknown[])) }
    } catch (e) {
      return { ok: false, error: { code: 'failed', message: `${channel}: ${(e as Error).message}` } }
    }
  }
}
