// What a check code covers besides the roster, and what a printed sheet says of the data (issue 26,
// docs/adr/0016-data-in-force.md): the data version alone with the stock data, or the version and a
// fingerprint of the files in force that bear on the roster when any of them is not the bundled one.
// (The library's fingerprint of all data folders, which starts a recheck, is data-fingerprint.ts.)
import { createHash } from '../files/node-crypto'
import { readFileSync } from 'node:fs'
import { armyDigest, digestOf, fileDigest, sameBytes, wasParsed } from './data-digest'
import type { DataOrigin, LoadedRuleset } from './registry'

/**
 * What a check code covers besides the roster, and what the sheet says of the data (issue 26; see
 * docs/adr/0016-data-in-force.md). With the stock data of the roster's ruleset, army and edition,
 * the ruleset's data version alone, as always (codes printed before stay good). With any of those
 * files from elsewhere (a --data folder, the user's data folder, a Meshwesh catalogue), the version
 * and a fingerprint of exactly those files' contents (of an army list, its rules only: army-rules.ts
 * NOT_RULES leaves out its fetch date, categories and authors' words), so a print-out made with other
 * rules never verifies against the stock data, two honest copies of one list agree, and the sheet
 * says so under the version number.
 */
export interface CodedData {
  /** The text the check code hashes as its data version. */
  version: string
  /** Printed after the data version, when not stock: "checked with local data changes", "with an army list added to its data" (a list Muster does not ship), or "with Meshwesh lists of 2026-11-20". */
  note?: string
}

/** The roster's list, if read lazily and not yet asked for, read now: its digest is taken as it is parsed. */
function readDigest(loaded: LoadedRuleset, army: string, origin: DataOrigin): void {
  if (wasParsed(origin)) return
  try {
    loaded.armies.get(army)
  } catch {
    // a list that cannot be read is hashed by its file's text (fileDigest)
  }
}

/**
 * Whether an army file over a bundled one holds the bundled list's rules (army-rules.ts): a byte-for-byte
 * or reformatted copy, or a copy that differs only in bookkeeping and words (a Meshwesh sync's fetch
 * date, its categories, the authors' notes), changes no rule, so the code and the sheet stay stock.
 */
function sameRules(loaded: LoadedRuleset, army: string, origin: DataOrigin, over: string): boolean {
  if (sameBytes(origin.file, over)) return true
  readDigest(loaded, army, origin)
  try {
    return (digestOf(origin) ?? fileDigest(origin.file, true)) === armyDigest(JSON.parse(readFileSync(over, 'utf8')))
  } catch {
    return false
  }
}

const codedCache = new WeakMap<object, Map<string, CodedData>>()

export function codeData(loaded: LoadedRuleset, roster: unknown): CodedData {
  const r = (roster && typeof roster === 'object' ? roster : {}) as { army?: unknown; edition?: unknown }
  // an old id of a superseded list (list-twins.ts) is the list in force, which the check used
  const army = typeof r.army === 'string' ? loaded.armies.canonical(r.army) : ''
  const edition = typeof r.edition === 'string' ? r.edition : ''
  const key = `${army}\n${edition}`
  const cache = codedCache.get(loaded.overrides) ?? new Map<string, CodedData>()
  codedCache.set(loaded.overrides, cache)
  const known = cache.get(key)
  if (known) return known
  const { overrides } = loaded
  const files: Array<[string, DataOrigin]> = []
  if (overrides.ruleset) files.push(['ruleset', overrides.ruleset])
  overrides.costs.forEach((c, i) => files.push([`costs ${i}`, c]))
  const armyOrigin = overrides.armies.get(army)
  if (armyOrigin && !(armyOrigin.over && sameRules(loaded, army, armyOrigin, armyOrigin.over))) files.push([`army ${army}`, armyOrigin])
  const editionOrigin = overrides.editions.get(edition)
  if (editionOrigin) files.push([`edition ${edition}`, editionOrigin])
  let made: CodedData = { version: loaded.ruleset.dataVersion }
  if (files.length) {
    const hash = createHash('sha256')
    if (armyOrigin) readDigest(loaded, army, armyOrigin)
    for (const [what, origin] of files) {
      // the data as the registry parsed it, not its formatting and not what the file holds now
      // (data-digest.ts dataDigest; of an army list, its rules alone: armyDigest); a file never parsed, by its text as data
      hash.update(`${what}\n${digestOf(origin) ?? fileDigest(origin.file, what.startsWith('army '))}\n`)
    }
    const dates = [...new Set(files.map(([, o]) => o.catalogue))]
    // A list the roster's army is that Muster does not ship (imported under its own id) changes no
    // stock rule: the sheet says it was added, not that the rules were changed.
    const added = files.length === 1 && files[0][0] === `army ${army}` && !files[0][1].over && !files[0][1].catalogue
    const note =
      dates.length === 1 && dates[0] ? `with Meshwesh lists of ${dates[0]}` : added ? 'with an army list added to its data' : 'checked with local data changes'
    made = { version: `${loaded.ruleset.dataVersion}+${hash.digest('hex').slice(0, 32)}`, note }
  }
  cache.set(key, made)
  return made
}
