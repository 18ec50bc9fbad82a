// Issue 38: `muster collection add --count 0x10` added 16 stands (JavaScript's Number() reads hex,
// octal, binary, exponents and fractions). Every numeric argument of the shipped command is now a
// plain decimal whole number, or refused in words with exit 2, nothing done; in one message, whichever
// option it is (issue 39 review, point 8b: commander's "argument '0x10' is invalid. …", new's
// `--limit: "0x30" is not…` and sync's --timeout each had their own).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { notWholeNumber, wholeNumber } from '../../src-main/cli/numbers'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-cli-numbers-')
const NOT_DECIMAL = ['0x10', '0o20', '0b10000', '1e1', '16.0', '+16', ' 16', '16 ', '', '١٦', '16n', 'Infinity']

describe('numeric arguments are plain decimal whole numbers (issue 38)', () => {
  it('the one parser: digits only', () => {
    expect(wholeNumber('16')).toBe(16)
    expect(wholeNumber('016')).toBe(16)
    for (const text of NOT_DECIMAL) expect(wholeNumber(text), JSON.stringify(text)).toBeUndefined()
  })

  it('collection add --count 0x10 is refused, nothing added; --count 16 adds 16', () => {
    const db = join(tmp(), 'lib.sqlite')
    const add = (count: string) => muster(['collection', 'add', 'Hastati', '--count', count, '--ruleset', 'triumph', '--troop', 'heavy-foot', '--db', db])
    for (const count of ['0x10', '1e1', '16.0', '+16']) {
      const r = add(count)
      expect(r.code, count).toBe(2)
      expect(r.stderr, count).toBe(`muster: --count must be a whole number of at least 1, written in digits (like 12), not '${count}'.\n`)
    }
    const list = () => JSON.parse(muster(['collection', 'list', '--json', '--db', db]).stdout) as { items: Array<{ count: number }> }
    expect(list().items).toEqual([])
    expect(add('16').code).toBe(0)
    expect(list().items.map((i) => i.count)).toEqual([16])
  })

  it('library --limit and --revision, collection --limit and --figures-per-stand, new --limit, meshwesh sync --timeout: each refuses 0x10', () => {
    const db = join(tmp(), 'lib.sqlite')
    for (const [option, args] of [
      ['--limit', ['library', 'list', '--limit', '0x10', '--db', db]],
      ['--revision', ['library', 'show', 'x', '--revision', '0x10', '--db', db]],
      ['--limit', ['collection', 'armies', '--limit', '0x10', '--db', db]],
      [
        '--figures-per-stand',
        ['collection', 'add', 'Hastati', '--count', '2', '--figures-per-stand', '0x10', '--ruleset', 'triumph', '--troop', 'heavy-foot', '--db', db]
      ]
    ] as const) {
      const r = muster([...args])
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr, args.join(' ')).toBe(`muster: ${option} must be a whole number of at least 1, written in digits (like 12), not '0x10'.\n`)
    }
    const made = muster(['new', '--ruleset', 'triumph', '--army', 'early-imperial-roman', '--limit', '0x30'])
    expect(made.code).toBe(2)
    expect(made.stdout).toBe('')
    expect(made.stderr).toBe("muster new: --limit must be a whole number of points from 1 to 1,000,000, written in digits (like 48), not '0x30'.\n")
    const sync = muster(['meshwesh', 'sync', '--base-url', 'http://127.0.0.1:9', '--no-library', '--timeout', '0x10'], {
      env: { MUSTER_MESHWESH: join(tmp(), 'mw') }
    })
    expect(sync.code).toBe(2)
    expect(sync.stderr).toBe("--timeout must be a whole number of seconds from 1 to 600, written in digits (like 30), not '0x10'.\n")
  })

  it('one message, whichever the option', () => {
    expect(notWholeNumber('--count', '0x10', { min: 1 })).toBe("--count must be a whole number of at least 1, written in digits (like 12), not '0x10'.")
    expect(notWholeNumber('--timeout', '1e1', { min: 1, max: 600, unit: 'seconds', example: 30 })).toBe(
      "--timeout must be a whole number of seconds from 1 to 600, written in digits (like 30), not '1e1'."
    )
  })
})
