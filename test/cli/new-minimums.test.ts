// "Start from the list's minimums" is one service behind two doors (issue 39, point 5): the app's
// newRoster handler, asked what New roster asks (the army's name and its first year, as the dialog
// fills them in when the army is chosen), and `muster new --minimums` with no more than the army give
// the same document and say the same things. Built from the army's own troops: no ally in Triumph!,
// no elephants or engines in Mark 2 (the ruleset's data leaves them to the player); a ruleset with no
// size asks for one, and the CLI says which flag gives it.
import { describe, expect, it } from 'vitest'
import { musterHere } from '../support/cli'
import { bundledEngine } from '../support/engine'
import { rulesHandlers } from '../../src-main/ipc/handlers'
import { newRoster } from '../../src-main/services/new-roster'

const engine = bundledEngine()
const app = rulesHandlers(engine)
const armiesOf = (ruleset: string) => [...engine.ruleset(ruleset)!.armies.values()]
/** An ally's or an optional contingent's unit: its option id is `ally.contingent.option`. */
const allied = (u: { option?: unknown }) => typeof u.option === 'string' && u.option.includes('.')

describe('the app and `muster new --minimums` build the same army', () => {
  it.each([
    ['triumph', 'warlike-gallic', undefined],
    ['triumph', 'syro-canaanite-and-ugaritic-19a', undefined],
    ['wrg-1969', 'carthaginian', undefined],
    ['wrg-mk2', 'republican-roman', 800],
    ['cca-miniatures', 'celtic', 60],
    ['portable-ancients', 'celtic', 40]
  ] as const)('%s %s', async (ruleset, army, limit) => {
    const list = engine.ruleset(ruleset)!.armies.get(army)!
    // What NewRosterScreen sends once the army is picked: its name and first year filled in.
    const inApp = await app.newRoster({ ruleset, army, name: list.name, year: list.dates[0].from, minimums: true, ...(limit ? { limit } : {}) })
    const cli = await musterHere(['new', '--ruleset', ruleset, '--army', army, '--minimums', ...(limit ? ['--limit', String(limit)] : [])])
    expect(cli.code).toBe(0)
    expect(JSON.parse(cli.stdout)).toEqual(inApp.document)
    expect(cli.stderr).toBe(inApp.notices.map((n) => `${n}\n`).join(''))
  })
})

describe("the army's own troops", () => {
  it('Triumph!: no army takes an ally or an optional contingent, in the year New roster shows', () => {
    for (const list of armiesOf('triumph')) {
      const made = newRoster(engine, { ruleset: 'triumph', army: list.id, year: list.dates[0].from, minimums: true })
      expect(made.ok && made.document.units.filter(allied), list.id).toEqual([])
    }
  })

  it('Mark 2 at 800: no elephants or engines (elephants lent by allies, siege engines) in any army, still legal', () => {
    const loaded = engine.ruleset('wrg-mk2')!
    for (const list of armiesOf('wrg-mk2')) {
      const made = newRoster(engine, { ruleset: 'wrg-mk2', army: list.id, limit: 800, minimums: true })
      if (!made.ok) throw new Error(`${list.id}: ${made.reason}`)
      expect(made.verdict.valid, list.id).toBe(true)
      const categories = made.document.units.map((u) => loaded.troops.get(u.troop)!.category)
      expect(
        categories.filter((c) => c === 'elephant' || c === 'engine'),
        list.id
      ).toEqual([])
    }
    // Left to the player by the ruleset's data, with whose choice it is.
    expect(loaded.ruleset.startingArmy).toMatchObject({ leaveOut: { categories: ['elephant', 'engine'] }, why: expect.stringMatching(/^Muster's choice/) })
  })
})

describe('a ruleset with no size', () => {
  it.each(['cca-miniatures', 'portable-ancients', 'wrg-mk2'])('%s: `muster new --minimums` says to give --limit, writes nothing, exit 2', async (ruleset) => {
    const r = await musterHere(['new', '--ruleset', ruleset, '--army', armiesOf(ruleset)[0].id, '--minimums'])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(
      /^muster new: .+ sets no army size: (?!.*seed).*\. To start from the list's minimums, give the army's size in points\. Give it with --limit <points>\.\n$/
    )
  })
})
