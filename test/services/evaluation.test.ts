// One evaluation per edit (services/evaluation.ts, engine.evaluate): the editor's one call gives the
// verdict and the options of one check; it is remembered for that document, so the save that
// follows stores the same verdict without checking the roster again.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rememberingEvaluator } from '../../src-main/services/evaluation'
import { libraryHandlers } from '../../src-main/ipc/library-handlers'
import { createAjv } from '../../src-main/rules/schemas'
import type { Engine, Roster } from '../../src-main/rules'
import { rosterOptions } from '../../src-main/rules/options'
import type { RosterDocument } from '../../src-main/store'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { openLibrary } from '../../src-main/store'

const engine = bundledEngine()
const tempDir = tempFolders('muster-evaluation-')
const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as RosterDocument

/** The engine, counting its checks (evaluate runs one, plus one per candidate unit the options try). */
function counting(inner: Engine): { engine: Engine; checks: () => number; evaluations: () => number } {
  let checks = 0
  let evaluations = 0
  const engine: Engine = {
    ...inner,
    check: (roster) => {
      checks++
      return inner.check(roster)
    },
    evaluate: (roster) => {
      evaluations++
      return inner.evaluate(roster)
    }
  }
  return { engine, checks: () => checks, evaluations: () => evaluations }
}

describe('engine.evaluate', () => {
  it.each(['triumph-legal', 'wrg-1969-illegal', 'wrg-mk2-legal', 'cca-miniatures-illegal', 'portable-ancients-legal'])(
    '%s: the verdict of check() and the options of options()',
    (name) => {
      const roster = example(name)
      const { verdict, options } = engine.evaluate(roster)
      expect(verdict).toEqual(engine.check(roster))
      // The options pass checks its candidates without figures: the same offers as with full checks.
      const ctx = engine.armyContext(verdict.ruleset!, verdict.army!)
      expect(options).toEqual(rosterOptions(ctx, roster as Roster, verdict, engine.check))
    }
  )

  it('an unknown army: its verdict says why, and nothing is offered', () => {
    const { verdict, options } = engine.evaluate({ ...example('triumph-legal'), army: 'no-such-army' })
    expect(verdict.issues[0].code).toBe('unknown-army')
    expect(options).toEqual({ available: [], unavailable: [], contingents: [], leftOut: [], cards: [] })
  })
})

describe('rememberingEvaluator', () => {
  it('the same document (a fresh copy, as IPC brings it) is evaluated once', () => {
    const c = counting(engine)
    const evaluator = rememberingEvaluator(c.engine)
    const doc = example('wrg-1969-legal')
    const first = evaluator.evaluate(doc)
    expect(evaluator.evaluate(structuredClone(doc))).toBe(first)
    expect(c.evaluations()).toBe(1)
    // An edit is a new document.
    const edited = { ...doc, units: doc.units.map((u, i) => (i === 0 ? { ...u, count: u.count + 1 } : u)) }
    expect(evaluator.evaluate(edited).verdict.points).not.toBe(first.verdict.points)
    expect(c.evaluations()).toBe(2)
  })

  it('a verdict asked after its evaluation is the remembered one; any other is a check', () => {
    const c = counting(engine)
    const evaluator = rememberingEvaluator(c.engine)
    const doc = example('triumph-legal')
    const { verdict } = evaluator.evaluate(doc)
    const before = c.checks()
    expect(evaluator.verdict(structuredClone(doc))).toBe(verdict)
    expect(c.checks()).toBe(before)
    expect(evaluator.verdict(example('triumph-illegal')).valid).toBe(false)
    expect(c.checks()).toBe(before + 1)
  })

  it('a name or notes edit is checked, and keeps the options of the edit before (no new options pass)', () => {
    const c = counting(engine)
    const evaluator = rememberingEvaluator(c.engine)
    const doc = example('triumph-legal')
    const first = evaluator.evaluate(doc)
    const renamed = evaluator.evaluate({ ...doc, name: 'Renamed', notes: 'Painted in 2026' })
    expect(c.evaluations()).toBe(1)
    expect(renamed.options).toBe(first.options)
    expect(renamed.verdict).toEqual(engine.check({ ...doc, name: 'Renamed', notes: 'Painted in 2026' }))
    // A change of what decides the offers is a full evaluation again.
    evaluator.evaluate({ ...doc, name: 'Renamed', year: 120 })
    expect(c.evaluations()).toBe(2)
  })

  it('keeps the last few documents only', () => {
    const c = counting(engine)
    const evaluator = rememberingEvaluator(c.engine, 2)
    const docs = [1, 2, 3].map((n) => ({ ...example('portable-ancients-legal'), pointsLimit: 40 + n }))
    for (const d of docs) evaluator.evaluate(d)
    evaluator.evaluate(docs[2])
    evaluator.evaluate(docs[1])
    expect(c.evaluations()).toBe(3)
    evaluator.evaluate(docs[0])
    expect(c.evaluations()).toBe(4)
  })

  it("autosave stores the edit's verdict without checking the roster again", async () => {
    const dir = tempDir()
    const lib = await openLibrary(join(dir, 'library.sqlite'))
    try {
      const c = counting(engine)
      const evaluator = rememberingEvaluator(c.engine)
      const handlers = libraryHandlers(lib.db, c.engine, createAjv(), { verdictOf: evaluator.verdict })
      const doc = example('wrg-1969-legal')
      const row = await handlers.createRoster(doc)
      const edited = { ...doc, name: 'Edited' }
      const { verdict } = evaluator.evaluate(edited)
      const before = c.checks()
      const saved = await handlers.saveRoster(row.id, structuredClone(edited))
      expect(c.checks()).toBe(before)
      expect(saved.points).toBe(verdict.points)
      expect(saved.valid).toBe(verdict.valid)
    } finally {
      lib.close()
    }
  })
})
