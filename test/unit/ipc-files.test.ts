// Files through the main process (issue 27 item 6): exportPdf answers the PDF as binary and keeps it
// under a key; savePdf shows the save dialog (here a fake: the Electron binary cannot run in tests)
// and writes exactly those bytes, atomically, where the dialog said; a cancelled dialog writes nothing.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RosterDocument, RosterRow } from '../../src-main/ipc/contract'
import type { Dispatch } from '../../src-main/ipc/handlers'
import { fileHandlers, PdfShelf, type FileDialogs } from '../../src-main/ipc/file-handlers'
import { repoRoot } from '../support/engine'
import { tempDialogs, type TempDialogs } from '../support/file-dialogs'
import { testLibrary } from '../support/library'

const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as RosterDocument
type Pdf = { fileName: string; pdf: Uint8Array; key: string; checkCode: string }

describe('IPC: PDFs saved by the main process', () => {
  let dir: string
  let dialogs: TempDialogs
  let dispatch: Dispatch
  let dispose: () => void
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'muster-ipc-files-'))
    dialogs = tempDialogs(join(dir, 'chosen'))
    const t = await testLibrary({ dialogs })
    dispatch = t.dispatch
    dispose = t.dispose
  })
  afterAll(() => {
    dispose()
    rmSync(dir, { recursive: true, force: true })
  })
  const value = async <T>(channel: Parameters<Dispatch>[0], args: unknown[]): Promise<T> => {
    const r = await dispatch(channel, args)
    if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
    return r.value as T
  }

  it('exportPdf answers binary bytes and a key; savePdf writes exactly them where the dialog chose, with no temp left', async () => {
    const row = await value<RosterRow>('createRoster', [example('triumph-legal')])
    const made = await value<Pdf>('exportPdf', [row.id, 'roster', 'a4'])
    expect(made.pdf).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(made.pdf).subarray(0, 5).toString()).toBe('%PDF-')
    expect(made).not.toHaveProperty('base64')
    const saved = await value<{ saved: boolean; path: string }>('savePdf', [made.key])
    expect(saved).toEqual({ saved: true, path: join(dialogs.folder, made.fileName) })
    expect(dialogs.asked.at(-1)).toEqual({ save: { title: 'Save PDF', defaultName: made.fileName, filters: [{ name: 'PDF', extensions: ['pdf'] }] } })
    expect(Buffer.compare(readFileSync(saved.path), Buffer.from(made.pdf))).toBe(0)
    // the atomic writer's temp file is gone: only the PDF is in the folder
    expect(readdirSync(dialogs.folder)).toEqual([made.fileName])

    // the name offered can be the renderer's (a list book's); an existing file is replaced whole
    writeFileSync(join(dialogs.folder, 'mine.pdf'), 'old')
    expect(await value('savePdf', [made.key, 'mine.pdf'])).toEqual({ saved: true, path: join(dialogs.folder, 'mine.pdf') })
    expect(Buffer.compare(readFileSync(join(dialogs.folder, 'mine.pdf')), Buffer.from(made.pdf))).toBe(0)
  })

  it('a cancelled save dialog writes nothing and says so', async () => {
    const row = await value<RosterRow>('createRoster', [example('triumph-legal')])
    const made = await value<Pdf>('exportPdf', [row.id, 'cards', 'letter'])
    const before = readdirSync(dir, { recursive: true }).sort()
    dialogs.cancelNextSave()
    expect(await value('savePdf', [made.key])).toEqual({ saved: false })
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual(before)
  })

  it('eventBook keeps the book for savePdf too', async () => {
    const event = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' }
    writeFileSync(join(dir, 'ann.json'), JSON.stringify(example('triumph-legal')))
    const book = await value<{ pdf: Uint8Array; key: string }>('eventBook', [event, [{ name: 'ann.json', path: join(dir, 'ann.json') }], false])
    const saved = await value<{ path: string }>('savePdf', [book.key, 'open-list-book.pdf'])
    expect(saved.path).toBe(join(dialogs.folder, 'open-list-book.pdf'))
    expect(Buffer.compare(readFileSync(saved.path), Buffer.from(book.pdf))).toBe(0)
  })

  it('savePdf refuses an unknown key in words, a key or name of the wrong shape as bad arguments', async () => {
    expect(await dispatch('savePdf', ['0123456789abcdef01234567'])).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: expect.stringMatching(/no longer at hand/) }
    })
    for (const args of [
      ['../etc/passwd'],
      [''],
      ['0123456789abcdef01234567', '../x.pdf'],
      ['0123456789abcdef01234567', 'a\\b.pdf'],
      ['0123456789abcdef01234567', ''],
      [{}]
    ]) {
      expect(await dispatch('savePdf', args)).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    }
  })

  it('a write that fails is an error in words (the folder is gone), and nothing is left behind', async () => {
    const gone = join(dir, 'gone')
    const dialogsToNowhere: FileDialogs = { open: async () => null, save: async (o) => join(gone, o.defaultName) }
    const shelf = new PdfShelf()
    const key = shelf.put('x.pdf', new Uint8Array([37, 80, 68, 70]))
    await expect(fileHandlers(dialogsToNowhere, shelf).savePdf(key)).rejects.toMatchObject({
      name: 'FileError',
      code: 'write-failed',
      message: expect.stringContaining('the folder does not exist')
    })
    mkdirSync(gone)
    expect(readdirSync(gone)).toEqual([])
  })

  it('importRosterFiles: paths read by main with the one file reader; refusals in words; share codes in .txt files', async () => {
    const folder = join(dir, 'rosters')
    mkdirSync(folder)
    const at = (name: string, data: string | Buffer) => {
      writeFileSync(join(folder, name), data)
      return join(folder, name)
    }
    const row = await value<RosterRow>('createRoster', [example('wrg-mk2-legal')])
    const { code } = await value<{ code: string }>('shareCode', [row.id])
    const paths = [
      at('legal.muster.json', JSON.stringify(example('triumph-legal'))),
      at('broken.json', '{'),
      at('huge.json', Buffer.alloc(5 * 1024 * 1024 + 1, 32)),
      at('latin1.json', Buffer.from(JSON.stringify({ ...example('triumph-legal'), name: 'Légion' }), 'latin1')),
      at('code.txt', `> ${code}\n`),
      at('bad-code.txt', code.slice(0, -3)),
      join(folder, 'missing.json'),
      folder
    ]
    const r = await value<{ imported: Array<{ source: string; name: string }>; failed: Array<{ source: string; reason: string }> }>('importRosterFiles', [
      paths
    ])
    expect(r.imported.map((i) => i.source)).toEqual(['legal.muster.json', 'code.txt'])
    expect(Object.fromEntries(r.failed.map((f) => [f.source, f.reason]))).toEqual({
      'broken.json': expect.stringMatching(/not valid JSON/),
      'huge.json': '5.0 MB is too large for a roster (limit 5 MB)',
      'latin1.json': expect.stringMatching(/not UTF-8 text/),
      'bad-code.txt': expect.stringMatching(/damaged or incomplete/),
      'missing.json': 'no such file',
      rosters: 'is a folder, not a file'
    })
  })

  it('importRosterFiles without paths: main shows the open dialog; cancelled, nothing is imported (null)', async () => {
    const before = (await value<{ total: number }>('listRosters', [{}])).total
    dialogs.pick(null, [join(repoRoot, 'examples', 'wrg-1969-legal.muster.json')])
    expect(await value('importRosterFiles', [])).toBeNull()
    expect(dialogs.asked.at(-1)).toMatchObject({ open: { title: 'Import rosters', multiple: true } })
    expect(await value('importRosterFiles', [])).toMatchObject({ imported: [{ source: 'wrg-1969-legal.muster.json' }], failed: [] })
    expect((await value<{ total: number }>('listRosters', [{}])).total).toBe(before + 1)
  })

  it('importRosterFiles refuses bad paths lists as bad arguments', async () => {
    for (const args of [[[]], [['']], [['x'.repeat(4097)]], [Array(2001).fill('a.json')], [[{ name: 'a.json', base64: '' }]]]) {
      expect(await dispatch('importRosterFiles', args)).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    }
  })

  it('pickEventFiles: main shows the open dialog; a folder stands for its .json files, named by their path under it', async () => {
    const subs = join(dir, 'round2')
    mkdirSync(join(subs, 'teamA'), { recursive: true })
    for (const f of ['teamA/list.json', 'bo.json', 'notes.txt']) writeFileSync(join(subs, f), '{}')
    writeFileSync(join(dir, 'loose.json'), '{}')
    dialogs.pick([subs], [join(dir, 'loose.json'), join(subs, 'bo.json')], null, [join(dir, 'loose.json')])
    expect(await value('pickEventFiles', ['folder'])).toEqual([
      { path: join(subs, 'bo.json'), name: 'round2/bo.json' },
      { path: join(subs, 'teamA', 'list.json'), name: 'round2/teamA/list.json' }
    ])
    expect(dialogs.asked.at(-1)).toMatchObject({ open: { folders: true } })
    expect(await value('pickEventFiles', ['files'])).toEqual([
      { path: join(dir, 'loose.json'), name: 'loose.json' },
      { path: join(subs, 'bo.json'), name: 'bo.json' }
    ])
    expect(dialogs.asked.at(-1)).toMatchObject({ open: { multiple: true } })
    expect(await value('pickEventFiles', ['files'])).toBeNull()
    expect(await value('pickEventFiles', ['previous'])).toEqual([{ path: join(dir, 'loose.json'), name: 'loose.json' }])
    expect(dialogs.asked.at(-1)).toMatchObject({ open: { multiple: false } })
    expect(await dispatch('pickEventFiles', ['everything'])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    // a submission is read at each check with the one file reader: a folder or missing file is a row that says so
    const event = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' }
    const r = await value<{ report: { rows: Array<{ file: string; readable: boolean; error?: string }> } }>('checkEventFiles', [
      event,
      [
        { name: 'teamA', path: join(subs, 'teamA') },
        { name: 'gone.json', path: join(dir, 'gone.json') }
      ]
    ])
    expect(JSON.stringify(r.report.rows)).toMatch(/is a folder, not a file[\s\S]*no such file/)
  })

  it('the shelf keeps the last PDFs only', () => {
    const shelf = new PdfShelf(2)
    const [a, b, c] = ['a', 'b', 'c'].map((n) => shelf.put(`${n}.pdf`, new Uint8Array([1])))
    expect([shelf.get(a), shelf.get(b)?.fileName, shelf.get(c)?.fileName]).toEqual([undefined, 'b.pdf', 'c.pdf'])
  })
})
