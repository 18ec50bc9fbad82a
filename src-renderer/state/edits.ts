// Pure edits of a roster document: each returns a new document, so undo history can keep them.
import type { RosterCard, RosterDocument } from '../../src-main/ipc/contract'

export type Unit = RosterDocument['units'][number]

const withUnits = (doc: RosterDocument, units: Unit[]): RosterDocument => ({ ...doc, units })

export function setCount(doc: RosterDocument, index: number, count: number): RosterDocument {
  if (!Number.isFinite(count)) return doc
  const n = Math.max(1, Math.min(100000, Math.round(count)))
  if (doc.units[index]?.count === n) return doc
  return withUnits(
    doc,
    doc.units.map((u, i) => (i === index ? { ...u, count: n } : u))
  )
}

/** Counts as the editor shows them: a count that is not a number (a hand-edited file) as 1. */
const countIn = (x: { count?: unknown } | undefined): number => (typeof x?.count === 'number' ? x.count : 1)

/** One more or fewer of a unit (− and +), from its count as it is now. */
export function stepCount(doc: RosterDocument, index: number, delta: number): RosterDocument {
  return doc.units[index] ? setCount(doc, index, countIn(doc.units[index]) + delta) : doc
}

/** Sets (or, with undefined/'' , removes) a field of one unit: an attribute, name, notes, option. */
export function setUnitField(doc: RosterDocument, index: number, field: string, value: unknown): RosterDocument {
  return withUnits(
    doc,
    doc.units.map((u, i) => {
      if (i !== index) return u
      const next = { ...u }
      if (value === undefined || value === '') delete next[field]
      else next[field] = value
      return next
    })
  )
}

const without = (u: Unit, field: string): Unit => {
  const next = { ...u }
  delete next[field]
  return next
}

/**
 * Marks a unit with (or clears) a role attribute the ruleset gives one entry (onePerEntry: the
 * general, an eagle). One unit carries it: marking one clears it elsewhere. The role is one figure,
 * stand or unit, so marking an entry of several splits it: the marked one, then the rest as a new
 * entry right after (with an id of its own, `restId`).
 */
export function setRole(doc: RosterDocument, index: number, role: string, on: boolean, restId: string = newUnitId()): RosterDocument {
  const target = doc.units[index]
  if (!target) return doc
  if (!on)
    return withUnits(
      doc,
      doc.units.map((u, i) => (i === index ? without(u, role) : u))
    )
  const units = doc.units.flatMap((u, i): Unit[] => {
    if (i !== index) return [u[role] === true ? without(u, role) : u]
    const count = typeof u.count === 'number' ? u.count : 1
    if (count <= 1) return [{ ...u, [role]: true }]
    const { id: _id, name: _name, ...rest } = u
    return [{ ...u, count: 1, [role]: true }, { ...rest, id: restId, count: count - 1 } as Unit]
  })
  return withUnits(doc, units)
}

let counter = 0
export const newUnitId = () => `u${Date.now().toString(36)}${(counter++).toString(36)}`

/** A unit added at `at` (its group's end), else last. */
export function addUnit(doc: RosterDocument, unit: Unit, at = doc.units.length): RosterDocument {
  return withUnits(doc, [...doc.units.slice(0, at), { id: newUnitId(), ...unit }, ...doc.units.slice(at)])
}

/** What decides whether a unit from the army list steps a row of the roster (see addOrStep). */
export interface StepRules {
  /** The unique roles (onePerEntry attributes: the general, an eagle): an entry marked with one stays its own. */
  roles: string[]
  /** The troop is a unique role itself (onePerEntry troop: a commander): each is an entry of its own. */
  single: boolean
  /** The most one row of the unit's option may count (the option's maximum), if it has one. */
  max: number | null
  /** The option the engine found for a row that names none ("auto"), by its place. */
  optionOf?: (index: number) => string | undefined
}

/** A row's content but its id and count: what must match for a unit to step it. */
const sameContent = (row: Unit, unit: Unit, optionOf: (() => string | undefined) | undefined): boolean => {
  const keys = new Set([...Object.keys(row), ...Object.keys(unit)])
  keys.delete('id')
  keys.delete('count')
  for (const k of keys) {
    const mine = k === 'option' && row.option === undefined ? optionOf?.() : row[k]
    if (JSON.stringify(mine) !== JSON.stringify(unit[k])) return false
  }
  return true
}

/**
 * A unit from the army list: where the roster already has a row of the same option and troop with the
 * same attributes (and no name or notes of its own), that row's count steps by the unit's count, as
 * "+ Skirmishers" three times gives one row of 3 stands, not three of 1; else a new row at `at`.
 * A unique role's entry (a general, a commander) is never stepped, nor a row past the option's maximum.
 * `index`: the row stepped or added.
 */
