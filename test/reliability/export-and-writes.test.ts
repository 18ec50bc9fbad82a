// Findings 5 and 6: where and how files are written. Export names come from roster names made
// unique (never from ids, which a backup could set to a path), an export never overwrites a file,
// and restored ids are checked. Every file a command writes goes to a temp file in the same folder
// and is renamed over the target only when whole, so a full disk (here: a file-size limit, ulimit
// -f) leaves the old file as it was and no temp file behind; no command writes onto its own input
// or onto the library.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { writeFileAtomic } from '../../src-main/files/write-file'
import { shorten } from '../../src-shared/text'
import { createRoster, openLibrary, type RosterDocument } from '../../src-main/store'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { fileSha256 } from '../support/file-sha'

const tempDir = tempFolders('muster-writes-')
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument
const tempFiles = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('.') || f.includes('.tmp'))

/** The CLI under a file-size limit of `blocks` 1-KiB blocks: writes past it fail with EFBIG. */
function musterLimited(blocks: number, args: string[]) {
  const r = spawnSync('bash', ['-c', `ulimit -f ${blocks}; exec "$0" "$@"`, process.execPath, join(repoRoot, 'bin', 'muster.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, MUSTER_DATA: join(repoRoot, 'test-output', 'no-user-data') }
  })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}

/** A library backup of one roster (no tags: they are optional) with the given id. */
const backupOf = (id: string) => {
  const at = '2026-11-23T00:00:00.000Z'
  return {
    format: 'muster-library',
    version: 1,
    exportedAt: at,
    folders: [],
    rosters: [{ id, createdAt: at, revisions: [{ revision: 1, savedAt: at, document: legal() }] }]
  }
}

describe('library export names and restored ids (finding 5)', () => {
  it('two rosters with one name and one id prefix make two files, named after the roster; nothing is overwritten', async () => {
    const dir = tempDir()
    const db = join(dir, 'library.sqlite')
    const lib = await openLibrary(db)
    createRoster(lib.db, { ...legal(), name: 'Legion' }, { id: 'aaaaaaaa-0000-4000-8000-000000000001' })
    createRoster(lib.db, { ...legal(), name: 'Legion' }, { id: 'aaaaaaaa-0000-4000-8000-000000000002' })
    // the id the audit restored from a backup (restores now refuse it; an older library may hold it):
    // it must never reach a file name. The old export wrote it to out/../../x.muster.json.
    createRoster(lib.db, { ...legal(), name: 'Traveller' }, { id: '/../../x' })
    createRoster(lib.db, { ...legal(), name: 'Λεγεών' })
    lib.close()
    const out = join(dir, 'out')
    mkdirSync(out)
    writeFileSync(join(out, 'legion.muster.json'), 'a file the user already had\n')
    const r = muster(['library', 'export', '--all', '--out', out, '--db', db])
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('Exported 4 rosters')
    expect(readdirSync(out).sort()).toEqual([
      'legion-2.muster.json',
      'legion-3.muster.json',
      'legion.muster.json',
      'traveller.muster.json',
      'λεγεων.muster.json'
    ])
    expect(readFileSync(join(out, 'legion.muster.json'), 'utf8')).toBe('a file the user already had\n')
    expect(existsSync(join(dir, '..', 'x.muster.json'))).toBe(false)
    expect(readdirSync(dir).sort()).toEqual(['library.sqlite', 'library.sqlite-shm', 'library.sqlite-wal', 'out'].filter((f) => existsSync(join(dir, f))))
  })

  it('a backup whose roster id is a path is refused whole, naming the id', async () => {
    const dir = tempDir()
    const db = join(dir, 'library.sqlite')
    ;(await openLibrary(db)).close()
    writeFileSync(join(dir, 'backup.json'), JSON.stringify(backupOf('/../../x')))
    const before = fileSha256(db)
    const r = muster(['library', 'restore', join(dir, 'backup.json'), '--db', db])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/not a Muster library backup: \/rosters\/0\/id: must match pattern/)
    expect(fileSha256(db)).toBe(before)
  })

  it('a schema-valid backup without the optional tags restores (they are none)', async () => {
    const dir = tempDir()
    const db = join(dir, 'library.sqlite')
    writeFileSync(join(dir, 'backup.json'), JSON.stringify(backupOf('b0000000-0000-4000-8000-000000000001')))
    const r = muster(['library', 'restore', join(dir, 'backup.json'), '--db', db])
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('Restored 1 roster from')
  })
})

/** A library file holding one roster, checkpointed so its bytes can be compared afterwards. */
async function libraryOfOne(): Promise<{ dir: string; db: string; before: string }> {
  const dir = tempDir()
  const db = join(dir, 'library.sqlite')
  const lib = await openLibrary(db)
  createRoster(lib.db, legal())
  lib.db.pragma('wal_checkpoint(TRUNCATE)')
  lib.close()
  return { dir, db, before: fileSha256(db) }
}

