// The organiser's list book and judges' copy, written by `muster check --event E PATHS --book OUT.pdf`
// and read back with pdftotext: every legal roster's check code in the book, none of the illegal ones;
// every printable submission in the judges' copy; the index by player with each roster's first page.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { solveArmy } from '../../src-main/rules'
import { checkCode } from '../../src-main/export/check-code'
import { musterHere } from '../support/cli'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { pdfPagesText } from '../pdf/pdf-support'
import { testDispatch } from '../support/dispatch'

const engine = bundledEngine()
const triumph = engine.ruleset('triumph')!
const tmp = tempFolders('muster-book-')

function roster(armyId: string, player: string, extra: object = {}) {
  const r = solveArmy(triumph, armyId)
  if (!r.ok) throw new Error(`${armyId}: ${r.reason}`)
  return { ...r.roster, player, ...extra }
}

describe('the list book', () => {
  it("every legal roster's sheet after an index by player; the judges' copy has them all, with verdicts", async () => {
    const dir = tmp()
    const folder = join(dir, 'submissions')
    mkdirSync(folder)
    const legal = [roster('marian-roman-111a', 'Zoe Adams'), roster('late-judaean', 'alan brown'), roster('seleucid', 'Chen Wu')]
    const illegal = [
      roster('early-hussite-221a', 'Dana Evans', { edition: 'qrs-2018' }),
      roster('later-carthaginian', 'Eli Ford', { battleCards: [{ card: 'SC' }] })
    ]
    ;[...legal, ...illegal].forEach((r, i) => writeFileSync(join(folder, `r${i}.muster.json`), JSON.stringify(r, null, 2)))
    writeFileSync(join(folder, 'broken.muster.json'), '{')
    writeFileSync(
      join(dir, 'event.json'),
      JSON.stringify({
        format: 'muster-event',
        version: 1,
        name: 'Book Open',
        date: '2026-06-06',
        ruleset: 'triumph',
        pointsLimit: 48,
        battleCards: { banned: ['SC'] }
      })
    )
    const book = join(dir, 'out', 'book.pdf')
    mkdirSync(join(dir, 'out'))
    const r = await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--book', book])
    expect(r.code).toBe(2) // one unreadable file
    expect(r.stderr).toContain(`List book: 3 rosters, written to ${book}`)
    expect(r.stderr).toContain(`Judges' copy: 5 rosters, written to ${join(dir, 'out', 'book-judges.pdf')}`)
    const code = (x: object) => checkCode(x, triumph.ruleset.dataVersion)
    const pages = pdfPagesText(book)
    const text = pages.join('\n')
    for (const x of legal) expect(text.replace(/\s+/g, '')).toContain(code(x).replace(/\s+/g, ''))
    for (const x of illegal) expect(text.replace(/\s+/g, '')).not.toContain(code(x).replace(/\s+/g, ''))
    // the index: by player, case ignored (alan, Chen, Zoe), each with the page its sheet starts on
    const index = pages[0]
    expect(index).toMatch(/Book Open/)
    const order = ['alan brown', 'Chen Wu', 'Zoe Adams'].map((p) => index.indexOf(p))
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true)
    expect(pages[1]).toMatch(/alan brown/)
    // Each army named with its list number, as players look lists up (issue 39): the index and each sheet
    expect(index).toMatch(/Zoe Adams\s+111a Marian Roman\s/)
    expect(index).toMatch(/alan brown\s+113a Late Judaean\s/)
    expect(index).toMatch(/Chen Wu\s+93b Seleucid\s/)
    expect(pages[1]).toContain('113a Late Judaean')
    // ... and the event report, as text, CSV and HTML
    expect(r.stdout).toMatch(/Zoe Adams\s+111a Marian Roman\s/)
    const csv = await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--csv'])
    expect(csv.stdout).toContain(',triumph,"63b Later Carthaginian, not in Spain or Italy",50,48,illegal,')
    const html = await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--html'])
    expect(html.stdout).toContain('<td>63b Later Carthaginian, not in Spain or Italy<div')
    const judges = pdfPagesText(join(dir, 'out', 'book-judges.pdf')).join('\n')
    for (const x of [...legal, ...illegal]) expect(judges.replace(/\s+/g, '')).toContain(code(x).replace(/\s+/g, ''))
    expect(judges.replace(/\s+/g, ' ')).toMatch(/ILLEGAL: .*Battle card SC is banned at Book Open/)
    expect(judges).toMatch(/Eli Ford\s+63b Later\s/)
    expect(judges.replace(/\s+/g, ' ')).toContain('221a Early Hussite')
    // looked at: the index page and a roster page
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '2', book, join(repoRootScreens(), 'list-book')])
    expect(existsSync(join(repoRootScreens(), 'list-book-1.png'))).toBe(true)
    // and the judges' copy's first page (one file, named whatever its page count)
    execFileSync('pdftoppm', [
      '-r',
      '100',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      join(dir, 'out', 'book-judges.pdf'),
      join(repoRootScreens(), 'list-book-judges-1')
    ])
    expect(existsSync(join(repoRootScreens(), 'list-book-judges-1.png'))).toBe(true)
  })
})

function repoRootScreens(): string {
  const dir = join(__dirname, '..', '..', 'test-output', 'screens')
  mkdirSync(dir, { recursive: true })
  return dir
}

describe('the list book over IPC (the Event check screen)', () => {
  const dispatch = testDispatch()
  it('the book and the judges\u2019 copy of the files sent, as PDF bytes', async () => {
    const folder = tmp()
    const file = (name: string, data: unknown) => {
      writeFileSync(join(folder, name), JSON.stringify(data))
      return { name, path: join(folder, name) }
    }
    const files = [file('a.json', roster('marian-roman-111a', 'Ann')), file('b.json', roster('later-carthaginian', 'Bob', { battleCards: [{ card: 'SC' }] }))]
    const event = { format: 'muster-event', version: 1, name: 'Screen Open', ruleset: 'triumph', battleCards: { banned: ['SC'] } }
    const book = await dispatch('eventBook', [event, files, false])
    type Book = { pdf: Uint8Array; key: string; fileName: string; rosters: number; left: number }
    expect(book.ok && (book.value as Book).rosters).toBe(1)
    const judges = await dispatch('eventBook', [event, files, true])
    expect(judges.ok && (judges.value as Book).rosters).toBe(2)
    // binary over IPC (no base64), kept in main under a key for savePdf
    expect(judges.ok && (judges.value as Book).pdf).toBeInstanceOf(Uint8Array)
    expect(
      judges.ok &&
        Buffer.from((judges.value as Book).pdf)
          .subarray(0, 5)
          .toString()
    ).toBe('%PDF-')
    expect(judges.ok && (judges.value as Book).key).toMatch(/^[0-9a-f]{24}$/)
    expect(await dispatch('eventBook', [{ name: 'not a profile' }, files, false])).toMatchObject({ ok: false })
  })
})
