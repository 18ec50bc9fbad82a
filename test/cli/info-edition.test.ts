// Every face shows the edition's values (issue 24, item 9): `muster info` of a roster checked under
// the `meshwesh-current` edition prints the troop types as that edition has them (Pavisiers 4 vs
// mounted, War Wagons 4 when shot at), as its cards and sheets do; and the app's ruleset details too.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rulesHandlers } from '../../src-main/ipc/handlers'
import type { RulesetDetails } from '../../src-main/ipc/contract'
import { musterHere } from '../support/cli'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-info-edition-')
const roster = (edition?: string) => ({
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'early-achaemenid-persian-56a',
  year: -540,
  ...(edition ? { edition } : {}),
  units: [
    { troop: 'pavisiers', count: 4 },
    { troop: 'war-wagons', count: 1 }
  ]
})
const row = (out: string, troop: string) =>
  out
    .split('\n')
    .map((l) => l.trim().split(/\s{2,}/))
    .filter((cells) => cells[0] === troop)
    .pop()!

describe("the edition's values on every face", () => {
  it('muster info: the troop table under meshwesh-current has its values; under the ruleset its own', async () => {
    const dir = tmp()
    const current = join(dir, 'current.json')
    const own = join(dir, 'own.json')
    writeFileSync(current, JSON.stringify(roster('meshwesh-current')))
    writeFileSync(own, JSON.stringify(roster()))
    const header = (out: string) => row(out, 'Troop')
    const value = (out: string, troop: string, stat: RegExp) => row(out, troop)[header(out).findIndex((h) => stat.test(h))]
    const a = (await musterHere(['info', current])).stdout
    const b = (await musterHere(['info', own])).stdout
    expect(value(a, 'Pavisiers', /vs mounted/)).toBe('4')
    expect(value(a, 'War Wagons', /when shot at/)).toBe('4')
    expect(value(b, 'Pavisiers', /vs mounted/)).toBe('3')
    expect(value(b, 'War Wagons', /when shot at/)).toBe('3')
  })

  it("the app's ruleset details under an edition", () => {
    const details = (edition?: string) => rulesHandlers(bundledEngine()).rulesetDetails('triumph', edition) as RulesetDetails
    const pavisiers = (d: RulesetDetails) => d.troops.find((t) => t.id === 'pavisiers')!.stats.find((s) => /mounted/i.test(s.label))!.value
    expect(pavisiers(details('meshwesh-current'))).toBe(4)
    expect(pavisiers(details())).toBe(3)
  })
})
