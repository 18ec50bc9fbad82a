// A battle card taken, in words: its count as its ruleset counts it, and its title. One wording for
// the engine's messages, the printed sheets and the CLI's lines (which take no code from the engine).
import { countOf } from './words'

/** What the wording needs of a card taken (the engine's CardReport). */
export interface CardTaken {
  code: string
  name: string
  count: number
}

/** What the wording needs of a ruleset: how each of its cards counts. */
export interface CardCounts {
  battleCards?: ReadonlyArray<{ code: string; counts?: 'cards' | 'stands' }>
}

/** "2 cards", "4 stands" for a card its ruleset counts; '' for a card taken once. */
export function cardCountText(report: Pick<CardTaken, 'code' | 'count'>, ruleset: CardCounts | undefined): string {
  const counts = ruleset?.battleCards?.find((d) => d.code === report.code)?.counts
  if (!counts) return ''
  return countOf(report.count, counts === 'stands' ? 'stand' : 'card')
}

/** A card taken, by name and count: "Hold the Line (HL), 2 cards". */
export function cardTitle(c: CardTaken, ruleset: CardCounts | undefined): string {
  const count = cardCountText(c, ruleset)
  return `${c.name}${c.name !== c.code ? ` (${c.code})` : ''}${count ? `, ${count}` : ''}`
}
