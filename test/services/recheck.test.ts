// Recheck (services/recheck.ts): rosters checked as they are and under a data change; those the
// change does not reach said apart. What `muster recheck` reports (test/cli/recheck.test.ts runs it).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { editionNames, recheck, underData, underEdition } from '../../src-main/services/recheck'
import { bundledEngine, repoRoot } from '../support/engine'
import { hussite } from '../support/fixtures-hussite'

const engine = bundledEngine()
const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as unknown

describe('recheck', () => {
  it('under a data edition: the change to points and verdict, and the rosters of other rulesets skipped', () => {
    const after = underEdition(engine, 'qrs-2018')!
    const { impacts, skipped } = recheck(
      [
        { file: 'zizka.json', name: null, data: hussite },
        { file: 'wrg.json', name: null, data: example('wrg-1969-legal') }
      ],
      engine,
      after
    )
    expect(impacts).toHaveLength(1)
    expect(impacts[0]).toMatchObject({
      file: 'zizka.json',
      name: 'Zizka',
      changed: true,
      before: { points: 48, valid: true },
      after: { points: 51, valid: false }
    })
    expect(skipped).toEqual([{ file: 'wrg.json', ruleset: 'wrg-1969' }])
  })

  it('an edition no ruleset has is refused (undefined), and the editions there are can be named', () => {
    expect(underEdition(engine, 'no-such')).toBeUndefined()
    expect(editionNames(engine)).toContain(`qrs-2018 (${engine.ruleset('triumph')!.ruleset.shortName ?? 'Triumph!'})`)
  })

  it('under other data: the same engine changes nothing', () => {
    const { impacts, skipped } = recheck([{ file: 'a.json', name: 'Named', data: example('triumph-legal') }], engine, underData(engine))
    expect(skipped).toEqual([])
    expect(impacts[0]).toMatchObject({ name: 'Named', changed: false })
  })
})
