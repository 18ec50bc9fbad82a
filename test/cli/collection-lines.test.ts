// `muster collection add-lines FILE|-` (issue 39, point 10): items written one a line, read as the
// app's quick add reads them, added as one change (one revision, one undo); a file with a wrong line
// says each with its number and adds nothing. In this process (run), on a real library file; one
// run of the shipped command reads standard input.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { muster, musterHere } from '../support/cli'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-cli-lines-')

function library() {
  const dir = tmp()
  const db = join(dir, 'lib.sqlite')
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text)
    return join(dir, name)
  }
  const run = (...args: string[]) => musterHere(['collection', ...args, '--db', db])
  return { dir, db, file, run }
}

describe('muster collection add-lines', () => {
  it('adds every line as one change: one revision, taken back whole by one undo', async () => {
    const lib = library()
    const lines = lib.file(
      'shelf.txt',
      '# the Gauls\n12 Gallic warriors as Warband\n4 Light Foot\n\n24 figures of Thracian peltasts as Light infantry (barbarian, C) in WRG 1969\n'
    )
    const r = await lib.run('add-lines', lines, '--ruleset', 'triumph')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      [
        'line 2: 12 stands of Gallic warriors, as Warband in Triumph!',
        'line 3: 4 stands of Light Foot in Triumph!',
        'line 5: 24 figures of Thracian peltasts, as Light infantry (Status barbarian, Reaction class C) in WRG 1969',
        'Added 3 items as one change (collection revision 1; undo with `muster collection undo`).',
        ''
      ].join('\n')
    )
    const history = JSON.parse((await lib.run('history', '--json')).stdout) as Array<{ revision: number; items: number; message: string }>
    expect(history.map((h) => [h.revision, h.items, h.message])).toEqual([[1, 3, 'Added 3 items']])
    const listed = JSON.parse((await lib.run('list', '--json')).stdout) as {
      items: Array<{ name: string; count: number; countsAs: Record<string, { troop: string }> }>
    }
    expect(listed.items.map((i) => [i.name, i.count, i.countsAs.triumph?.troop])).toEqual([
      ['Gallic warriors', 12, 'warband'],
      ['Light Foot', 4, 'light-foot'],
      ['Thracian peltasts', 24, expect.any(String)]
    ])
    const undo = await lib.run('undo')
    expect(undo.stdout).toMatch(/^Undid: Added 3 items\./)
    expect((JSON.parse((await lib.run('list', '--json')).stdout) as { items: unknown[] }).items).toEqual([])
  })

  it('a wrong line: each said with its number and why, nothing added, exit 2; --check only says', async () => {
    const lib = library()
    const lines = lib.file('shelf.txt', '12 Gallic warriors as Warband\ntwelve Warband\n3 Warbnd\n')
    const r = await lib.run('add-lines', lines, '--ruleset', 'triumph')
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('line 1: 12 stands of Gallic warriors, as Warband in Triumph!\n')
    expect(r.stderr).toContain("line 2: twelve Warband\n  Start with how many, in digits: 'twelve' is not a count.")
    expect(r.stderr).toContain("line 3: 3 Warbnd\n  Triumph! has no troop type 'Warbnd'; did you mean Warband?\n")
    expect(r.stderr).toContain('muster: 2 lines of 3 cannot be read; nothing was added\n')
    expect(r.stderr).not.toContain('    at ')
    expect((await lib.run('history', '--json')).stdout.trim()).toBe('[]')
    // --check: read and said, nothing added even when every line is good
    const good = lib.file('good.txt', '8 Warband in Triumph!\n')
    const checked = await lib.run('add-lines', good, '--check')
    expect([checked.code, checked.stdout]).toEqual([0, 'line 1: 8 stands of Warband in Triumph!\n'])
    expect((await lib.run('history', '--json')).stdout.trim()).toBe('[]')
    // a line naming no ruleset and none given; an empty file; a file that is not there
    const none = await lib.run('add-lines', lib.file('none.txt', '8 Warband\n'))
    expect([none.code, none.stderr]).toEqual([
      2,
      expect.stringMatching(/^line 1: 8 Warband\n {2}Say which ruleset it is in: end the line with 'in' and the ruleset/)
    ])
    expect(await lib.run('add-lines', lib.file('empty.txt', '\n# nothing\n'), '--ruleset', 'triumph')).toMatchObject({
      code: 2,
      stderr: "muster: no items in it: write one a line, e.g. '12 Gallic warriors as' and their troop type\n"
    })
    const missing = await lib.run('add-lines', join(lib.dir, 'nope.txt'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/nope\.txt.*; nothing was added\n$/)
  })

  it("reads standard input with '-' (the shipped command)", () => {
    const lib = library()
    const r = muster(['collection', 'add-lines', '-', '--ruleset', 'triumph', '--db', lib.db], { input: '8 Warband\n4 Light Foot\n', cwd: lib.dir })
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('Added 2 items as one change (collection revision 1;')
  })
})
