// After `muster meshwesh sync`: the library file rechecked with the new catalogue in force (impact.ts),
// as the app rechecks its library at its next start.
import { createEngine } from '../../rules'
import { dataFingerprint } from '../../rules/data-fingerprint'
import { bundledDataDir } from '../../rules/paths'
import { MESHWESH_RULESET } from '../../import/import-armies'
import { documentChecks } from '../library-checks'
import { withLibraryFile } from '../library-file'
import { userDataDirs } from '../user-data'
import { syncImpact, type SyncImpact } from './impact'
import type { SyncReport } from './sync'

export async function libraryImpactAt(path: string, report: SyncReport): Promise<SyncImpact> {
  const dirs = userDataDirs()
  const engine = createEngine({ dataDirs: dirs })
  const fingerprint = dataFingerprint([bundledDataDir(), ...dirs])
  return withLibraryFile(path, (db) => syncImpact(db, engine, documentChecks(engine), fingerprint, report, MESHWESH_RULESET))
}
