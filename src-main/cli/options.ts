// `muster options FILE`: what can be added to a roster, ready to append, and what cannot and why,
// from one evaluation, as the editor has them. Exit codes: 0 answered, 2 an unreadable file.
import type { Io } from './io'
import type { Command } from 'commander'
import type { Engine } from '../rules'
import { own } from '../../src-shared/own'
import { countOf } from '../../src-shared/words'
import { oneLine } from '../../src-shared/text'
import { readRosterFile } from '../files/read-json'
import { figureText, unreadableLine, shorten, table, verdictHeader } from './format'
import type { ExportContext } from './export'

const EXIT_OK = 0
const EXIT_UNREADABLE = 2

/** `muster options FILE`: what can be added to the roster, ready to append, and what cannot and why. */
function options(engine: Engine, file: string, opts: { json?: boolean }, io: Io): number {
  const read = readRosterFile(file)
  if (!read.ok) {
    io.err(`${unreadableLine(read)}\n`)
    return EXIT_UNREADABLE
  }
  // One check: the verdict and the options from one evaluation, as the editor has them.
  const { verdict: v, options: answer } = engine.evaluate(read.data)
  if (!v.ruleset || !v.army) {
    io.err(`${oneLine(`${shorten(file)}: ${v.issues[0]?.message ?? 'not a roster'}`)}\n`)
    return EXIT_UNREADABLE
  }
  if (opts.json) {
    io.out(JSON.stringify({ file, ...answer }, null, 2) + '\n')
    return EXIT_OK
  }
  const loaded = engine.ruleset(v.ruleset)!
  const attributes = (unit: Record<string, unknown>) =>
    Object.entries(unit)
      .flatMap(([k, value]) => {
        // A roster's keys are the file's: only the ruleset's own attributes are read.
        const def = own(loaded.ruleset.attributes, k)
        if (!def) return []
        return typeof value === 'boolean' ? (value ? def.label : '') : (own(def.valueLabels, String(value)) ?? String(value))
      })
      .filter(Boolean)
      .join(', ')
  const lines = [verdictHeader(file, v, engine)]
  if (answer.available.length) {
    const rows = [
      ['Troop', 'Option', 'Count', 'Each', 'Cost', 'As'],
      ...answer.available.map((a) => [
        a.troopName,
        a.optionName,
        String(a.unit.count),
        figureText(a.costEach),
        figureText(a.costEach * a.unit.count),
        attributes(a.unit) || '-'
      ])
    ]
    lines.push('', `Can add (${answer.available.length}):`, table(rows).replace(/^/gm, '  '))
  }
  // A contingent is taken whole (its minimums together): one that cannot be taken is listed with the
  // units that cannot be added, with its reason, as the editor greys it.
  const takeable = answer.contingents.filter((c) => c.units)
  const refused = answer.contingents.filter((c) => !c.units)
  // A battle card the roster cannot take (its part of the list, years, troops, the points left) is listed there too.
  const context = engine.armyContext(v.ruleset, v.army)
  const cardName = (code: string) => {
    const def = context.cards.get(code)?.def
    return def ? `${def.name} (${def.code})` : code
  }
  const barredCards = answer.cards.filter((c) => c.reason)
  const cannot = answer.unavailable.length + refused.length + barredCards.length
  if (cannot) {
    lines.push(
      '',
      `Cannot add (${cannot}):`,
      ...answer.unavailable.flatMap((u) => [`  ${u.troopName} (${u.optionName})`, `      ${u.reason}`]),
      ...refused.flatMap((c) => [`  Contingent ${c.name}${c.cost !== undefined ? ` (its minimums, ${countOf(c.cost, 'point')})` : ''}`, `      ${c.reason}`]),
      ...barredCards.flatMap((c) => [
        `  Battle card ${cardName(c.card)}${c.option ? ` on ${context.options.get(c.option)?.label ?? c.option}` : ''}`,
        `      ${c.reason}`
      ])
    )
  }
  if (answer.leftOut.length) {
    lines.push('', `Not in this ruleset (${answer.leftOut.length}):`, ...answer.leftOut.flatMap((l) => [`  ${l.optionName}`, `      ${l.reason}`]))
  }
  if (takeable.length) {
    lines.push(
      '',
      'Contingents, taken whole (their minimums together):',
      ...takeable.flatMap((c) => [
        `  ${c.name}`,
        `      ${c.units!.map((u) => `${u.count} ${loaded.troops.get(u.troop)?.name ?? u.troop}`).join(', ')}: ${countOf(c.cost ?? 0, 'point')}`
      ])
    )
  }
  io.out(lines.join('\n') + '\n')
  return EXIT_OK
}

export function addOptionsCommand(program: Command, ctx: ExportContext): void {
  const { io, setExit } = ctx
  program
    .command('options')
    .description('what can be added to a roster (a unit ready to append, with its cost) and what cannot, and why')
    .argument('<file>', 'roster file')
    .option(
      '--json',
      '{available: [{option, troop, unit, costEach, ...}], unavailable: [{option, troop, code, reason, ...}], contingents: [...], leftOut: [{option, optionName, troops, reason}], cards: [{card, option, cost, reason?}]}'
    )
    .action((file: string, opts: { json?: boolean }) => {
      setExit(options(ctx.engine(), file, opts, io))
    })
}
