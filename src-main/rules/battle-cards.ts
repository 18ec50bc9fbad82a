// Battle cards (Triumph!): the checks on the cards a roster takes (offered by the list, in date, on
// an option the roster fields, within the counts) and how cards and their costs are put in words.
// Which offer each card is counted against, and what it costs, is the analysis's (analyse.ts).
import type { AnalysedCard, Analysis } from './analyse'
import { forSubFaction, inDates, type ArmyContext, type CardOffer } from './context'
import { asNumber, compileFormula } from './formula'
import { makeIssue } from './issue'
import { capitalise, formatNumber, formatRanges, formatYear, listWords, pointsText } from './messages'
import type { BattleCardDef, Issue } from './types'

const cardLabel = (c: AnalysedCard): string => (c.card ? `${c.card.def.name} (${c.card.def.code})` : c.raw.card)
/** An offer's option as messages name it: "Hired hoplites", or "Horsemen (Numidian allies)" for an ally's. */
export const offerLabel = (o: CardOffer): string => o.option!.label

export function checkBattleCards(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  const at = (c: AnalysedCard, field?: string) => `/battleCards/${c.index}${field ? `/${field}` : ''}`
  const push = (code: string, c: AnalysedCard, field: string | undefined, message: string, hint?: string, severity: 'error' | 'warning' = 'error') =>
    issues.push(makeIssue(code, at(c, field), `battle-card/${c.raw.card}`, message, severity, hint))
  const offered = [...ctx.cards.values()].filter((c) => c.offers.length > 0)
  const offeredList = offered.map((c) => `${c.def.name} (${c.def.code})`)
  const seen = new Map<string, AnalysedCard>()
  const totals = new Map<string, number>()
  const perOffer = new Map<CardOffer, number>()

  for (const c of a.cards) {
    if (!c.card) {
      const known = [...ctx.cards.keys()]
      push(
        'battle-card-unknown',
        c,
        'card',
        `'${c.raw.card}' is not a battle card of ${ctx.loaded.ruleset.name}${known.length ? `; its cards are ${listWords(known)}` : ''}.`
      )
      continue
    }
    const { def } = c.card
    if (def.marks) {
      const marked = ctx.cards.get(def.marks)?.def
      const name = marked ? `${marked.name} (${marked.code})` : def.marks
      push('battle-card-marker', c, 'card', `${cardLabel(c)} is not a card of its own: it marks the troops ${name} covers.`, `Take ${name} instead.`)
      continue
    }
    if (typeof c.raw.option === 'string' && !ctx.options.has(c.raw.option)) {
      push('battle-card-option-unknown', c, 'option', `${cardLabel(c)} names option '${c.raw.option}', which the ${ctx.army.name} list does not have.`)
      continue
    }
    if (!c.offer) {
      const onOptions = c.card.offers.filter((o) => o.option).map(offerLabel)
      const armyWide = c.card.offers.some((o) => !o.option)
      const where = typeof c.raw.option === 'string' ? ` on ${offerLabel({ entry: { code: def.code }, option: ctx.options.get(c.raw.option) })}` : ''
      const hint = armyWide
        ? 'It is offered by the army list as a whole: take it without an option.'
        : onOptions.length
          ? `It is offered on ${listWords(onOptions, 'and')}.`
          : offeredList.length
            ? `The list offers ${listWords(offeredList, 'and')}.`
            : 'The list offers no battle cards.'
      push('battle-card-not-offered', c, typeof c.raw.option === 'string' ? 'option' : 'card', `${ctx.army.name} does not offer ${cardLabel(c)}${where}.`, hint)
      continue
    }
    if (!def.counts && c.raw.count !== undefined && c.raw.count > 1) {
      push('battle-card-count', c, 'count', `${cardLabel(c)} is taken once: it has no count.`)
    }
    const dupKey = `${def.code} ${c.offer.option?.key ?? ''}`
    if (seen.has(dupKey))
      push(
        'battle-card-duplicate',
        c,
        'card',
        `${cardLabel(c)} is taken twice${c.offer.option ? ` on ${offerLabel(c.offer)}` : ''}: take it once${def.counts ? ' and set its count' : ''}.`
      )
    seen.set(dupKey, c)
    totals.set(def.code, (totals.get(def.code) ?? 0) + c.count)
    perOffer.set(c.offer, (perOffer.get(c.offer) ?? 0) + c.count)

    const option = c.offer.option
    // Said once: a card whose option is out of date, or has no stands, is not also held to its own dates or troops.
    let outOfDate = false
    let noStands = false
    if (option) {
      const dates = option.option.dates ?? option.ally?.dates
      if (a.year !== undefined && dates && !inDates(a.year, dates)) {
        outOfDate = true
        push(
          'battle-card-out-of-date',
          c,
          undefined,
          `${cardLabel(c)} comes with ${offerLabel(c.offer)}, available ${formatRanges(dates)}, not in ${formatYear(a.year)}.`
        )
      }
      const stands = a.optionUse.stands(option)
      noStands = stands === 0
      if (def.scope === 'troop' && def.needsStands !== false && stands === 0) {
        push('battle-card-no-stands', c, undefined, `${cardLabel(c)} is taken on ${offerLabel(c.offer)}, but the roster has no stands from that option.`)
      } else if (def.counts === 'stands' && c.count > stands && def.needsStands !== false) {
        push('battle-card-too-many-stands', c, 'count', `${cardLabel(c)} is taken for ${c.count} stands of ${offerLabel(c.offer)}; the roster has ${stands}.`)
      }
    } else if (def.counts === 'stands') {
      const stands = a.units.reduce((s, u) => s + u.count, 0)
      if (c.count > stands) push('battle-card-too-many-stands', c, 'count', `${cardLabel(c)} is taken for ${c.count} stands; the roster has ${stands}.`)
    }
    checkConditions(ctx, a, c, c.offer, push, { outOfDate, noStands })
  }

  for (const [offer, count] of perOffer) {
    const max = offer.entry.max
    if (max != null && count > max) {
      const c = [...a.cards].reverse().find((x) => x.offer === offer)!
      push(
        'battle-card-above-max',
        c,
        'count',
        `${ctx.army.name} may take at most ${max} of ${cardLabel(c)}${offer.option ? ` on ${offerLabel(offer)}` : ''}; the roster has ${count}.`
      )
    }
  }
  for (const [code, count] of totals) {
    const card = ctx.cards.get(code)!
    const c = [...a.cards].reverse().find((x) => x.raw.card === code)!
    // A card taken instead of another (takenFor) already covers that one's entries: one of the two.
    for (const other of card.def.takenFor ?? []) {
      const both = a.cards.find((x) => x.raw.card === other && x.card)
      if (both) {
        const otherDef = ctx.cards.get(other)!.def
        push(
          'battle-card-instead',
          c,
          'card',
          `${cardLabel(c)} is taken instead of ${otherDef.name} (${otherDef.code}), and covers its entries: the roster has both.`,
          `Take one of them.`
        )
      }
    }
    if (card.def.maxCount !== undefined && count > card.def.maxCount) {
      push('battle-card-above-max', c, 'count', `An army may take at most ${card.def.maxCount} of ${cardLabel(c)}; the roster has ${count}.`)
    }
    const excluded = card.excludes ? a.units.find(card.excludes) : undefined
    if (excluded && card.def.excludes) {
      issues.push(
        makeIssue(
          'battle-card-excludes',
          `/units/${excluded.index}`,
          `battle-card/${code}`,
          `${card.def.excludes.message}: ${capitalise(excluded.troop.plural ?? excluded.troop.name)} are in the roster (unit ${excluded.index + 1}).`,
          card.def.excludes.severity ?? 'error'
        )
      )
    }
  }
  for (const card of offered) {
    for (const offer of card.offers) {
      const min = offer.entry.min ?? 0
      if (min <= 0 || (perOffer.get(offer) ?? 0) >= min) continue
      // As an option's minimum: it binds only the part of the list and the years the entry is for.
      if (forSubFaction(offer.entry, a.subFaction) !== true || (offer.entry.dates && (a.year === undefined || !inDates(a.year, offer.entry.dates)))) continue
      if (offer.option && a.optionUse.stands(offer.option) === 0) continue
      issues.push(
        makeIssue(
          'battle-card-below-min',
          '/battleCards',
          `battle-card/${card.def.code}`,
          `${ctx.army.name} must take ${formatNumber(min)} of ${card.def.name} (${card.def.code})${offer.option ? ` with ${offerLabel(offer)}` : ''}; the roster has ${formatNumber(perOffer.get(offer) ?? 0)}.`
        )
      )
    }
  }
  return issues
}

