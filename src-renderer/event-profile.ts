// The event form's draft of a profile (schemas/event.schema.json) and the profile it writes: every
// rule the schema has is a field of the draft, so the form shows and edits them all. Rules the form
// does not know (written by a later Muster, or by hand) stay as they were loaded, and are listed.
import { parseYear, formatYear } from './format'

/** The roster fields a profile may require (the schema's requiredFields). */
export const REQUIRED_FIELDS = ['player', 'name', 'year', 'notes'] as const
export type RequiredField = (typeof REQUIRED_FIELDS)[number]

export interface Draft {
  name: string
  /** When the event is held: an ISO date, or free text as a profile may have it. */
  date: string
  ruleset: string
  pointsLimit: string
  from: string
  to: string
  allies: boolean
  requiredFields: RequiredField[]
  /** Army ids only these may come (empty: any). */
  allowed: string[]
  /** Army ids that never may. */
  banned: string[]
  /** The army pool: Meshwesh list numbers and categories, comma-separated as typed. */
  lists: string
  categories: string
  /** Battle cards allowed and banned, codes comma-separated. */
  allowedCards: string
  bannedCards: string
  /** The data edition every roster is checked under ('' for the ruleset's own values). */
  edition: string
  /** The data version rosters are checked against ('' for any). */
  dataVersion: string
  /** Optional amendments set for every roster (an id left out: as each roster has it). */
  amendments: Record<string, boolean>
  /** How many rounds are planned ('' for not said). */
  rounds: string
  /** A round's length in minutes, for the projector's clock ('' for the default). */
  roundMinutes: string
  /** Points for a win, draw and loss, and a bye ('' for the default). */
  win: string
  draw: string
  loss: string
  byeScore: string
  /** The json-logic scoring formula as JSON text ('' for none): it replaces win, draw and loss. */
  formula: string
  /** The tie-breaks in order (empty: the default order). */
  tiebreaks: TiebreakId[]
  clubApart: boolean
  countryApart: boolean
  fixedTables: Array<{ player: string; table: string }>
  /** What the rosters do not say of the players: club and country. */
  players: Array<{ name: string; club: string; country: string }>
  /** Rules of a loaded profile this form does not know, kept as they were. */
  rest: Record<string, unknown>
}

export type TiebreakId = 'opponentsScore' | 'pointsDestroyed' | 'headToHead'
/** The tie-breaks in the schema's default order, as organisers call them. */
export const TIEBREAKS: Array<{ id: TiebreakId; words: string }> = [
  { id: 'opponentsScore', words: 'opponents’ score' },
  { id: 'pointsDestroyed', words: 'points destroyed' },
  { id: 'headToHead', words: 'head to head' }
]

/** The formula typed, read: undefined for none, null when it is not a JSON object. */
export function formulaOf(text: string): Record<string, unknown> | null | undefined {
  if (!text.trim()) return undefined
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export const blankDraft = (ruleset: string): Draft => ({
  name: '',
  date: '',
  ruleset,
  pointsLimit: '',
  from: '',
  to: '',
  allies: true,
  requiredFields: ['player'],
  allowed: [],
  banned: [],
  lists: '',
  categories: '',
  allowedCards: '',
  bannedCards: '',
  edition: '',
  dataVersion: '',
  amendments: {},
  rounds: '',
  roundMinutes: '',
  win: '',
  draw: '',
  loss: '',
  byeScore: '',
  formula: '',
  tiebreaks: [],
  clubApart: false,
  countryApart: false,
  fixedTables: [],
  players: [],
  rest: {}
})

/** "66a, 115" -> ["66a", "115"]; nothing typed -> undefined (the field is left out). */
const words = (text: string, upper = false): string[] | undefined => {
  const list = [
    ...new Set(
      text
        .split(',')
        .map((s) => (upper ? s.trim().toUpperCase() : s.trim()))
        .filter(Boolean)
    )
  ]
  return list.length ? list : undefined
}
/** A number typed ('' or not a number: left out, so the default holds). */
const num = (text: string): number | undefined => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined)
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
/** An object with its undefined and empty-list fields left out; undefined when nothing is left. */
const compact = (o: Record<string, unknown>): Record<string, unknown> | undefined => {
  const out = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)))
  return Object.keys(out).length ? out : undefined
}