describe('atomic writes (finding 6)', () => {
  it('export -o on a full disk keeps the old PDF whole and leaves no temp file', () => {
    const dir = tempDir()
    const roster = join(dir, 'legion.muster.json')
    writeFileSync(roster, JSON.stringify(legal()))
    const pdf = join(dir, 'legion.pdf')
    expect(muster(['export', roster, '--pdf', 'roster', '-o', pdf]).code).toBe(0)
    const before = fileSha256(pdf)
    const r = musterLimited(4, ['export', roster, '--pdf', 'cards', '-o', pdf])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/cannot write .*legion\.pdf: the file would be larger than this system allows \(EFBIG\); nothing was written/)
    expect(fileSha256(pdf)).toBe(before)
    expect(tempFiles(dir)).toEqual([])
  })

  it('check -o on a full disk leaves no partial report', () => {
    const dir = tempDir()
    const subs = join(dir, 'subs')
    mkdirSync(subs)
    for (let i = 0; i < 40; i++) writeFileSync(join(subs, `p${i}.muster.json`), JSON.stringify({ ...legal(), player: `Player ${i}` }))
    const event = join(dir, 'event.json')
    writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' }))
    const report = join(dir, 'report.html')
    const r = musterLimited(8, ['check', '--event', event, '--html', '-o', report, subs])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/report\.html: the file would be larger than this system allows/)
    expect(existsSync(report)).toBe(false)
    expect(tempFiles(dir)).toEqual([])
  })

  it('import-armies on a full disk leaves no temp files and no partial army file', () => {
    const dir = tempDir()
    const out = join(dir, 'out')
    const from = join(dir, 'lists')
    mkdirSync(from)
    const entry = (code: string) => ({ troopTypeCode: code, dismountTypeCode: null, note: null })
    for (let i = 1; i <= 5; i++) {
      const id = `aaaaaaaaaaaaaaaaaaaaaaa${i}`
      // a long description makes each army file larger than the 1 KiB limit below
      const options = Array.from({ length: 8 }, (_, k) => ({
        min: 0,
        max: 4,
        dateRange: null,
        troopEntries: [entry('WBD')],
        description: `Warriors of clan ${k} `.repeat(4),
        note: '',
        core: '',
        battleCardEntries: []
      }))
      writeFileSync(
        join(from, id),
        JSON.stringify({
          id,
          name: `Host ${i}`,
          listId: i,
          sublistId: 'a',
          keywords: [],
          dateRanges: [{ startDate: -300, endDate: 100 }],
          troopOptions: options,
          troopEntriesForGeneral: [{ troopEntries: [entry('WBD')] }],
          allyOptions: [],
          battleCardEntries: []
        })
      )
    }
    const r = musterLimited(1, ['import-armies', '--from-meshwesh', from, '--out', out])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/cannot write .*host-1-1a\.json: the file would be larger than this system allows \(EFBIG\)/)
    const armies = join(out, 'triumph', 'armies')
    expect(readdirSync(armies)).toEqual([])
  })

  it('library backup onto the library itself is refused and the library is untouched', async () => {
    const { db, before } = await libraryOfOne()
    const r = muster(['library', 'backup', db, '--db', db])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('is the roster library itself; choose another output file; nothing was written')
    expect(fileSha256(db)).toBe(before)
    const reopened = await openLibrary(db)
    reopened.close()
  })

  it('export -o and check -o never write onto the library (MUSTER_DB), nor check -o onto a submitted print-out', async () => {
    const { dir, db, before } = await libraryOfOne()
    const roster = join(dir, 'legion.muster.json')
    writeFileSync(roster, JSON.stringify(legal()))
    const env = { MUSTER_DB: db }
    const exported = muster(['export', roster, '--pdf', 'roster', '-o', db], { env })
    expect(exported.code).toBe(2)
    expect(exported.stderr).toContain('is the roster library itself')
    const event = join(dir, 'event.json')
    writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' }))
    const checked = muster(['check', '--event', event, '-o', db, roster], { env })
    expect(checked.code).toBe(2)
    expect(checked.stderr).toContain('is the roster library itself')
    expect(fileSha256(db)).toBe(before)
    // the print-out submitted beside the roster is an input too
    expect(muster(['export', roster, '--pdf', 'roster', '-o', join(dir, 'legion.pdf')]).code).toBe(0)
    const printed = fileSha256(join(dir, 'legion.pdf'))
    const onto = muster(['check', '--event', event, '-o', join(dir, 'legion.pdf'), roster])
    expect(onto.code).toBe(2)
    expect(onto.stderr).toContain("is one of this command's own input files")
    expect(fileSha256(join(dir, 'legion.pdf'))).toBe(printed)
  })

  it('a command never writes onto its own input', () => {
    const dir = tempDir()
    const roster = join(dir, 'legion.muster.json')
    writeFileSync(roster, JSON.stringify(legal()))
    const before = fileSha256(roster)
    const r = muster(['export', roster, '--pdf', 'roster', '-o', roster])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("is one of this command's own input files")
    expect(fileSha256(roster)).toBe(before)
    const event = join(dir, 'event.json')
    writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' }))
    const check = muster(['check', '--event', event, '-o', roster, roster])
    expect(check.code).toBe(2)
    expect(fileSha256(roster)).toBe(before)
  })
})

