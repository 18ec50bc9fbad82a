// "Armies I can field" (issue 25): every army of every ruleset against a 300-item collection, with
// the Meshwesh catalogue synced (the engine given). Goal < 200 ms.
import type { Engine } from '../src-main/rules'
import { armiesFielded, countsAsTable, makeItem } from '../src-main/services/collection'
import type { CollectionItem } from '../src-main/store'
import { met } from './verdict'

/** 300 items: every kind of figures of the counts-as table, entered from each ruleset it maps to, in varied counts. */
export function benchCollection(engine: Engine, size = 300): CollectionItem[] {
  const sources = countsAsTable().kinds.flatMap((kind) => Object.entries(kind.troops).map(([ruleset, as]) => ({ kind, ruleset, as })))
  return Array.from({ length: size }, (_, i) => {
    const { kind, ruleset, as } = sources[i % sources.length]
    return makeItem(engine, { name: `${kind.name} ${i + 1}`, count: 1 + (i % 12), ruleset, troop: as.troop, attributes: as.attributes })
  })
}

export function collectionBench(engine: Engine, label: string): void {
  const items = benchCollection(engine)
  // The app reads every army list once a session, to list them (the army picker's line): read here
  // first, and timed apart, so the first "armies I can field" is what opening it costs in the app.
  const t0 = process.hrtime.bigint()
  let lists = 0
  for (const loaded of engine.registry.rulesets.values()) for (const _army of loaded.armies.values()) lists++
  const readMs = Number(process.hrtime.bigint() - t0) / 1e6
  const t1 = process.hrtime.bigint()
  const first = armiesFielded(engine, items)
  const firstMs = Number(process.hrtime.bigint() - t1) / 1e6
  const times: number[] = []
  for (let i = 0; i < 15; i++) {
    const t = process.hrtime.bigint()
    armiesFielded(engine, items)
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  const warm = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]
  const worst = Math.max(firstMs, warm)
  console.log(
    `armies I can field: ${first.length} armies of ${new Set(first.map((a) => a.ruleset)).size} rulesets (${label}) against a ${items.length}-item collection: ` +
      `first ${firstMs.toFixed(0)} ms (each army's context made), then ${warm.toFixed(1)} ms median of ${times.length} (goal < 200 ms, ${met(worst < 200)}); ` +
      `the ${lists} lists read beforehand, as the app does once a session, in ${readMs.toFixed(0)} ms`
  )
}
