// The reliability tests of check codes (test/reliability/check-codes*.test.ts): the collision pair
// and the data version their codes hash.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderPdf } from '../../src-main/export/write-pdf'
import type { DocDefinition } from '../../src-main/export/pdf-types'
import { bundledEngine, repoRoot } from './engine'

const fixtures = join(repoRoot, 'test', 'reliability', 'fixtures')
export const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
export const dataVersion = () => bundledEngine().ruleset('triumph')!.ruleset.dataVersion
/** The Triumph! data version collision/search.ts found the version-1 pair under. */
export const COLLISION_DATA_VERSION = '1.2.0'

/** A legal 48-point and an illegal 64-point roster that share one version-1 code. */
export const collision = {
  legalFile: join(fixtures, 'collision-legal.muster.json'),
  illegalFile: join(fixtures, 'collision-illegal.muster.json'),
  legal: () => read(join(fixtures, 'collision-legal.muster.json')),
  illegal: () => read(join(fixtures, 'collision-illegal.muster.json'))
}

/** A new folder (from `temp`) with the legal collision roster submitted in it: the folder, the roster and its file (legion.muster.json). */
export function legalSubmitted(temp: () => string): { dir: string; legal: Record<string, unknown>; file: string } {
  const dir = temp()
  const legal = collision.legal()
  const file = join(dir, 'legion.muster.json')
  writeFileSync(file, JSON.stringify(legal))
  return { dir, legal, file }
}

/** A print-out as Muster made them before issue 26: `code` (a version-1 code) as the whole Keywords entry. */
export const oldPrintOut = (code: string) =>
  renderPdf({ pageSize: 'A4', content: ['an old print-out'], info: { title: 'Legion: roster', keywords: `muster-check-code:${code}` } } as DocDefinition)
