// Meshwesh army lists from the player's own files, converted into Muster army files for the ruleset
// Meshwesh publishes: `muster import-armies` and the app's File > Import Meshwesh Army Lists both
// call this, so the two cannot import differently.
import { createEngine, type Engine } from '../rules'
import { projectAjv } from '../rules/schemas'
import { importMeshwesh, meshweshRuleset, type ImportReport } from '../import/import-armies'

export type { ImportReport } from '../import/import-armies'

export interface ListImport {
  /** A list file, a folder of them, or a Meshwesh snapshot folder. */
  from: string
  /** The data folder to write into; nothing is written without it (a dry run). */
  out?: string
  factsOnly?: boolean
  /**
   * The data folders in force: given, the written lists are proved to load and cross-check over
   * them as bundled ones do (throws if not). The app leaves it out: it reloads its data anyway.
   */
  dataDirs?: string[]
}

/** Converts (and, given `out`, writes) the lists; throws for a missing `from` or no Meshwesh ruleset. */
export function importMeshweshLists(engine: Engine, input: ListImport): ImportReport {
  const { out } = input
  const report = importMeshwesh(input.from, {
    ajv: projectAjv(),
    triumph: meshweshRuleset(engine),
    eras: engine.registry.eras,
    out,
    factsOnly: input.factsOnly
  })
  if (out && input.dataDirs && report.imported.length) createEngine({ dataDirs: [...input.dataDirs.filter((d) => d !== out), out] })
  return report
}
