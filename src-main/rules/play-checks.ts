// The rules of play (ruleset.json `play`, schemas/play.schema.json) checked at data load, beyond what
// the schema can say: every formula compiles, the side values include `lost` (what every score and
// slip reads), ids are not given twice, and every {me.<id>} / {enemy.<id>} in a template names a
// side value. So a bad --data file is one data problem naming the entry, never an exception at the
// table. Kept apart from registry.ts (which calls it) so that file does not grow.
import type { PlayRules } from '../../src-shared/play/types'
import { WELL_KNOWN_SIDE_VALUES } from '../../src-shared/play/types'

type FormulaCheck = (formula: unknown, where: string) => void

/** The side ids a template may name besides the side values: what the engine puts on each side. */
const SIDE_EXTRAS = ['name']

/** Problems of one ruleset's rules of play, each "ruleset.json /play/...: what is wrong". */
export function playProblems(play: PlayRules | undefined, checkFormula: FormulaCheck): string[] {
  if (!play) return []
  const problems: string[] = []
  const at = 'ruleset.json /play'
  checkFormula(play.loss.capacity, `${at}/loss/capacity`)
  if (play.loss.value !== undefined) checkFormula(play.loss.value, `${at}/loss/value`)
  const ids = new Set<string>()
  play.side.forEach((v, i) => {
    if (ids.has(v.id)) problems.push(`${at}/side/${i}: the side value '${v.id}' is defined twice`)
    ids.add(v.id)
    checkFormula(v.formula, `${at}/side/${i} (${v.id})/formula`)
  })
  const lost = WELL_KNOWN_SIDE_VALUES[0]
  if (!ids.has(lost)) problems.push(`${at}/side: no side value '${lost}' (every game's score and result slip reads it: the side's loss total)`)
  const flags = new Set((play.flags ?? []).map((f) => f.id))
  for (const id of flags) if (ids.has(id)) problems.push(`${at}/flags: '${id}' is both a flag and a side value`)
  const known = [...ids, ...SIDE_EXTRAS]
  const checkTemplate = (text: string, where: string): void => {
    for (const m of text.matchAll(/\{(me|enemy)\.([A-Za-z][A-Za-z0-9]*)\}/g))
      if (!known.includes(m[2])) problems.push(`${where}: {${m[1]}.${m[2]}} names no side value (the side values: ${[...ids].join(', ')})`)
  }
  play.end.forEach((rule, i) => {
    checkFormula(rule.when, `${at}/end/${i} (${rule.id})/when`)
    checkTemplate(rule.why, `${at}/end/${i} (${rule.id})/why`)
  })
  checkTemplate(play.undecided, `${at}/undecided`)
  ;(play.aids ?? []).forEach((aid, i) => {
    if (aid.for !== undefined) checkFormula(aid.for, `${at}/aids/${i} (${aid.id})/for`)
    aid.outputs.forEach((o, k) => checkFormula(o.formula, `${at}/aids/${i} (${aid.id})/outputs/${k} (${o.id})/formula`))
  })
  ;(play.preBattle ?? []).forEach((row, i) => checkFormula(row.formula, `${at}/preBattle/${i} (${row.id})/formula`))
  return problems
}