type Push = (code: string, c: AnalysedCard, field: string | undefined, message: string, hint?: string, severity?: 'error' | 'warning') => void

/**
 * The conditions the list puts on one entry of a card (schemas/army.schema.json battleCard): the parts
 * of the list and the years it is for, the troops it needs, or a condition Muster cannot read (a
 * warning). A roster that has chosen no part is asked to (checkSubFaction), as for a part's options.
 */
function checkConditions(ctx: ArmyContext, a: Analysis, c: AnalysedCard, offer: CardOffer, push: Push, said: { outOfDate: boolean; noStands: boolean }): void {
  const { entry } = offer
  const label = cardLabel(c)
  const where = offer.option ? ` on ${offerLabel(offer)}` : ''
  const parts = ctx.army.subFactions ?? []
  const names = (ids: string[]) => listWords(ids.map((id) => `'${parts.find((s) => s.id === id)?.name ?? id}'`))
  if (entry.subFactions && forSubFaction(entry, a.subFaction) === false && parts.some((p) => p.id === a.subFaction)) {
    const { only, except } = entry.subFactions
    const who = only ? `for ${names(only)} only` : `for every part of the list but ${names(except!)}`
    push(
      'battle-card-not-for-sub-faction',
      c,
      'card',
      `${label}${where} is ${who}; this roster is for ${names([a.subFaction!])}.`,
      'Choose another part of the list, or remove the card.'
    )
  }
  if (!said.outOfDate && entry.dates && a.year !== undefined && !inDates(a.year, entry.dates)) {
    push('battle-card-out-of-date', c, undefined, `${label}${where} is available ${formatRanges(entry.dates)}, not in ${formatYear(a.year)}.`)
  }
  if (!said.noStands && entry.needsTroops) {
    const wanted = new Set(entry.needsTroops)
    const units = offer.option ? a.units.filter((u) => u.option === offer.option) : a.units
    if (!units.some((u) => wanted.has(u.troop.id) && u.count > 0)) {
      const troops = listWords(entry.needsTroops.map((id) => ctx.loaded.troops.get(id)?.name ?? id))
      push('battle-card-needs-troops', c, undefined, `${label}${where} needs ${troops} stands${offer.option ? ' from that option' : ''}: the roster has none.`)
    }
  }
  if (entry.unreadCondition) {
    const message = entry.note
      ? `${label}${where} is noted '${entry.note}' by the list: Muster cannot check that condition.`
      : `${label}${where} has a condition in the source army list${typeof ctx.army.source?.list === 'string' ? ` (list ${ctx.army.source.list})` : ''} that Muster cannot check: see the entry in the published list.`
    push('battle-card-condition', c, undefined, message, 'Check the condition against the army list yourself.', 'warning')
  }
}

