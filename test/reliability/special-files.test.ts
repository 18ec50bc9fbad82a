// Finding 4: hangs and unbounded memory. A FIFO, /dev/zero or a symlink to it among the files a
// command reads: the reader takes only regular files (checked on the open descriptor, opened
// without blocking) and counts bytes as it reads, so each command answers within seconds, names
// the file, and exits 2.
import { execFileSync, spawn } from 'node:child_process'
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { readRegularFile } from '../../src-main/files/read-file'
import { isWindowsDevice } from '../../src-main/files/special-targets'
import { muster, musterAsync } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-special-')
const SECONDS = 20_000 // a hang is caught here; the commands answer in well under a second or two

/** A folder with a legal roster, a FIFO, /dev/zero behind a symlink, and a symlink to the FIFO. */
function trapFolder(): string {
  const dir = join(tempDir(), 'submissions')
  mkdirSync(dir)
  copyFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), join(dir, 'a-legal.muster.json'))
  execFileSync('mkfifo', [join(dir, 'fifo.json')])
  symlinkSync('/dev/zero', join(dir, 'zero.json'))
  symlinkSync(join(dir, 'fifo.json'), join(dir, 'link-to-fifo.json'))
  return dir
}

function expectRefused(r: ReturnType<typeof muster>, ...names: string[]) {
  expect(r.timedOut).toBe(false)
  expect(r.code).toBe(2)
  for (const name of names) expect(r.stdout + r.stderr).toMatch(new RegExp(`${name}.*not a regular file`))
}

describe('devices, FIFOs and symlinks to them (finding 4)', () => {
  it('the reader refuses them without blocking, and caps what it reads', () => {
    const dir = trapFolder()
    for (const name of ['fifo.json', 'zero.json', 'link-to-fifo.json']) {
      const r = readRegularFile(join(dir, name), 1024)
      expect(r).toEqual({ ok: false, place: join(dir, name), message: expect.stringMatching(/not a regular file/) })
    }
    expect(readRegularFile('/dev/zero', 1024).ok).toBe(false)
    writeFileSync(join(dir, 'big.json'), 'x'.repeat(2048))
    expect(readRegularFile(join(dir, 'big.json'), 1024)).toMatchObject({ ok: false, message: expect.stringMatching(/too large/) })
  })

  it('muster validate: answers, names each, exit 2', () => {
    const dir = trapFolder()
    const r = muster(['validate', dir], { timeoutMs: SECONDS })
    expectRefused(r, 'fifo.json', 'zero.json', 'link-to-fifo.json')
    expect(r.stdout).toMatch(/a-legal\.muster\.json: legal/)
  })

  it('muster check: the folder, and an event profile that is a FIFO', () => {
    const dir = trapFolder()
    const event = join(dir, '..', 'event.json')
    writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' }))
    const r = muster(['check', '--event', event, dir], { timeoutMs: SECONDS })
    expect(r.timedOut).toBe(false)
    expect(r.code).toBe(2)
    expect(r.stdout).toMatch(/fifo\.json.*UNREADABLE/)
    expect(r.stdout).toMatch(/zero\.json.*UNREADABLE/)
    const fifoEvent = muster(['check', '--event', join(dir, 'fifo.json'), dir], { timeoutMs: SECONDS })
    expectRefused(fifoEvent, 'fifo.json')
  })

  it('muster import-armies: a folder of them, and /dev/zero given directly', () => {
    const dir = trapFolder()
    const out = join(dir, '..', 'out')
    const r = muster(['import-armies', '--from-meshwesh', dir, '--out', out], { timeoutMs: SECONDS })
    expect(r.timedOut).toBe(false)
    expect(r.stderr).toMatch(/fifo\.json: is not a regular file/)
    expect(r.stderr).toMatch(/zero\.json: is not a regular file/)
    expect(r.code).toBe(2)
    const zero = muster(['import-armies', '--from-meshwesh', '/dev/zero', '--dry-run'], { timeoutMs: SECONDS })
    expect(zero.timedOut).toBe(false)
    expect(zero.code).toBe(2)
  })

  it('muster library restore and import: a FIFO and /dev/zero as the file', () => {
    const dir = trapFolder()
    const db = join(dir, '..', 'library.sqlite')
    expectRefused(muster(['library', 'restore', join(dir, 'fifo.json'), '--db', db], { timeoutMs: SECONDS }), 'fifo.json')
    expectRefused(muster(['library', 'restore', join(dir, 'zero.json'), '--db', db], { timeoutMs: SECONDS }), 'zero.json')
    const imported = muster(['library', 'import', dir, '--db', db], { timeoutMs: SECONDS })
    expect(imported.timedOut).toBe(false)
    expect(imported.stdout).toContain('Imported 1 of 4; 3 failed.')
    expect(imported.code).toBe(1)
  })

  it('muster verify and info: /dev/zero answers at once', () => {
    expectRefused(muster(['verify', '/dev/zero'], { timeoutMs: SECONDS }), 'zero')
    expectRefused(muster(['info', '/dev/zero'], { timeoutMs: SECONDS }), 'zero')
  })
})

