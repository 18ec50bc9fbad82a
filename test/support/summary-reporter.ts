// Ends the run with one plain line, "Tests: N passed, N failed, N skipped", that CI reads. Before it,
// where the time went: each tier's files added up (import, then tests and hooks) and the slowest
// files, so a slower `npm test` says which tier and file made it slower.
import type { Reporter, TestModule } from 'vitest/node'

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

function timeReport(testModules: ReadonlyArray<TestModule>): string {
  const tiers = new Map<string, { files: number; collect: number; run: number }>()
  const files = testModules.map((mod) => {
    const d = mod.diagnostic()
    const tier = mod.project.name || 'tests'
    const t = tiers.get(tier) ?? { files: 0, collect: 0, run: 0 }
    t.files++
    t.collect += d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration
    t.run += d.duration
    tiers.set(tier, t)
    return { name: `${tier} ${mod.relativeModuleId}`, ms: d.collectDuration + d.duration }
  })
  const lines = [...tiers].map(([tier, t]) => `  ${tier}: ${t.files} files, ${seconds(t.collect)} importing, ${seconds(t.run)} in tests and hooks`)
  const slowest = files
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
    .map((f) => `  ${seconds(f.ms)}  ${f.name}`)
  return `\nTime in each tier (its files added up; two or more run at once):\n${lines.join('\n')}\nSlowest files:\n${slowest.join('\n')}\n`
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++
    }
    process.stdout.write(timeReport(testModules))
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