// Round 3, finding 8f: a run killed mid-write left its hidden temp file beside the target for good.
// A temp's name says whose it is (.<name>.muster-<host>-<pid>-<random>.tmp); the next write to that
// target clears the temps of it whose writer is surely gone: a dead pid of this machine. Another
// machine's temps, and an older Muster's (.<name>.<random>.tmp), go only once a day old; a running
// writer's temp is never touched, however old.
describe('stale temp files of killed runs (round 3, finding 8f)', () => {
  /** The pid of a process that has ended. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!
  const host = createHash('sha1').update(hostname()).digest('hex').slice(0, 8)
  const otherHost = host === 'ffffffff' ? 'eeeeeeee' : 'ffffffff'
  const ago = (dir: string, name: string, ms: number) => utimesSync(join(dir, name), new Date(Date.now() - ms), new Date(Date.now() - ms))
  const DAY = 24 * 3600_000

  it('the next write to a target clears the temps of its dead writers and no other', () => {
    const dir = tempDir()
    const roster = join(dir, 'legion.muster.json')
    writeFileSync(roster, JSON.stringify(legal()))
    const target = join(dir, 'legion.txt')
    const killed = `.legion.txt.muster-${host}-${deadPid()}-0badc0de.tmp`
    const killedLongAgo = '.legion.txt.5eed5eed.tmp' // an older Muster's name, without a pid: only its age tells
    const olderRecent = '.legion.txt.5eed5eee.tmp' // the same, an hour old: maybe still writing
    const otherMachineOld = `.legion.txt.muster-${otherHost}-${deadPid()}-0badc0de.tmp` // its pid is no pid here: by age
    const otherMachine = `.legion.txt.muster-${otherHost}-${deadPid()}-0badc0df.tmp`
    const live = `.legion.txt.muster-${host}-${process.pid}-c0ffee00.tmp` // a writer still running (this process), however old
    // an older Muster's temp of "legion.txt.123": not a temp of legion.txt by pid 123
    const ofAnotherName = '.legion.txt.123.abcdef01.tmp'
    const otherTarget = `.other.txt.muster-${host}-${deadPid()}-0badc0de.tmp`
    for (const name of [killed, killedLongAgo, olderRecent, otherMachineOld, otherMachine, live, ofAnotherName, otherTarget])
      writeFileSync(join(dir, name), 'half a file')
    ago(dir, killedLongAgo, 2 * DAY)
    ago(dir, olderRecent, 3600_000)
    ago(dir, otherMachineOld, 2 * DAY)
    ago(dir, otherMachine, 3600_000)
    ago(dir, live, 2 * DAY)
    ago(dir, ofAnotherName, 2 * DAY)
    const r = muster(['export', roster, '--text', '-o', target])
    expect(r.code, r.stderr).toBe(0)
    expect(readFileSync(target, 'utf8')).toMatch(/^Early Imperial Roman/)
    expect(tempFiles(dir).sort()).toEqual([olderRecent, otherMachine, live, ofAnotherName, otherTarget].sort())
  })

  it("a temp left as the app runs is cleared by a later write: a folder's listing is not kept for good", () => {
    const dir = tempDir()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      writeFileAtomic(join(dir, 'a.txt'), 'a')
      const killed = `.b.txt.muster-${host}-${deadPid()}-0badc0de.tmp`
      writeFileSync(join(dir, killed), 'half a file')
      writeFileAtomic(join(dir, 'b.txt'), 'b')
      // the folder was listed a moment ago, before the temp was left
      expect(tempFiles(dir)).toEqual([killed])
      vi.setSystemTime(Date.now() + 5 * 60_000)
      writeFileAtomic(join(dir, 'b.txt'), 'b')
      expect(tempFiles(dir)).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('the temp of a 300-character name fits the file system, and is cleared as any other', () => {
    const dir = tempDir()
    const target = join(dir, `${'n'.repeat(250)}.txt`)
    const stem = shorten(`${'n'.repeat(250)}.txt`, 40)
    const killed = `.${stem}.muster-${host}-${deadPid()}-0badc0de.tmp`
    writeFileSync(join(dir, killed), 'half a file')
    writeFileAtomic(target, 'whole')
    expect(readFileSync(target, 'utf8')).toBe('whole')
    expect(tempFiles(dir)).toEqual([])
  })
})
