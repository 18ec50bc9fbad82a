// The Meshwesh sync's tests (test/services/meshwesh-sync*.test.ts): a small catalogue, a sync with
// quick time-outs against a stand-in server, and what it published.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { runMeshweshSync } from '../../src-main/services/meshwesh/run'
import { fixtureSummary, type MeshweshServer } from './meshwesh-server'

/** A small catalogue for most tests: quick, and still with allies, categories and enemies. */
export const SOME = fixtureSummary()
  .slice(0, 40)
  .map((s) => s.id)

type SyncOptions = Parameters<typeof runMeshweshSync>[0]

/** A sync into `root` from a server (or an address) with these HTTP settings, no data folders above. */
export const syncWith =
  (http: SyncOptions['http']) =>
  (root: string, server: MeshweshServer | string, more: Partial<SyncOptions> = {}) =>
    runMeshweshSync({ root, baseUrl: typeof server === 'string' ? server : server.url, dataDirsAbove: [], http, ...more })

/** The army files the catalogue in force holds. */
export const publishedArmies = (root: string) => {
  const p = readPointer(root)!
  return readdirSync(join(root, p.folder, 'triumph', 'armies')).filter((f) => f.endsWith('.json'))
}