/** The cost formula in words, from its values at counts 1 to 12: "1 point", "0.5 points a card", "1 card: free, 2: 1 point…". */
export function cardCostText(def: BattleCardDef): string {
  const cost = compileFormula(def.cost)
  const base = costText(def, (count) => asNumber(cost({ count, asExtra: 0 })))
  // A cost that grows with the stands taken as a costlier type (dismounting as better foot) says so.
  const byAs = asNumber(cost({ count: 1, asExtra: 1 })) !== asNumber(cost({ count: 1, asExtra: 0 }))
  return byAs ? `${base}; a stand that may become a costlier type counts at that cost` : base
}

function costText(def: BattleCardDef, cost: (count: number) => number): string {
  const at = Array.from({ length: def.maxCount ?? 12 }, (_, i) => cost(i + 1))
  const most = def.maxCount ? `, at most ${def.maxCount}` : ''
  if (at.every((v) => v === at[0])) return at[0] === 0 ? 'free' : `${pointsText(at[0])}${def.counts ? ` however many ${def.counts}` : ''}${most}`
  // A card without a count whose cost still grows is priced by the entries that take it: a card each.
  const unit = def.counts === 'stands' ? 'stand' : 'card'
  if (at.every((v, i) => Math.abs(v - at[0] * (i + 1)) < 1e-9)) return `${pointsText(at[0])} a ${unit}${most}`
  // Where the cost changes: "1 stand: free; 2 or more: 1 point".
  const steps: Array<{ from: number; to: number; value: number }> = []
  at.forEach((value, i) => {
    const last = steps[steps.length - 1]
    if (last && last.value === value) last.to = i + 1
    else steps.push({ from: i + 1, to: i + 1, value })
  })
  const shown = steps.slice(0, 4).map((step, i) => {
    const open = i === steps.length - 1 && step.to === at.length && !def.maxCount && step.to > step.from
    const counts = open ? `${step.from} or more` : step.from === step.to ? `${step.from}` : `${step.from}-${step.to}`
    return `${counts}${i === 0 ? ` ${unit}${step.to > 1 ? 's' : ''}` : ''}: ${step.value === 0 ? 'free' : pointsText(step.value)}`
  })
  return `${shown.join('; ')}${steps.length > 4 ? '; …' : ''}${def.maxCount ? ` (at most ${def.maxCount})` : ''}`
}

// A card taken in words: shared with the CLI (src-shared/card-words.ts).
export { cardCountText, cardTitle } from '../../src-shared/card-words'