/** The profile the draft says: only the rules set, in the schema's shape, with the rules it does not know. */
export function toProfile(d: Draft): Record<string, unknown> {
  const from = parseYear(d.from)
  const to = parseYear(d.to)
  const armies = compact({ allowed: d.allowed, banned: d.banned, lists: words(d.lists), categories: words(d.categories) })
  const cards = compact({ allowed: words(d.allowedCards, true), banned: words(d.bannedCards, true) })
  const known: Record<string, unknown> = {
    format: 'muster-event',
    version: 1,
    name: d.name.trim() || 'Event',
    date: d.date.trim() || undefined,
    ruleset: d.ruleset,
    pointsLimit: d.pointsLimit.trim() ? Number(d.pointsLimit) : undefined,
    dates: from !== null || to !== null ? { ...(from !== null ? { from } : {}), ...(to !== null ? { to } : {}) } : undefined,
    armies,
    allies: d.allies ? undefined : false,
    battleCards: cards,
    requiredFields: d.requiredFields.length ? REQUIRED_FIELDS.filter((f) => d.requiredFields.includes(f)) : undefined,
    dataVersion: d.dataVersion.trim() || undefined,
    edition: d.edition || undefined,
    amendments: Object.keys(d.amendments).length ? d.amendments : undefined,
    rounds: num(d.rounds),
    roundMinutes: num(d.roundMinutes),
    scoring: compact({
      ...(formulaOf(d.formula) ? { formula: formulaOf(d.formula) } : { win: num(d.win), draw: num(d.draw), loss: num(d.loss) }),
      byeScore: num(d.byeScore)
    }),
    tiebreaks: d.tiebreaks.length ? d.tiebreaks : undefined,
    constraints: compact({
      clubApart: d.clubApart || undefined,
      countryApart: d.countryApart || undefined,
      fixedTables: d.fixedTables.filter((f) => f.player.trim() && num(f.table) !== undefined).map((f) => ({ player: f.player.trim(), table: num(f.table) }))
    }),
    players: d.players.some((p) => p.name.trim())
      ? d.players
          .filter((p) => p.name.trim())
          .map((p) => ({ name: p.name.trim(), ...(p.club.trim() ? { club: p.club.trim() } : {}), ...(p.country.trim() ? { country: p.country.trim() } : {}) }))
      : undefined
  }
  return Object.fromEntries(Object.entries({ ...d.rest, ...known }).filter(([, v]) => v !== undefined))
}

/** A loaded profile as the form's draft: each rule in its field, what the form does not know in `rest`. */
export function fromProfile(p: Record<string, unknown>, fallback: string): Draft {
  const {
    format: _f,
    version: _v,
    name,
    date,
    ruleset,
    pointsLimit,
    dates,
    armies,
    allies,
    battleCards,
    requiredFields,
    dataVersion,
    edition,
    amendments,
    rounds,
    roundMinutes,
    scoring,
    tiebreaks,
    constraints,
    players,
    ...rest
  } = p
  const period = obj(dates)
  const pool = obj(armies)
  const cards = obj(battleCards)
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  const year = (v: unknown) => (typeof v === 'number' ? formatYear(v) : '')
  const on = obj(amendments)
  const score = obj(scoring)
  const apart = obj(constraints)
  const numText = (v: unknown) => (typeof v === 'number' ? String(v) : '')
  const known = new Set<string>(TIEBREAKS.map((t) => t.id))
  return {
    name: text(name),
    date: text(date),
    ruleset: text(ruleset) || fallback,
    pointsLimit: typeof pointsLimit === 'number' ? String(pointsLimit) : '',
    from: year(period.from),
    to: year(period.to),
    allies: allies !== false,
    requiredFields: REQUIRED_FIELDS.filter((f) => strings(requiredFields).includes(f)),
    allowed: strings(pool.allowed),
    banned: strings(pool.banned),
    lists: strings(pool.lists).join(', '),
    categories: strings(pool.categories).join(', '),
    allowedCards: strings(cards.allowed).join(', '),
    bannedCards: strings(cards.banned).join(', '),
    edition: text(edition),
    dataVersion: text(dataVersion),
    amendments: Object.fromEntries(Object.entries(on).filter((e): e is [string, boolean] => typeof e[1] === 'boolean')),
    rounds: numText(rounds),
    roundMinutes: numText(roundMinutes),
    win: numText(score.win),
    draw: numText(score.draw),
    loss: numText(score.loss),
    byeScore: numText(score.byeScore),
    formula: score.formula === undefined ? '' : JSON.stringify(score.formula),
    tiebreaks: strings(tiebreaks).filter((t): t is TiebreakId => known.has(t)),
    clubApart: apart.clubApart === true,
    countryApart: apart.countryApart === true,
    fixedTables: (Array.isArray(apart.fixedTables) ? apart.fixedTables : []).map((f) => ({ player: text(obj(f).player), table: numText(obj(f).table) })),
    players: (Array.isArray(players) ? players : []).map((x) => ({ name: text(obj(x).name), club: text(obj(x).club), country: text(obj(x).country) })),
    rest
  }
}
