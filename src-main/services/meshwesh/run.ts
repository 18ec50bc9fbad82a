// A Meshwesh sync as the CLI and the app start it: the importer made from the ruleset in force, the
// new catalogue proved to load over the bundled data before it is published, and the labels of the
// change report taken from the data.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine } from '../../rules'
import { projectAjv } from '../../rules/schemas'
import { projectRoot } from '../../rules/paths'
import { listConverter, MESHWESH_RULESET, meshweshRuleset } from '../../import/import-armies'
import { DEFAULT_BASE_URL, syncMeshwesh, type SyncOptions, type SyncReport } from './sync'
import { readPointer } from '../../meshwesh/catalogue'
import { readExtrasState } from '../../meshwesh/cache'

export { MESHWESH_RULESET }

export interface RunSyncInput extends Pick<SyncOptions, 'root' | 'signal' | 'onProgress' | 'http' | 'now' | 'full'> {
  baseUrl?: string
  /** Leave out the list authors' descriptions and notes (keep only facts). */
  factsOnly?: boolean
  /** Data folders laid over the catalogue (the user's own): the new catalogue must load beneath them. */
  dataDirsAbove: string[]
}

/** "Muster/0.1.0 (+https://…)": who is asking, for the server's logs. */
export function userAgent(): string {
  const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: string; homepage?: string }
  return `Muster/${pkg.version ?? '0'} (army builder${pkg.homepage ? `; +${pkg.homepage}` : ''})`
}

export async function runMeshweshSync(input: RunSyncInput): Promise<SyncReport> {
  const engine = createEngine({ dataDirs: input.dataDirsAbove })
  const triumph = meshweshRuleset(engine)
  const factLabels = new Map((triumph.ruleset.armyFacts ?? []).map((f) => [f.id, f.label]))
  return syncMeshwesh({
    root: input.root,
    baseUrl: input.baseUrl ?? DEFAULT_BASE_URL,
    userAgent: userAgent(),
    ruleset: MESHWESH_RULESET,
    converter: listConverter({ ajv: projectAjv(), triumph, eras: engine.registry.eras, factsOnly: input.factsOnly }),
    labels: { troop: (id) => triumph.troops.get(id)?.name ?? id, fact: (id) => factLabels.get(id) ?? id },
    verify: (dataDir) => {
      // Every army read and cross-checked now, as the player's next start would meet them.
      const next = createEngine({ dataDirs: [dataDir, ...input.dataDirsAbove] })
      for (const army of next.ruleset(MESHWESH_RULESET)!.armies.values()) void army
    },
    signal: input.signal,
    onProgress: input.onProgress,
    http: input.http,
    now: input.now,
    full: input.full
  })
}

/** The catalogue in force: how many lists, when published, and when its extras were last refreshed (nulls before the first sync). */
export function catalogueInForce(root: string): { lists: number; publishedAt: string | null; extrasRefreshedAt: string | null } {
  const pointer = readPointer(root)
  return {
    lists: pointer ? Object.keys(pointer.lists).length : 0,
    publishedAt: pointer?.publishedAt ?? null,
    extrasRefreshedAt: pointer ? (readExtrasState(root).refreshedAt ?? null) : null
  }
}
