// What a roster's structure schema found wrong, in players' words: a missing or unknown field, a
// troop type the ruleset lacks, a count, a text or list too long, a value out of range. The schema
// errors of one check are read once each, and one issue is made per field and code.
import type { ErrorObject } from 'ajv'
import { formatYear, listWords } from './messages'
import type { LoadedRuleset } from './registry'
import type { Issue, Roster } from './types'

/** An error of the roster's own form (rule 'roster-schema'). */
export const schemaIssue = (code: string, path: string, message: string): Issue => ({ code, severity: 'error', path, rule: 'roster-schema', message })

function describeWhere(path: string, roster: Partial<Roster>, loaded: LoadedRuleset): string {
  const card = /^\/battleCards\/(\d+)/.exec(path)
  if (card) return `Battle card ${Number(card[1]) + 1}`
  const m = /^\/units\/(\d+)/.exec(path)
  if (!m) return 'The roster'
  const index = Number(m[1])
  const unit = Array.isArray(roster.units) ? (roster.units[index] as { troop?: unknown } | undefined) : undefined
  const troop = typeof unit?.troop === 'string' ? loaded.troops.get(unit.troop) : undefined
  return `Unit ${index + 1}${troop ? ` (${troop.name})` : ''}`
}

/** The issues of a roster's structure schema errors: one per code and place. */
export function structuralIssues(errors: ErrorObject[] | null | undefined, roster: Partial<Roster>, loaded: LoadedRuleset): Issue[] {
  const out: Issue[] = []
  const seen = new Set<string>()
  for (const e of errors ?? []) {
    const issue = errorIssue(e, roster, loaded)
    const key = `${issue.code} ${issue.path}`
    if (!seen.has(key)) {
      seen.add(key)
      out.push(issue)
    }
  }
  return out
}

/** One schema error as an issue, in players' words. */
function errorIssue(e: ErrorObject, roster: Partial<Roster>, loaded: LoadedRuleset): Issue {
  const where = describeWhere(e.instancePath, roster, loaded)
  const field = e.instancePath.split('/').pop() ?? ''
  const params = e.params as Record<string, unknown>
  if (e.keyword === 'required') {
    const prop = String(params.missingProperty)
    return schemaIssue('missing-field', `${e.instancePath}/${prop}`, `${where} is missing '${prop}'.`)
  }
  if (e.keyword === 'additionalProperties') {
    const prop = String(params.additionalProperty)
    const isUnit = /^\/units\/\d+$/.test(e.instancePath)
    const troop = isUnit ? loaded.troops.get(String((roster.units as Array<{ troop?: string }>)[Number(field)]?.troop)) : undefined
    const takes = troop ? ` ${troop.plural ?? troop.name} take: ${Object.keys(troop.attributes ?? {}).join(', ') || 'no attributes'}.` : ''
    const noCards = prop === 'battleCards' && e.instancePath === '' ? ` ${loaded.ruleset.name} has no battle cards.` : ''
    return schemaIssue('unknown-field', `${e.instancePath}/${prop}`, `${where} has an unknown ${isUnit ? 'attribute' : 'field'} '${prop}'.${takes}${noCards}`)
  }
  if (e.keyword === 'discriminator') {
    const value = params.tagValue
    if (params.error === 'mapping' && typeof value === 'string') {
      return schemaIssue(
        'unknown-troop',
        `${e.instancePath}/troop`,
        `${where}: '${value}' is not a troop type of ${loaded.ruleset.name}; known types: ${[...loaded.troops.keys()].join(', ')}.`
      )
    }
    return schemaIssue('invalid-value', `${e.instancePath}/troop`, `${where}: 'troop' must be a troop-type id (text).`)
  }
  if (field === 'count' && /^\/units\/\d+\/count$/.test(e.instancePath)) {
    const value = (roster.units as Array<{ count?: unknown }>)[Number(e.instancePath.split('/')[2])]?.count
    return schemaIssue(
      'invalid-count',
      e.instancePath,
      `${where}: count must be a whole number of ${loaded.ruleset.costUnit}s, at least 1; got ${JSON.stringify(value)}.`
    )
  }
  if ((e.keyword === 'maxLength' || e.keyword === 'maxItems') && typeof params.limit === 'number')
    return tooLong(e.instancePath, e.keyword, params.limit, roster, where)
  if (e.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map(String)
    return schemaIssue('invalid-value', e.instancePath, `${where}: '${field}' must be ${listWords(allowed)}.`)
  }
  if (e.keyword === 'const') return schemaIssue('invalid-value', e.instancePath, `${where}: '${field}' must be ${JSON.stringify(params.allowedValue)}.`)
  return schemaIssue(e.instancePath === '' ? 'invalid-roster' : 'invalid-value', e.instancePath, `${where}: ${fieldWords(field)} ${schemaWords(e, field)}.`)
}

