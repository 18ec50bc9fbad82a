// A Meshwesh catalogue on disk as a sync leaves it (catalogue.json naming one folder of lists), made
// by hand: for the tests of what a synced list changes (check codes, data fingerprints).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Writes `lists` (army lists by file id) into `root`/c-1/triumph/armies and a catalogue published on `published` (a date). Answers the lists' folder. */
export function writeCatalogue(root: string, lists: Record<string, unknown>, published = '2026-11-20'): string {
  const folder = join(root, 'c-1')
  mkdirSync(join(folder, 'triumph', 'armies'), { recursive: true })
  for (const [id, list] of Object.entries(lists)) writeFileSync(join(folder, 'triumph', 'armies', `${id}.json`), JSON.stringify(list))
  writeFileSync(
    join(root, 'catalogue.json'),
    JSON.stringify({
      format: 'muster-meshwesh-catalogue',
      version: 1,
      folder: 'c-1',
      publishedAt: `${published}T10:00:00.000Z`,
      baseUrl: 'http://127.0.0.1:1',
      ruleset: 'triumph',
      count: Object.keys(lists).length
    })
  )
  return folder
}
