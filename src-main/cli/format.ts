// Human-readable CLI output: verdict lines, issue lines, unit and battle-card tables.
import { rosterState } from '../../src-shared/verdict'
import type { Engine } from '../rules'
import type { CardReport, FigureValue, Issue, Ruleset, Verdict } from '../rules/types'
import { cardCountText, cardTitle } from '../../src-shared/card-words'
import { countOf, formatNumber, pointsText as pointsWords } from '../../src-shared/words'
import { formatRanges } from '../../src-shared/years'

import { oneLine, shorten, terminalSafe } from '../../src-shared/text'

export { shorten, SHOWN_MAX, terminalSafe } from '../../src-shared/text'

/** A reader's place, `file` or `file:line:column`, shortened as a whole: its end (line and column) kept. */
export const placeText = (place: string): string => shorten(place)

/** A file that could not be read, in one line: where (file:line:column) and why. */
export const unreadableLine = (read: { place: string; message: string }): string => oneLine(`${placeText(read.place)}: ${read.message}`)

export function issueLine(i: Issue): string {
  const where = i.path === '' ? '(roster)' : i.path
  return oneLine(`  ${i.todo ? 'to do  ' : i.severity === 'error' ? 'error  ' : 'warning'} ${where}  ${i.message}${i.hint ? ` (${i.hint})` : ''}  [${i.rule}]`)
}

export function pointsText(v: Verdict): string {
  return v.limit === null ? `${formatNumber(v.points)} points (no limit)` : `${formatNumber(v.points)}/${formatNumber(v.limit)} points`
}

export function verdictHeader(file: string, v: Verdict, engine: Engine): string {
  const rs = v.ruleset ? engine.ruleset(v.ruleset) : undefined
  const army = rs && v.army ? rs.armies.get(v.army)?.name : undefined
  const what = rs
    ? ` (${rs.ruleset.name}${v.edition ? `, edition: ${v.edition.name}` : ''}${army ? `, ${army}` : ''}${v.subFaction ? `: ${v.subFaction.name}` : ''})`
    : ''
  const errors = v.issues.filter((i) => i.severity === 'error')
  const todos = errors.filter((i) => i.todo).length
  const warnings = v.issues.length - errors.length
  // As the editor and the library name it: unfinished when every error is a thing still to add.
  const state = rosterState(v.valid, errors.length, todos)
  const status = state === 'legal' ? 'legal' : state === 'unfinished' ? `unfinished, ${todos} to do` : `ILLEGAL, ${countOf(errors.length, 'error')}`
  return oneLine(`${shorten(file)}: ${status}, ${pointsText(v)}${warnings ? `, ${countOf(warnings, 'warning')}` : ''}${what}`)
}

export function figureText(value: FigureValue): string {
  if (typeof value === 'number') return formatNumber(value)
  return (
    Object.entries(value)
      .map(([k, v]) => `${k} ${formatNumber(v)}`)
      .join(', ') || '-'
  )
}

export function table(cells: string[][]): string {
  if (cells.length === 0) return ''
  // Escaped before padding, so an escape's width is counted.
  const rows = cells.map((r) => r.map((cell) => terminalSafe(oneLine(shorten(cell)))))
  const widths = rows[0].map((_, c) => rows.reduce((w, r) => Math.max(w, (r[c] ?? '').length), 0))
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c])))
        .join('  ')
        .trimEnd()
    )
    .join('\n')
}

export function datesText(dates: Array<{ from: number; to: number }>): string {
  return formatRanges(dates)
}

/** One battle card in words: "Hold the Line (HL), 2 cards, on Legionary cohorts: 1 point". */
export function cardText(c: CardReport, ruleset: Ruleset | undefined): string {
  return `${cardTitle(c, ruleset)}${c.optionName ? `, on ${c.optionName}` : ''}: ${pointsWords(c.cost)}`
}

/** `muster validate`'s line under the verdict for a roster with battle cards; undefined without. */
export function cardsLine(v: Verdict, engine: Engine): string | undefined {
  const cards = v.cards ?? []
  if (cards.length === 0) return undefined
  const ruleset = v.ruleset ? engine.ruleset(v.ruleset)?.ruleset : undefined
  const total = cards.reduce((s, c) => s + c.cost, 0)
  return `  battle cards, ${formatNumber(total)} of the ${pointsWords(v.points)}: ${cards.map((c) => cardText(c, ruleset)).join('; ')}`
}

/** `muster info`'s table of battle cards, with what they add to the units' points. */
export function cardsTable(v: Verdict, ruleset: Ruleset | undefined): string[] {
  const cards = v.cards ?? []
  if (cards.length === 0) return []
  const rows = [['Card', 'Code', 'Taken on', 'Count', 'Points']]
  for (const c of cards) rows.push([c.name, c.code, c.optionName ?? c.option ?? 'Army', cardCountText(c, ruleset) || '-', formatNumber(c.cost)])
  const cardPoints = cards.reduce((s, c) => s + c.cost, 0)
  const unitPoints = Math.round((v.points - cardPoints) * 1e6) / 1e6
  return [
    'Battle cards:',
    table(rows).replace(/^/gm, '  '),
    `  Points: ${formatNumber(unitPoints)} for the units ${cardPoints < 0 ? '-' : '+'} ${formatNumber(Math.abs(cardPoints))} for battle cards = ${pointsText(v)}`
  ]
}

/**
 * The optional amendments the roster's army may play, each on or off and why (the army's usual, or
 * the roster's choice), with where the rules give it: `muster info`.
 */
export function amendmentLines(v: Verdict, armyName: string | undefined): string[] {
  if (!v.amendments?.length) return []
  const army = armyName ?? 'this army'
  return [
    'Optional rules (amendments):',
    ...v.amendments.flatMap((m) => [
      oneLine(
        `  ${m.label}: ${m.inForce ? 'on' : 'off'}, ${m.inForce === m.byDefault ? `as usual for ${army}` : `by the roster's choice (usually ${m.byDefault ? 'on' : 'off'} for ${army})`}  [${m.id}]`
      ),
      oneLine(`      ${m.source}.`)
    ])
  ]
}
