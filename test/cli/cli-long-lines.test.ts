// The `muster` command run in this process: no line it prints runs long, whatever the names, tags
// and file names it is given; data on standard output stays whole.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { musterHere } from '../support/cli'
import { examples, scratch } from '../support/cli-files'
import { createRoster, openLibrary, type RosterDocument } from '../../src-main/store'

const { dir, write } = scratch()

// Round 3, finding 8e: a 100,000-character file name or tag was printed whole.
describe('very long file names, names and tags in what the CLI prints', () => {
  const long = (c: string) => c.repeat(100_000)

  it('are cut to one short line with an ellipsis, keeping their start and end', async () => {
    const path = join(dir, `${long('a')}.muster.json`)
    const r = await musterHere(['validate', path])
    expect(r.code).toBe(2)
    const line = r.stderr.trimEnd()
    expect(line.length).toBeLessThan(300)
    expect(line).toMatch(new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/a+…a+\\.muster\\.json: the file name is too long$`))
    for (const args of [
      ['info', path],
      ['options', path],
      ['verify', path],
      ['share', path],
      ['export', path, '--text'],
      ['recheck', path, '--edition', 'qrs-2018']
    ]) {
      const other = await musterHere(args)
      expect(other.code, args[0]).toBe(2)
      expect(
        (other.stdout + other.stderr).split('\n').every((l) => l.length < 400),
        args[0]
      ).toBe(true)
      expect(other.stdout + other.stderr, args[0]).toContain('…')
    }
  })

  it('a roster name and a tag in the library list and in recheck', async () => {
    const db = join(dir, 'long-tags.sqlite')
    // a name as long as a roster may have (200 characters), a tag far longer
    const roster = write('long-name.muster.json', {
      ...JSON.parse(readFileSync(join(examples, 'triumph-legal.muster.json'), 'utf8')),
      name: long('N').slice(0, 200)
    })
    const short = (s: string) => s.split('\n').every((l) => l.length <= 400)
    // `library import --tag` of a tag this long: taken, or refused, in short lines either way
    const imported = await musterHere(['library', 'import', '--db', join(dir, 'long-tag-import.sqlite'), '--tag', long('t'), roster])
    expect(short(imported.stdout + imported.stderr)).toBe(true)
    // a library that holds one (an older Muster's, or a store that took it): listed in a short line
    const lib = await openLibrary(db)
    try {
      createRoster(lib.db, JSON.parse(readFileSync(roster, 'utf8')) as RosterDocument, { tags: [long('t')] })
    } finally {
      lib.close()
    }
    const list = await musterHere(['library', 'list', '--db', db])
    expect(list.code, list.stderr).toBe(0)
    expect(short(list.stdout)).toBe(true)
    expect(list.stdout).toMatch(/ N+…N+ /)
    expect(list.stdout).toMatch(/ t+…t+$/m)
    const update = join(dir, 'long-name-update', 'triumph')
    mkdirSync(update, { recursive: true })
    writeFileSync(join(update, 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { 'elite-foot': 5 } }))
    const recheck = await musterHere(['recheck', roster, '--against', join(update, '..')])
    expect(recheck.code).toBe(1)
    expect(short(recheck.stdout)).toBe(true)
    expect(recheck.stdout).toMatch(/long-name\.muster\.json \(N+…N+\): 48 -> 52 points/)
  })
})

// Review of finding 8e: lines were cut only where a name was put in them; a path inside an error's
// message (the library's, commander's), or a line a command made whole, still ran to any length.
// Every line of messages is cut (a word past 160 characters in its middle, a line past 1,000);
// data on standard output (JSON, CSV, HTML, a share code, `-o -`) stays whole.
describe('no line of messages runs long, whatever made it; data stays whole', () => {
  /** A path of 3 folders and a file, 200 characters each: 800 characters that a file system takes. */
  const deepPath = (file: string) => {
    const folder = join(dir, 'deep', ...['f', 'g', 'h'].map((c) => c.repeat(200)))
    mkdirSync(folder, { recursive: true })
    return join(folder, `${'r'.repeat(180)}${file}`)
  }
  const short = (s: string) => s.split('\n').every((l) => l.length < 400)

  it('an error naming a long path (the library), an unknown option, a file imported', async () => {
    const db = join(dir, 'deep-import.sqlite')
    const bad = join(dir, `${'x'.repeat(3000)}`, 'library.sqlite')
    const r = await musterHere(['library', 'list', '--db', bad])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^muster: .*x+…x+.*: the file name is too long/)
    expect(short(r.stderr)).toBe(true)
    const option = await musterHere(['validate', `--${'o'.repeat(5000)}`])
    expect(option.code).toBe(2)
    expect(option.stderr).toMatch(/unknown option '--o+…o+'/)
    expect(short(option.stderr)).toBe(true)
    // `library import` names each file it imported
    const roster = deepPath('.muster.json')
    copyFileSync(join(examples, 'triumph-legal.muster.json'), roster)
    const imported = await musterHere(['library', 'import', roster, '--db', db])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/^imported [0-9a-f]{8} {2}.*…r+\.muster\.json\)$/m)
    expect(short(imported.stdout)).toBe(true)
  })

  it('check and pair -o a long path: the line saying where is short; their --json stays whole', async () => {
    const subs = join(dir, 'long-out-subs')
    mkdirSync(subs)
    const legal = JSON.parse(readFileSync(join(examples, 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
    for (const player of ['Ann', 'Bo']) writeFileSync(join(subs, `${player}.muster.json`), JSON.stringify({ ...legal, player }))
    const event = write('long-out-event.json', { format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' })
    for (const [command, file] of [
      ['check', '.report.json'],
      ['pair', '.pairs.json']
    ]) {
      const out = deepPath(file)
      const r = await musterHere([command, '--event', event, subs, '--json', '-o', out])
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toMatch(/written to .*\/deep\/f+…r+\.(report|pairs)\.json\n$/)
      expect(short(r.stdout)).toBe(true)
      expect(() => JSON.parse(readFileSync(out, 'utf8'))).not.toThrow()
    }
  })

  it('JSON, a share code and the roster it holds stay whole, however long their lines', async () => {
    const file = deepPath('.muster.json')
    // notes that do not compress: a share code far longer than any line of messages
    const notes = Array.from(randomBytes(4000), (b) => String.fromCharCode(97 + (b % 26))).join('')
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(join(examples, 'triumph-legal.muster.json'), 'utf8')), notes }))
    const json = await musterHere(['validate', file, '--json'])
    expect((JSON.parse(json.stdout) as { file: string }).file).toBe(file)
    const human = await musterHere(['validate', file])
    expect(human.stdout).toContain('…')
    expect(short(human.stdout)).toBe(true)
    const code = await musterHere(['share', file])
    expect(code.code, code.stderr).toBe(0)
    expect(code.stdout.length).toBeGreaterThan(1200)
    expect(code.stdout).toMatch(/^MU1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}\n$/)
    const decoded = await musterHere(['share', '--decode', code.stdout.trim()])
    expect((JSON.parse(decoded.stdout) as { notes: string }).notes).toBe(notes)
    const text = await musterHere(['export', file, '--text', '-o', '-'])
    expect(text.stdout).toContain(notes.slice(0, 60))
    expect(text.stdout).not.toContain('…')
  })
})