/** A roster field as players call it. */
const FIELD_WORDS: Record<string, string> = {
  year: 'the year',
  pointsLimit: 'the points limit',
  name: 'the name',
  notes: 'the notes',
  player: "the player's name",
  version: 'the format version',
  edition: 'the data edition',
  subFaction: 'the part of the list'
}
const fieldWords = (field: string) => FIELD_WORDS[field] ?? (field ? `'${field}'` : 'the roster')

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields (an object)',
  null: 'empty'
}

/** What a schema keyword asks, in players' words ("must be 2000 AD or earlier", not "must be <= 2000"). */
function schemaWords(e: ErrorObject, field: string): string {
  const p = e.params as Record<string, unknown>
  const limit = typeof p.limit === 'number' ? p.limit : undefined
  const shown = (n: number) => (field === 'year' ? formatYear(n) : number(n))
  switch (e.keyword) {
    case 'maximum':
      return `must be ${shown(limit!)} or ${field === 'year' ? 'earlier' : 'less'}`
    case 'minimum':
      return `must be ${shown(limit!)} or ${field === 'year' ? 'later' : 'more'}`
    case 'exclusiveMaximum':
      return `must be less than ${shown(limit!)}`
    case 'exclusiveMinimum':
      return `must be more than ${shown(limit!)}`
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(',')).map((t) => TYPE_WORDS[String(t)] ?? String(t))
      return `must be ${listWords(types)}`
    }
    case 'multipleOf':
      return `must be a multiple of ${number(Number(p.multipleOf))}`
    case 'minLength':
      return 'must not be empty'
    case 'minItems':
      return `must have at least ${number(limit ?? 1)}`
    case 'pattern':
    case 'format':
      return 'is not written the way Muster reads it'
    default:
      return 'is not valid'
  }
}

const number = (n: number) => n.toLocaleString('en-GB')

/** The value at a JSON Pointer of the roster (undefined where there is none). */
function valueAt(roster: unknown, path: string): unknown {
  return path
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      roster
    )
}

/**
 * A text or list past the roster format's length limit (docs/adr/0017-length-limits.md), in players'
 * words: how long it is, the most it may be, and what to do. A roster saved by an earlier Muster may
 * be (the library keeps it whole: rules/stored-roster.ts); the editor cuts a name or notes to the
 * limit from the issue list (`limit`).
 */
function tooLong(path: string, keyword: 'maxLength' | 'maxItems', limit: number, roster: Partial<Roster>, where: string): Issue {
  const value = valueAt(roster, path)
  const field = path.split('/').pop() ?? ''
  const holder = /^\/units\/\d+$/.test(path.replace(/\/[^/]*$/, ''))
    ? 'a unit'
    : /^\/battleCards\/\d+$/.test(path.replace(/\/[^/]*$/, ''))
      ? 'a battle card'
      : 'a roster'
  const owner = where === 'The roster' ? "The roster's" : `${where}'s`
  if (keyword === 'maxItems') {
    const count = Array.isArray(value) ? value.length : limit + 1
    const what = field === 'battleCards' ? 'battle-card entries' : field === 'units' ? 'units' : `'${field}' entries`
    const fix =
      field === 'units'
        ? 'remove some (or join units of the same troops: a unit’s count may be many figures or stands)'
        : field === 'battleCards'
          ? 'remove some (a card’s count says how many)'
          : 'remove some'
    return { ...schemaIssue('too-many', path, `${where} has ${number(count)} ${what}; the most a roster may hold is ${number(limit)}: ${fix}.`), limit }
  }
  const length = typeof value === 'string' ? [...value].length : limit + 1
  const plural = field === 'notes'
  const label = field === 'notes' || field === 'name' ? field : field === 'player' ? "player's name" : `'${field}'`
  const shown = field === 'player' ? `The player's name` : `${owner} ${label}`
  return {
    ...schemaIssue(
      'too-long',
      path,
      `${shown} ${plural ? 'are' : 'is'} ${number(length)} characters; ${plural ? `the most ${holder} may hold is` : 'the most it may be is'} ${number(limit)}: shorten ${plural ? 'them' : 'it'}.`
    ),
    limit
  }
}
