// What the library needs from the rules engine: is this a roster document (the published roster
// schema, with the length limits rosters saved by earlier Musters had: stored-roster.ts), and what
// does the engine say of it (points, validity, data version, names to search). A roster past the
// format's limits is kept whole; its check refuses it, naming the limit.
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { Engine } from '../rules'
import type { Verdict } from '../rules/types'
import { describeAjvErrors, projectAjv, storedSchemaId } from '../rules/schemas'
import type { CheckSummary, DocumentChecks, RosterDocument } from '../store'

/** Ajv's lines, with a text or list past what any Muster roster held said in words. */
function describeStoredErrors(errors: ErrorObject[]): string[] {
  const lines = describeAjvErrors(errors)
  return errors.map((e, i) => {
    const limit = (e.params as { limit?: unknown }).limit
    if ((e.keyword !== 'maxLength' && e.keyword !== 'maxItems') || typeof limit !== 'number') return lines[i]
    const what = e.keyword === 'maxLength' ? 'characters' : 'entries'
    return `${e.instancePath}: more than ${limit.toLocaleString('en-GB')} ${what}, more than Muster has ever let a roster hold`
  })
}

/** Where the roster format's validator comes from: the project's Ajv, or validators made at build time (rules/precompiled.ts). */
export interface SchemaSource {
  getSchema(id: string): ValidateFunction | undefined
}

/**
 * `ajv`: the project's own by default (the CLI's). `verdictOf`: how a document's verdict is had (an
 * Evaluator's, which remembers the editor's last ones); by default a check.
 */
export function documentChecks(
  engine: Engine,
  ajv: SchemaSource = projectAjv(),
  verdictOf: (doc: unknown) => Verdict = (doc) => engine.check(doc)
): DocumentChecks {
  const validate = ajv.getSchema(storedSchemaId('roster.schema.json'))!
  return {
    validate(doc) {
      if (validate(doc)) return null
      const ruleset = (doc as { ruleset?: unknown } | null)?.ruleset
      if (typeof ruleset === 'string' && !engine.ruleset(ruleset) && (doc as { format?: unknown }).format === 'muster-roster') {
        return `a roster for the ruleset '${ruleset}', which this copy of Muster does not have (it has ${[...engine.registry.rulesets.keys()].join(', ')})`
      }
      // A ruleset from the user's own data folder is as good as a bundled one.
      const errors = (validate.errors ?? []).filter(
        (e) => !(e.instancePath === '/ruleset' && e.keyword === 'enum' && engine.ruleset(String((doc as { ruleset?: unknown }).ruleset)))
      )
      return errors.length ? `not a roster: ${describeStoredErrors(errors).slice(0, 3).join('; ')}` : null
    },
    summarise(doc: RosterDocument): CheckSummary {
      const v = verdictOf(doc)
      const loaded = engine.ruleset(doc.ruleset)
      return {
        points: v.points,
        limit: v.limit,
        valid: v.valid,
        errors: v.issues.filter((i) => i.severity === 'error').length,
        todos: v.issues.filter((i) => i.severity === 'error' && i.todo).length,
        dataVersion: v.dataVersion ?? '',
        armyName: loaded?.armies.get(doc.army)?.name,
        troopNames: [...new Set([...(v.units ?? []).map((u) => u.troopName), ...(v.cards ?? []).map((c) => c.name)])]
      }
    }
  }
}