/** A reader of a FIFO in a child process (`cat`): what it received, once the writer closed it. */
function fifoReader(fifo: string): Promise<{ got: Buffer; timedOut: boolean }> {
  return new Promise((done) => {
    const cat = spawn('cat', [fifo])
    const chunks: Buffer[] = []
    let timedOut = false
    const timer = setTimeout(() => ((timedOut = true), cat.kill('SIGKILL')), SECONDS)
    cat.stdout.on('data', (c: Buffer) => chunks.push(c))
    cat.on('close', () => (clearTimeout(timer), done({ got: Buffer.concat(chunks), timedOut })))
  })
}

// Finding 6 (round 3): -o onto a device or a FIFO replaced it with a regular file (the atomic
// writer renamed its temp over it; as root, -o /dev/null would have replaced the system's).
describe('-o onto a device, a FIFO or another special file (round 3, finding 6)', () => {
  const legal = join(repoRoot, 'examples', 'triumph-legal.muster.json')

  it('a FIFO: the PDF goes into it, to the program reading it, and the FIFO stays a FIFO', async () => {
    const dir = tempDir()
    const fifo = join(dir, 'out.pdf')
    execFileSync('mkfifo', [fifo])
    const reader = fifoReader(fifo)
    const r = await musterAsync(['export', legal, '--pdf', 'roster', '-o', fifo], { timeoutMs: SECONDS })
    const read = await reader
    expect(r.timedOut).toBe(false)
    expect(r.code, r.stderr).toBe(0)
    expect(lstatSync(fifo).isFIFO()).toBe(true)
    expect(read.timedOut).toBe(false)
    expect(read.got.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(readdirSync(dir)).toEqual(['out.pdf'])
  })

  it('/dev/null: written into, still the character device it was', () => {
    const before = statSync('/dev/null')
    expect(before.isCharacterDevice()).toBe(true)
    const r = muster(['export', legal, '--text', '-o', '/dev/null'], { timeoutMs: SECONDS })
    expect(r.code, r.stderr).toBe(0)
    const after = lstatSync('/dev/null')
    expect(after.isCharacterDevice()).toBe(true)
    expect([after.rdev, after.ino]).toEqual([before.rdev, before.ino])
  })

  it('/dev/stdout: the roster text on standard output, what was written said on standard error', () => {
    const before = lstatSync('/dev/stdout')
    const r = muster(['export', legal, '--text', '-o', '/dev/stdout'], { timeoutMs: SECONDS })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Early Imperial Roman/)
    expect(r.stderr).toMatch(/^\/dev\/stdout: roster as text, \d+ lines; triumph-legal\.muster\.json legal/)
    expect(lstatSync('/dev/stdout').isSymbolicLink()).toBe(before.isSymbolicLink())
    const decoded = muster(['share', '--decode', muster(['share', legal]).stdout.trim(), '-o', '/dev/stdout'], { timeoutMs: SECONDS })
    expect(decoded.code, decoded.stderr).toBe(0)
    expect(JSON.parse(decoded.stdout)).toMatchObject({ army: 'early-imperial-roman' })
  })

  // Review of finding 6: `library backup /dev/stdout > file` once ended the backup with its own summary line.
  it('library backup to /dev/stdout: standard output is the backup alone, and it restores', () => {
    const dir = tempDir()
    const db = join(dir, 'library.sqlite')
    expect(muster(['library', 'import', legal, '--db', db], { timeoutMs: SECONDS }).code).toBe(0)
    const backup = muster(['library', 'backup', '/dev/stdout', '--db', db], { timeoutMs: SECONDS })
    expect(backup.code, backup.stderr).toBe(0)
    expect(backup.stderr).toMatch(/^Backed up 1 roster \(1 revision\) to \/dev\/stdout/)
    const file = join(dir, 'backup.json')
    writeFileSync(file, backup.stdout)
    expect(JSON.parse(backup.stdout)).toMatchObject({ format: 'muster-library', rosters: [{ revisions: [{ revision: 1 }] }] })
    const restored = muster(['library', 'restore', file, '--db', join(dir, 'restored.sqlite')], { timeoutMs: SECONDS })
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toMatch(/Restored 1 roster/)
  })

  // A reader that stops early (`| head -1`) closed the pipe under the CLI: it died on EPIPE with a stack trace.
  it('a pipe closed early by its reader: the command stops quietly, no stack trace', async () => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'muster.js'), 'validate', ...Array.from({ length: 50 }, () => join(repoRoot, 'examples'))], {
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.stdout.once('data', () => child.stdout.destroy())
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)))
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })

  // Review of finding 6: a FIFO no program read made the command wait for one, for ever.
  it('a FIFO no program reads: said at once, exit 2, the FIFO left as it was', () => {
    const dir = tempDir()
    const fifo = join(dir, 'nobody.txt')
    execFileSync('mkfifo', [fifo])
    const r = muster(['export', legal, '--text', '-o', fifo], { timeoutMs: SECONDS })
    expect(r.timedOut).toBe(false)
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(`muster export: cannot write ${fifo}: no program is reading it (ENXIO); nothing was written`)
    expect(lstatSync(fifo).isFIFO()).toBe(true)
    expect(readdirSync(dir)).toEqual(['nobody.txt'])
  })

  it('a FIFO whose reader is slow gets every byte (the writes wait for it)', async () => {
    const dir = tempDir()
    const subs = join(dir, 'subs')
    mkdirSync(subs)
    const roster = JSON.parse(readFileSync(legal, 'utf8')) as Record<string, unknown>
    for (let i = 0; i < 60; i++) writeFileSync(join(subs, `p${i}.muster.json`), JSON.stringify({ ...roster, player: `Player ${i}` }))
    const event = join(dir, 'event.json')
    writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' }))
    const fifo = join(dir, 'report.json')
    execFileSync('mkfifo', [fifo])
    // a reader that opens the FIFO, then waits before reading: the report is more than a pipe holds
    const reader = new Promise<Buffer>((done) => {
      const child = spawn('sh', ['-c', 'exec 3<"$0"; sleep 1; cat <&3', fifo])
      const chunks: Buffer[] = []
      child.stdout.on('data', (c: Buffer) => chunks.push(c))
      child.on('close', () => done(Buffer.concat(chunks)))
    })
    // once the reader has the FIFO open (a writer's non-blocking open then succeeds), muster writes;
    // this probe writer stays open until then, so the reader sees no end before muster's output
    const probe = await vi.waitFor(() => openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK), { timeout: SECONDS })
    const r = await musterAsync(['check', '--event', event, subs, '--json', '-o', fifo], { timeoutMs: SECONDS })
    closeSync(probe)
    const got = await reader
    expect(r.code, r.stderr).toBe(0)
    expect(got.length).toBeGreaterThan(65536)
    expect((JSON.parse(got.toString('utf8')) as { summary: { submissions: number } }).summary.submissions).toBe(60)
    expect(lstatSync(fifo).isFIFO()).toBe(true)
  })

  // Review of finding 6: any character device was written into; as root, that is /dev/sda's raw
  // twin, /dev/mem or a printer port. Only a terminal and /dev/null (or /dev/zero) are.
  it.skipIf(!existsSync('/dev/urandom'))('another character device (/dev/urandom) is refused, and left as it was', () => {
    const before = statSync('/dev/urandom')
    const r = muster(['export', legal, '--text', '-o', '/dev/urandom'], { timeoutMs: SECONDS })
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(
      'muster export: cannot write /dev/urandom: it is a device, not a file (Muster writes only into a terminal or /dev/null); nothing was written'
    )
    const after = lstatSync('/dev/urandom')
    expect([after.isCharacterDevice(), after.rdev, after.ino]).toEqual([true, before.rdev, before.ino])
    expect(muster(['export', legal, '--text', '-o', '/dev/zero'], { timeoutMs: SECONDS }).code).toBe(0)
  })

  it('Windows device names and device paths are told from file names', () => {
    for (const name of [
      'NUL',
      'nul',
      'Nul.txt',
      'CON',
      'con.muster.json',
      'PRN',
      'AUX',
      'COM1',
      'com9.log',
      'LPT1',
      'lpt9.pdf',
      'C:\\Users\\ann\\NUL',
      'D:\\out\\aux.pdf',
      'nul:',
      'NUL ',
      'C:/out/COM3.txt',
      '\\\\.\\COM10',
      '\\\\.\\pipe\\muster',
      '//./PhysicalDrive0',
      'CONOUT$'
    ]) {
      expect(isWindowsDevice(name), name).toBe(true)
    }
    for (const name of [
      'null',
      'NULL.txt',
      'console.txt',
      'COM0',
      'COM10',
      'LPT',
      'LPT0.pdf',
      'auxiliary.pdf',
      'my-nul.txt',
      'C:\\NUL\\roster.pdf',
      'roster.pdf',
      '\\\\?\\C:\\out\\roster.pdf',
      '\\\\server\\share\\nul-list.txt',
      'prn-list.txt'
    ]) {
      expect(isWindowsDevice(name), name).toBe(false)
    }
  })

  it('a socket or a folder is refused, said plainly, and left as it was', async () => {
    const dir = tempDir()
    const socket = join(dir, 'out.sock')
    const server = createServer()
    await new Promise<void>((ok) => server.listen(socket, ok))
    try {
      const r = await musterAsync(['export', legal, '--text', '-o', socket], { timeoutMs: SECONDS })
      expect(r.code).toBe(2)
      expect(r.stderr.trim()).toBe(`muster export: cannot write ${socket}: it is a socket, not a file; nothing was written`)
      expect(lstatSync(socket).isSocket()).toBe(true)
    } finally {
      server.close()
    }
    const folder = join(dir, 'folder')
    mkdirSync(folder)
    const r = muster(['export', legal, '--pdf', 'roster', '-o', folder], { timeoutMs: SECONDS })
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(`muster export: cannot write ${folder}: it is a folder, not a file; nothing was written`)
    expect(readdirSync(dir).sort()).toEqual(['folder', 'out.sock'].filter((f) => existsSync(join(dir, f))))
    expect(readdirSync(folder)).toEqual([])
  })
})
