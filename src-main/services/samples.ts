// The welcome's sample rosters: the examples/ rosters the engine finds legal, one click from being a
// roster of the user's own. The illegal examples are there to show errors, so they are not offered.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { examplesDir } from '../rules/paths'
import { documentChecks } from './library-checks'
import { readRosterFile } from '../files/read-json'
import * as store from '../store'
import { createRoster } from './library'

/** A sample as the welcome lists it. */
export interface SampleSummary {
  /** Its file name: what addSample takes. */
  file: string
  name: string
  ruleset: string
  army: string
  armyName: string
  points: number
  limit: number | null
  units: number
}

interface Sample {
  summary: SampleSummary
  document: store.RosterDocument
}

/** Every legal example, by ruleset (in the order the registry lists them) and then name. */
function loadSamples(engine: Engine, ajv: Ajv2020, dir: string): Sample[] {
  const checks = documentChecks(engine, ajv)
  let files: string[]
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.muster.json'))
  } catch {
    return [] // an install without examples: the welcome offers none
  }
  const order = [...engine.registry.rulesets.keys()]
  const samples: Sample[] = []
  for (const file of files) {
    const read = readRosterFile(join(dir, file))
    if (!read.ok || checks.validate(read.data)) continue
    // `$schema` points into this checkout's schemas/: no use in the user's library or their exports.
    const { $schema: _schema, ...document } = read.data as store.RosterDocument
    const verdict = engine.check(document)
    if (!verdict.valid) continue
    const armyName = engine.ruleset(document.ruleset)?.armies.get(document.army)?.name ?? document.army
    samples.push({
      document,
      summary: {
        file,
        name: document.name ?? armyName,
        ruleset: document.ruleset,
        army: document.army,
        armyName,
        points: verdict.points,
        limit: verdict.limit,
        units: document.units.length
      }
    })
  }
  return samples.sort((a, b) => order.indexOf(a.summary.ruleset) - order.indexOf(b.summary.ruleset) || a.summary.name.localeCompare(b.summary.name))
}

/** The samples of `dir` (by default the examples), read and checked once, when first asked for. */
export function sampleRosters(engine: Engine, ajv: Ajv2020, dir = examplesDir()) {
  const checks = documentChecks(engine, ajv)
  let samples: Sample[] | undefined
  const all = () => (samples ??= loadSamples(engine, ajv, dir))
  return {
    list: (): SampleSummary[] => all().map((s) => s.summary),
    /** The sample named by its file, added to the library as a new roster. */
    add(db: store.Db, file: string): store.RosterRow {
      const sample = all().find((s) => s.summary.file === file)
      if (!sample) throw new store.StoreError('not-found', `There is no sample roster called ${file}.`)
      return createRoster(db, checks, sample.document)
    }
  }
}
