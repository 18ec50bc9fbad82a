// Findings 7, 8 and 9: what a hostile or odd file can do to the output. CSV cells a spreadsheet
// would run as formulas are neutralised; control characters from names never reach the terminal
// as themselves; deep, wide and prototype-named inputs give a verdict or a clear refusal, never an
// internal error; duplicate keys and non-UTF-8 files are refused with file, line and key.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'papaparse'
import { describe, expect, it } from 'vitest'
import { importMeshwesh } from '../../src-main/import/import-armies'
import { createAjv } from '../../src-main/rules/schemas'
import { terminalSafe } from '../../src-main/cli/main'
import { decodeUtf8 } from '../../src-main/files/read-file'
import { testLibrary } from '../support/library'
import type { Army } from '../../src-main/rules/types'
import { bundledEngine, repoRoot } from '../support/engine'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-inputs-')
const legal = () =>
  JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as { units: Array<Record<string, unknown>>; [k: string]: unknown }
const write = (file: string, data: unknown) => writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data))
const STACK = /Maximum call stack|is not iterable|is not a function|TypeError|RangeError|\n\s+at /

describe('injection (finding 7)', () => {
  it('CSV: formula-leading cells are neutralised, plain numbers stay numbers, every row still parses', () => {
    const dir = tempDir()
    const subs = join(dir, 'subs')
    mkdirSync(subs)
    const players = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', ' =1', '\t=1', 'Ann']
    players.forEach((player, i) => write(join(subs, `p${i}.muster.json`), { ...legal(), player, name: `=cmd|' /C calc'!A0 ${i}` }))
    const event = join(dir, 'event.json')
    write(event, { format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' })
    const r = muster(['check', '--event', event, '--csv', subs])
    const rows = parse<string[]>(r.stdout.trim(), { newline: '\r\n' }).data
    expect(rows).toHaveLength(players.length + 1)
    const [header, ...body] = rows
    const col = (name: string) => header.indexOf(name)
    for (const row of body) {
      for (const cell of row) expect(cell, `cell ${JSON.stringify(cell)}`).not.toMatch(/^\s*[=+\-@\t\r]/)
      expect(row[col('points')]).toBe('48')
    }
    // (the check trims the player's name: " =1" and "\t=1" arrive as "=1")
    expect(body.map((row) => row[col('player')]).sort()).toEqual(["'+1+1", "'-2+3", "'=1", "'=1", '\'=HYPERLINK("http://x","y")', "'@SUM(A1)", 'Ann'])
  })

  it("text reports: a line break in a player's name cannot fake another row", () => {
    const dir = tempDir()
    const subs = join(dir, 'subs')
    mkdirSync(subs)
    write(join(subs, 'a.muster.json'), { ...legal(), units: [], player: 'Ann\nsubs/zed.muster.json  Zed  Early Imperial Roman  48/48  legal' })
    const event = join(dir, 'event.json')
    write(event, { format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' })
    const r = muster(['check', '--event', event, subs])
    expect(r.stdout).not.toMatch(/^subs\/zed/m)
    expect(r.stdout).toContain('Ann\\nsubs/zed.muster.json')
  })

  it('terminal: ESC, CR and BEL in a name are shown as escapes, not sent; JSON output keeps the name exactly', () => {
    const dir = tempDir()
    const name = 'Legion\u001b]0;pwned\u0007\u001b[2J\rFake: legal\u009b31m'
    const file = join(dir, 'evil.muster.json')
    write(file, { ...legal(), name, units: legal().units.map((u, i) => (i === 0 ? { ...u, name } : u)) })
    for (const args of [
      ['validate', file],
      ['info', file],
      ['library', 'import', file, '--db', join(dir, 'l.sqlite')],
      ['library', 'list', '--db', join(dir, 'l.sqlite')]
    ]) {
      const r = muster(args)
      expect(r.stdout + r.stderr, args.join(' ')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    }
    const json = muster(['info', file, '--json'])
    expect((JSON.parse(json.stdout) as { units: Array<{ index: number }> }).units).toHaveLength(7)
    expect(terminalSafe('a\u001bb\r\nc\rd\te')).toBe('a\\u001bb\r\nc\\u000dd\te')
    const shown = muster([
      'library',
      'show',
      '--json',
      '--db',
      join(dir, 'l.sqlite'),
      (JSON.parse(muster(['library', 'list', '--json', '--db', join(dir, 'l.sqlite')]).stdout) as { rows: Array<{ id: string }> }).rows[0].id
    ])
    expect((JSON.parse(shown.stdout) as { name: string }).name).toBe(name)
  })
})

describe('deep, wide and odd inputs (finding 8)', () => {
  it('150,000 units: info gives its verdict, export refuses in one line; no stack overflow', () => {
    const dir = tempDir()
    const file = join(dir, 'wide.muster.json')
    writeFileSync(file, JSON.stringify({ ...legal(), units: Array.from({ length: 150_000 }, () => ({ troop: 'raiders', count: 1 })) }))
    const info = muster(['info', file])
    expect(info.code).toBe(1)
    expect(info.stdout).toContain('The roster has 150,000 units; the most a roster may hold is 100: remove some')
    expect(info.stderr).not.toMatch(STACK)
    const exported = muster(['export', file, '--pdf', 'roster', '-o', join(dir, 'wide.pdf')])
    expect(exported.stderr.trim()).toBe(`${file}: cannot print the roster: it has 150000 units, and a roster has at most 100`)
    expect(exported.code).toBe(2)
  })

  it('the roster format\u2019s length limits (issue 26): every text and list at its limit is accepted, one more is refused in words', () => {
    const engine = bundledEngine()
    const base = legal()
    const unit = (extra: object) => ({ ...base, units: base.units.map((u, i) => (i === 0 ? { ...u, ...extra } : u)) })
    const cases: Array<[string, (n: number) => object, number, string]> = [
      ['name', (n) => ({ ...base, name: 'n'.repeat(n) }), 200, "The roster's name is 201 characters; the most it may be is 200: shorten it."],
      ['player', (n) => ({ ...base, player: 'p'.repeat(n) }), 200, "The player's name is 201 characters; the most it may be is 200: shorten it."],
      [
        'notes',
        (n) => ({ ...base, notes: 'x'.repeat(n) }),
        5000,
        "The roster's notes are 5,001 characters; the most a roster may hold is 5,000: shorten them."
      ],
      ['unit name', (n) => unit({ name: 'u'.repeat(n) }), 200, "Unit 1 (Elite Foot)'s name is 201 characters; the most it may be is 200: shorten it."],
      ['unit notes', (n) => unit({ notes: 'u'.repeat(n) }), 1000, "'s notes are 1,001 characters; the most a unit may hold is 1,000: shorten them."],
      [
        'card notes',
        (n) => ({ ...base, battleCards: [{ card: 'FC', notes: 'c'.repeat(n) }] }),
        500,
        "Battle card 1's notes are 501 characters; the most a battle card may hold is 500: shorten them."
      ],
      [
        'battle cards',
        (n) => ({ ...base, battleCards: Array.from({ length: n }, () => ({ card: 'FC' })) }),
        30,
        'The roster has 31 battle-card entries; the most a roster may hold is 30: remove some'
      ],
      [
        'units',
        (n) => ({ ...base, camp: undefined, units: Array.from({ length: n }, () => ({ troop: 'raiders', count: 1 })) }),
        100,
        'The roster has 101 units; the most a roster may hold is 100: remove some'
      ]
    ]
    for (const [what, make, limit, message] of cases) {
      const within = engine.check(make(limit)).issues.filter((i) => i.rule === 'roster-schema')
      expect(within, what).toEqual([])
      const over = engine
        .check(make(limit + 1))
        .issues.filter((i) => i.rule === 'roster-schema')
        .map((i) => i.message)
      expect(over.join(' '), what).toContain(message)
    }
    // A backup's tags: at most 50, of at most 100 characters, as the app sets them.
    const tags = (
      createAjv().getSchema('https://muster.local/schemas/library-export.schema.json')?.schema as {
        properties: { rosters: { items: { properties: { tags: object } } } }
      }
    ).properties.rosters.items.properties.tags
    expect(tags).toMatchObject({ maxItems: 50, items: { maxLength: 100 } })
  })

  it('100,000-deep nesting: refused with the line and column where it goes too deep', () => {
    const dir = tempDir()
    const file = join(dir, 'deep.muster.json')
    writeFileSync(file, `{"format":"muster-roster","units":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    for (const command of ['verify', 'info', 'validate']) {
      const r = muster([command, file])
      expect(r.stderr.trim(), command).toBe(`${file}:1:98: nested more than 64 levels deep; no Muster file is`)
      expect(r.code).toBe(2)
    }
  })

  it('attribute values named like Object.prototype members: a verdict and a PDF, no internal error', () => {
    const dir = tempDir()
    const roster = JSON.parse(readFileSync(join(repoRoot, 'examples', 'wrg-1969-legal.muster.json'), 'utf8')) as { units: Array<Record<string, unknown>> }
    for (const value of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const file = join(dir, `${value}.muster.json`)
      write(file, { ...roster, units: roster.units.map((u, i) => (i === 1 ? { ...u, status: value, class: value } : u)) })
      const info = muster(['info', file])
      expect(info.code, value).toBe(1)
      expect(info.stdout).toContain('/units/1')
      for (const kind of ['roster', 'cards']) {
        const r = muster(['export', file, '--pdf', kind, '-o', join(dir, `${value}-${kind}.pdf`)])
        expect(r.stderr, `${value} ${kind}`).not.toMatch(STACK)
        expect(r.code, `${value} ${kind}`).toBe(1)
      }
    }
  })

  it('Meshwesh allies "X", "X" and "X 2" get three ids, each with its own minimums', () => {
    const dir = tempDir()
    const entry = (code: string) => ({ troopTypeCode: code, dismountTypeCode: null, note: null })
    const ally = (name: string, min: number) => ({
      dateRange: null,
      note: null,
      allyEntries: [
        {
          name,
          allyArmyList: {
            name,
            internalContingent: false,
            troopOptions: [{ min, max: 4, dateRange: null, troopEntries: [entry('LFT')], description: 'x', note: '', core: '' }]
          }
        }
      ]
    })
    const list = {
      id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
      name: 'Host',
      listId: 1,
      sublistId: 'a',
      keywords: [],
      dateRanges: [{ startDate: -300, endDate: 100 }],
      troopOptions: [{ min: 2, max: 12, dateRange: null, troopEntries: [entry('WBD')], description: 'w', note: '', core: '', battleCardEntries: [] }],
      troopEntriesForGeneral: [{ troopEntries: [entry('WBD')] }],
      allyOptions: [],
      battleCardEntries: []
    }
    write(join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1'), list)
    write(join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1.allyOptions.json'), [ally('Numidians', 1), ally('Numidians', 2), ally('Numidians 2', 3)])
    const out = tempDir()
    const engine = bundledEngine()
    const report = importMeshwesh(dir, { ajv: createAjv(), triumph: engine.ruleset('triumph')!, eras: engine.registry.eras, out })
    expect(report.failed).toEqual([])
    const army = JSON.parse(readFileSync(join(out, 'triumph', 'armies', report.imported[0].id + '.json'), 'utf8')) as Army
    const allies = army.allies ?? []
    expect(new Set(allies.map((a) => a.id)).size).toBe(3)
    expect(allies.map((a) => a.contingents[0].options[0].min)).toEqual([1, 2, 3])
    expect(allies.map((a) => a.id)).toEqual(['numidians', 'numidians-2', 'numidians-2-2'])
  })
})

describe('no silent reinterpretation (finding 9)', () => {
  it('a roster with a hidden duplicate "units" key is refused, naming file, line and key', () => {
    const dir = tempDir()
    const file = join(dir, 'twice.muster.json')
    const elephants = JSON.stringify(Array.from({ length: 40 }, () => ({ troop: 'elephants', count: 1 })))
    const visible = JSON.stringify(legal(), null, 2)
    writeFileSync(file, visible.replace('{\n', `{\n  "units": ${elephants},\n`))
    for (const command of ['validate', 'verify', 'info']) {
      const r = muster([command, file])
      const second = visible.split('\n').findIndex((l) => l.startsWith('  "units"')) + 2
      expect(r.stderr.trim(), command).toBe(
        `${file}:${second}:3: the key "units" appears twice in one object (first on line 2); JSON keys must be unique: which one was meant?`
      )
      expect(r.code).toBe(2)
    }
  })

  it('the UTF-8 check names the byte where a bad sequence starts, also when the file ends in the middle of one', () => {
    expect(decodeUtf8('f', Buffer.from([0x41, 0x0a, 0xef, 0xbf]))).toEqual({
      ok: false,
      place: 'f:2',
      message: 'not UTF-8 text (byte 0xef at byte 3); save the file as UTF-8 and try again'
    })
    expect(decodeUtf8('f', Buffer.from([0xef, 0xbf, 0x41]))).toMatchObject({ ok: false, message: expect.stringContaining('byte 0xef at byte 1') })
    expect(decodeUtf8('f', Buffer.from([0xed, 0xa0, 0x80]))).toMatchObject({ ok: false, message: expect.stringContaining('byte 0xed at byte 1') }) // a surrogate
    expect(decodeUtf8('f', Buffer.from([0xc0, 0xaf]))).toMatchObject({ ok: false, message: expect.stringContaining('byte 0xc0 at byte 1') }) // overlong "/"
    expect(decodeUtf8('f', Buffer.from('\ufeff€😀', 'utf8'))).toEqual({ ok: true, text: '€😀' })
  })

  it('the app reads files the same way: a hidden duplicate key or a Latin-1 file is unreadable in the Event check and refused on import', async () => {
    const { dispatch, dispose } = await testLibrary()
    try {
      // the files as the organiser or player chose them: on disk, sent by path, read by the main process
      const folder = tempDir()
      const at = (name: string, bytes: Buffer) => {
        writeFileSync(join(folder, name), bytes)
        return { name, path: join(folder, name) }
      }
      const visible = JSON.stringify(legal(), null, 2)
      const twice = visible.replace('{\n', `{\n  "units": ${JSON.stringify(Array.from({ length: 40 }, () => ({ troop: 'elephants', count: 1 })))},\n`)
      const files = [
        at('twice.muster.json', Buffer.from(twice, 'utf8')),
        at('latin1.muster.json', Buffer.from(JSON.stringify({ ...legal(), name: 'Légion' }), 'latin1')),
        at('fine.muster.json', Buffer.from(visible, 'utf8'))
      ]
      const checked = await dispatch('checkEventFiles', [{ format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' }, files])
      expect(checked.ok).toBe(true)
      const rows = (checked as { value: { report: { rows: Array<{ file: string; readable: boolean; valid: boolean; issues: Array<{ message: string }> }> } } })
        .value.report.rows
      const byFile = Object.fromEntries(rows.map((r) => [r.file, r]))
      expect(byFile['twice.muster.json']).toMatchObject({ readable: false, valid: false })
      expect(byFile['twice.muster.json'].issues[0].message).toMatch(/the key "units" appears twice in one object \(first on line 2\).*\(line \d+, column 3\)/)
      expect(byFile['latin1.muster.json'].issues[0].message).toMatch(/^not UTF-8 text \(byte 0xe9/)
      expect(byFile['fine.muster.json']).toMatchObject({ readable: true, valid: true })
      const imported = await dispatch('importRosterFiles', [files.map((f) => f.path)])
      expect(imported).toMatchObject({
        ok: true,
        value: { imported: [{ source: 'fine.muster.json' }], failed: [{ source: 'twice.muster.json' }, { source: 'latin1.muster.json' }] }
      })
    } finally {
      dispose()
    }
  })

  it('a file that is not UTF-8 is refused at its first bad byte, with its line', () => {
    const dir = tempDir()
    const file = join(dir, 'latin1.muster.json')
    const text = JSON.stringify({ ...legal(), name: 'Légion' }, null, 2)
    writeFileSync(file, Buffer.from(text, 'latin1'))
    const line = text.split('\n').findIndex((l) => l.includes('Légion')) + 1
    const r = muster(['validate', file])
    expect(r.stderr.trim()).toBe(
      `${file}:${line}: not UTF-8 text (byte 0xe9 at byte ${Buffer.from(text.slice(0, text.indexOf('é')), 'latin1').length + 1}); save the file as UTF-8 and try again`
    )
    expect(r.code).toBe(2)
    const imported = muster(['library', 'import', file, '--db', join(dir, 'l.sqlite')])
    expect(imported.stderr).toContain('not UTF-8 text')
    expect(imported.code).toBe(2)
  })
})
