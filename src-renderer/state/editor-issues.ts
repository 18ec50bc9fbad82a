// The editor's issues panel at work: an issue clicked brings its unit (or card, or roster field)
// into view with the field it names focused; an army-wide to-do is offered the fix that settles it.
import { useState, type Dispatch, type SetStateAction } from 'react'
import type { Issue, OptionsAnswer, RosterDocument, RosterUnit, RulesetDetails } from '../../src-main/ipc/contract'
import type { CardReveal } from '../components/BattleCardsPanel'
import { unitIndexOf, type IssueFix } from '../components/IssuesPanel'
import { inOptionsPanel } from '../components/OptionsPanel'
import type { Reveal, UnitHandlers } from '../components/UnitList'
import { unitCall } from '../../src-shared/unit-names'
import { countOf } from '../format'

export function useEditorIssues({
  doc,
  ruleset,
  offers,
  on,
  addTroop,
  setSelected,
  setReveal
}: {
  doc: RosterDocument | null
  ruleset: RulesetDetails | null
  offers: { answer: OptionsAnswer | null; stale: boolean }
  on: UnitHandlers
  addTroop: (unit: RosterUnit) => void
  setSelected: (index: number | null) => void
  setReveal: Dispatch<SetStateAction<Reveal | null>>
}) {
  // An issue clicked: its unit (or card, or roster field) is brought into view and the field it
  // names gets the focus; the unit and card lists do the focusing as they render the request.
  const [cardReveal, setCardReveal] = useState<CardReveal | null>(null)
  // What settles an army-wide to-do (issue.remedy, from the engine): the stand to mark, else the
  // army-list offer to add, in the list's order.
  const troopName = (id: string) => ruleset?.troops.find((t) => t.id === id)?.name
  const remedyUnit = (issue: Issue): number | undefined => {
    const role = issue.remedy?.role
    if (!role || !doc) return undefined
    const rank = (i: number) => issue.remedy?.troops?.indexOf(String(doc.units[i]?.troop)) ?? 0
    return [...role.units].sort((a, b) => rank(a) - rank(b) || a - b)[0]
  }
  const remedyOffer = (issue: Issue) => {
    const r = issue.remedy
    if (!r || (!r.options && !r.troops)) return undefined
    const order = (a: { option: string; troop: string }) => (r.options?.includes(a.option) ? 0 : (r.troops?.indexOf(a.troop) ?? 0) + 1)
    return offers.answer?.available.filter((a) => r.options?.includes(a.option) || r.troops?.includes(a.troop)).sort((a, b) => order(a) - order(b))[0]
  }
  const fixFor = (issue: Issue): IssueFix | undefined => {
    if (!doc || !ruleset) return undefined
    const role = issue.remedy?.role
    const roleLabel = role && ruleset.troops.flatMap((t) => t.attributes).find((a) => a.id === role.attribute)?.label
    const at = remedyUnit(issue)
    if (role && at !== undefined)
      return { label: `Mark ${unitCall(doc.units, at, troopName)} as ${roleLabel ?? role.attribute}`, apply: () => on.role(at, role.attribute, true) }
    const offer = remedyOffer(issue)
    if (!offer || offers.stale) return undefined
    const unit = role ? { ...offer.unit, count: 1, [role.attribute]: true } : offer.unit
    return {
      label: `Add ${countOf(unit.count, ruleset.costUnit)} of ${offer.troopName}${role ? ` as ${roleLabel ?? role.attribute}` : ''}`,
      apply: () => addTroop(unit)
    }
  }

  const selectIssue = (issue: Issue) => {
    const card = /^\/battleCards\/(\d+)(?:\/(\w+))?/.exec(issue.path)
    if (card) return setCardReveal((r) => ({ index: Number(card[1]), field: card[2], n: (r?.n ?? 0) + 1 }))
    // An army-wide to-do: the stand to mark, else the army-list offer that settles it, else the list itself.
    const at = issue.path === '/units' ? remedyUnit(issue) : undefined
    if (issue.path === '/units' && at === undefined) {
      const offer = remedyOffer(issue)
      const button = offer ? document.querySelector<HTMLElement>(inOptionsPanel(`[data-offer="${CSS.escape(`${offer.option}/${offer.troop}`)}"]`)) : null
      const target = button ?? document.querySelector<HTMLElement>(inOptionsPanel('input[type="search"]'))
      target?.scrollIntoView({ block: 'nearest' })
      return target?.focus()
    }
    const index = at ?? unitIndexOf(issue.path)
    if (at !== undefined) {
      setSelected(at)
      return setReveal((r) => ({
        index: at,
        id: typeof doc?.units[at]?.id === 'string' ? (doc.units[at].id as string) : undefined,
        field: issue.remedy?.role?.attribute,
        n: (r?.n ?? 0) + 1
      }))
    }
    if (index === null) return document.getElementById(`roster-${issue.path.split('/')[1]}`)?.focus()
    setSelected(index)
    setReveal((r) => ({
      index,
      id: typeof doc?.units[index]?.id === 'string' ? (doc.units[index].id as string) : undefined,
      field: issue.path.split('/')[3],
      n: (r?.n ?? 0) + 1
    }))
  }

  return { fixFor, selectIssue, cardReveal }
}