export function addOrStep(
  doc: RosterDocument,
  unit: Unit,
  at: number,
  rules: StepRules,
  id: string = newUnitId()
): { doc: RosterDocument; index: number; stepped: boolean } {
  const marked = (u: Unit) => rules.roles.some((r) => u[r] === true)
  const by = countIn(unit)
  if (!rules.single && !marked(unit)) {
    for (let i = doc.units.length - 1; i >= 0; i--) {
      const row = doc.units[i]
      if (typeof row.count !== 'number' || marked(row) || !sameContent(row, unit, rules.optionOf && (() => rules.optionOf!(i)))) continue
      if (rules.max !== null && row.count + by > rules.max) continue
      return { doc: setCount(doc, i, row.count + by), index: i, stepped: true }
    }
  }
  return { doc: addUnit(doc, { ...unit, id }, at), index: at, stepped: false }
}

export function removeUnit(doc: RosterDocument, index: number): RosterDocument {
  return withUnits(
    doc,
    doc.units.filter((_, i) => i !== index)
  )
}

export function moveUnit(doc: RosterDocument, index: number, delta: number): RosterDocument {
  const to = index + delta
  if (to < 0 || to >= doc.units.length) return doc
  const units = [...doc.units]
  const [u] = units.splice(index, 1)
  units.splice(to, 0, u)
  return withUnits(doc, units)
}

export function setRosterField(
  doc: RosterDocument,
  field: 'name' | 'notes' | 'year' | 'pointsLimit' | 'player' | 'subFaction' | 'edition',
  value: string | number | undefined
): RosterDocument {
  const next: Record<string, unknown> = { ...doc }
  if (value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) delete next[field]
  else next[field] = value
  return next as RosterDocument
}

/** A battle card as the roster holds it. */
export type Card = RosterCard

const cardsOf = (doc: RosterDocument): Card[] => (Array.isArray(doc.battleCards) ? (doc.battleCards as Card[]) : [])
/** No battleCards field at all once the last card goes, so rosters of other rulesets stay clean. */
const withCards = (doc: RosterDocument, cards: Card[]): RosterDocument => {
  const next: RosterDocument = { ...doc, battleCards: cards }
  if (cards.length === 0) delete next.battleCards
  return next
}

export function addCard(doc: RosterDocument, card: Card): RosterDocument {
  return withCards(doc, [...cardsOf(doc), card])
}

export function removeCard(doc: RosterDocument, index: number): RosterDocument {
  return withCards(
    doc,
    cardsOf(doc).filter((_, i) => i !== index)
  )
}

export function setCardCount(doc: RosterDocument, index: number, count: number): RosterDocument {
  if (!Number.isFinite(count)) return doc
  const n = Math.max(1, Math.min(100, Math.round(count)))
  if (cardsOf(doc)[index]?.count === n) return doc
  return withCards(
    doc,
    cardsOf(doc).map((c, i) => (i === index ? { ...c, count: n } : c))
  )
}

/** One more or fewer of a battle card (− and +), from its count as it is now. */
export function stepCardCount(doc: RosterDocument, index: number, delta: number): RosterDocument {
  const card = cardsOf(doc)[index]
  return card ? setCardCount(doc, index, countIn(card) + delta) : doc
}

/**
 * A copy of a unit right after it, with an id of its own. Not its name (names tell units apart) and
 * not its role marks (`roles`: the general is one unit; the copy is an ordinary one).
 */
export function duplicateUnit(doc: RosterDocument, index: number, id: string = newUnitId(), roles: string[] = []): RosterDocument {
  const source = doc.units[index]
  if (!source) return doc
  const { id: _id, name: _name, ...rest } = source
  const copy = roles.reduce((u, role) => without(u, role), { ...rest, id } as Unit)
  const units = [...doc.units]
  units.splice(index + 1, 0, copy)
  return withUnits(doc, units)
}

/** The fields the issue list offers to cut to the format's limit (free text; an id cut would name nothing). */
const CUTTABLE = /^(?:\/(?:name|player|notes)|\/(?:units|battleCards)\/\d+\/(?:name|notes))$/

/** Whether cutText can cut the text at this path of the roster. */
export const canCut = (path: string): boolean => CUTTABLE.test(path)

/**
 * A name or notes (the roster's, a unit's, a battle card's) cut to its first `limit` characters (as the
 * format counts them: code points), e.g. a unit's notes an earlier Muster let grow past today's limit,
 * which the editor has no field for. Anything else is left as it is.
 */
export function cutText(doc: RosterDocument, path: string, limit: number): RosterDocument {
  if (!canCut(path)) return doc
  const [, first, index, field] = path.split('/')
  const cut = (v: unknown) => (typeof v === 'string' && [...v].length > limit ? [...v].slice(0, limit).join('') : v)
  if (index === undefined) {
    const value = cut(doc[first as keyof RosterDocument])
    return value === doc[first as keyof RosterDocument] ? doc : { ...doc, [first]: value }
  }
  const list = (first === 'units' ? doc.units : doc.battleCards) as Array<Record<string, unknown>> | undefined
  const item = list?.[Number(index)]
  if (!list || !item || cut(item[field]) === item[field]) return doc
  return { ...doc, [first]: list.map((x, i) => (i === Number(index) ? { ...x, [field]: cut(x[field]) } : x)) }
}
