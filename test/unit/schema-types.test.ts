// The types in src-main/generated-types/ are generated from schemas/*.json (scripts/schema-types.ts): regenerate
// them in memory and fail when a checked-in file differs, so a schema and its type cannot drift apart.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generate, targets } from '../../scripts/schema-types'

const repoRoot = join(__dirname, '..', '..')

describe('types generated from the schemas', () => {
  it.each(targets.map((t) => [t.out, t] as const))('%s is what its schema generates', async (_out, t) => {
    const checkedIn = readFileSync(join(repoRoot, t.out), 'utf8')
    expect(await generate(t), `${t.out} differs from schemas/${t.schema}: run \`npx tsx scripts/schema-types.ts\``).toBe(checkedIn)
  })
})
