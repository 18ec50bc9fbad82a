// `muster recheck`: what a data change does to rosters, worked by hand, with nothing written.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { musterHere } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { repoRoot } from '../support/engine'
import { hussite } from '../support/fixtures-hussite'

const tmp = tempFolders('muster-recheck-')

function folder(): string {
  const dir = tmp()
  writeFileSync(join(dir, 'zizka.muster.json'), JSON.stringify(hussite))
  writeFileSync(join(dir, 'roman.muster.json'), readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json')))
  writeFileSync(join(dir, 'broken.muster.json'), '{ not json')
  return dir
}
const snapshot = (dir: string) => readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')])

describe('muster recheck', () => {
  it('under another edition: the points and verdict before and after and each issue added, nothing written', async () => {
    const dir = folder()
    const before = snapshot(dir)
    const r = await musterHere(['recheck', dir, '--edition', 'qrs-2018'])
    // War Wagons 4 a stand in the 2018 sheet: 3 stands x (4 - 3) = +3: 48 -> 51, over the limit
    expect(r.stdout).toContain(
      `${join(dir, 'zizka.muster.json')} (Zizka): 48 -> 51 points; legal -> ILLEGAL\n  + ERROR points-over-limit: The army costs 51 points, 3 over its 48-point limit.\n`
    )
    expect(r.stdout).not.toContain('roman.muster.json')
    expect(r.stdout).toContain(
      "2 rosters rechecked under data edition 'qrs-2018': 1 changed, 1 now illegal, 0 now legal, 1 with new points, 1 unreadable. No file was changed."
    )
    expect(r.stdout).toMatch(/broken\.muster\.json/)
    expect(r.code).toBe(1)
    expect(snapshot(dir)).toEqual(before)
    const json = JSON.parse((await musterHere(['recheck', dir, '--edition', 'qrs-2018', '--json'])).stdout)
    expect(json.summary).toEqual({ rosters: 2, changed: 1, nowIllegal: 1, nowLegal: 0, pointsChanged: 1, unreadable: 1, notRechecked: 0 })
    const zizka = json.rosters.find((x: { name: string }) => x.name === 'Zizka')
    expect(zizka).toMatchObject({
      before: { valid: true, points: 48, edition: null },
      after: { valid: false, points: 51, edition: 'qrs-2018' },
      gone: [],
      reworded: []
    })
    expect(zizka.added.map((i: { code: string; missing: boolean }) => [i.code, i.missing])).toEqual([['points-over-limit', false]])
    // and back: a roster built under the 2018 sheet rechecked under the current table
    writeFileSync(join(dir, 'zizka.muster.json'), JSON.stringify({ ...hussite, edition: 'qrs-2018' }))
    const back = await musterHere(['recheck', join(dir, 'zizka.muster.json'), '--edition', 'meshwesh-current'])
    expect(back.stdout).toContain('51 -> 48 points; ILLEGAL -> legal\n  - ERROR points-over-limit: The army costs 51 points, 3 over its 48-point limit.\n')
    expect(back.code).toBe(0)
    const html = (await musterHere(['recheck', dir, '--edition', 'qrs-2018', '--html'])).stdout
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('What the data update does to 2 rosters')
  })

  it('against an updated data folder: new costs, and options the list no longer has', async () => {
    const dir = folder()
    const update = tmp()
    mkdirSync(join(update, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(update, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { 'heavy-foot': 4 } }))
    // the Roman list without its artillery option
    const roman = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'early-imperial-roman.json'), 'utf8'))
    roman.options = roman.options.filter((o: { troops: string[] }) => !o.troops.includes('artillery'))
    writeFileSync(join(update, 'triumph', 'armies', 'early-imperial-roman.json'), JSON.stringify(roman))
    const r = await musterHere(['recheck', dir, '--against', update])
    // Heavy Foot 4: 12 stands x (4 - 3) = +12: 48 -> 60
    expect(r.stdout).toContain('(Zizka): 48 -> 60 points; legal -> ILLEGAL')
    expect(r.stdout).toMatch(
      /roman\.muster\.json[^\n]*ILLEGAL\n {2}\+ ERROR troop-not-in-army: Artillery are not on the Early Imperial Roman army list\. \[no longer in the data\]/
    )
    expect(r.code).toBe(1)
  })

  it('the library: each roster as last saved', async () => {
    const db = join(tmp(), 'library.db')
    const dir = folder()
    expect((await musterHere(['library', 'import', '--db', db, join(dir, 'zizka.muster.json')])).code).toBe(0)
    const r = await musterHere(['recheck', '--library', '--db', db, '--edition', 'qrs-2018'])
    expect(r.stdout).toMatch(/^library:[0-9a-f]{8} \(Zizka\): 48 -> 51 points; legal -> ILLEGAL$/m)
    expect(r.code).toBe(1)
  })

  it('rosters of rulesets without the edition are said apart, not counted as rechecked', async () => {
    const dir = folder()
    writeFileSync(join(dir, 'wrg.muster.json'), readFileSync(join(repoRoot, 'examples', 'wrg-1969-legal.muster.json')))
    const r = await musterHere(['recheck', dir, '--edition', 'qrs-2018'])
    expect(r.stdout).toContain("2 rosters rechecked under data edition 'qrs-2018'")
    expect(r.stdout).toContain("1 roster not rechecked: wrg-1969 has no edition 'qrs-2018'.")
  })

  it('says what is wrong with the arguments, and changes nothing', async () => {
    const dir = folder()
    expect(await musterHere(['recheck', tmp(), '--edition', 'qrs-2018'])).toMatchObject({ code: 2, stderr: expect.stringContaining('no roster files found') })
    // a folder of rosters is not a data folder: it lays nothing over the data
    expect(await musterHere(['recheck', dir, '--against', dir])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('holds no rulesets, armies, costs.json or editions: it lays nothing over the data')
    })
    expect(await musterHere(['recheck', dir])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('say what to recheck under: --edition ID or --against DIR')
    })
    expect(await musterHere(['recheck', '--edition', 'qrs-2018'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('name roster files or folders, or --library')
    })
    expect(await musterHere(['recheck', dir, '--edition', 'qrs-2019'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("no ruleset has a data edition 'qrs-2019'; the editions are meshwesh-current (Triumph!), qrs-2018 (Triumph!)")
    })
    expect(await musterHere(['recheck', dir, '--against', join(dir, 'missing')])).toMatchObject({ code: 2, stderr: expect.stringContaining('is not a folder') })
  })
})
