// `muster play`: the one-file page carries the sheet and its script and styles inline (that nothing in
// it points outside itself is checked where a browser parses it, test/e2e/phone.test.ts), an existing
// file is kept unless --force, and bad input is one line with exit 2. --serve keeps the game in the
// library (muster games sees it), serves it past a result until the phone finishes it, and on Ctrl+C
// leaves it unfinished, saying how to resume it.
import { describe, expect, it } from 'vitest'
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { decodeSheet } from '../../src-shared/play/sheet-link'

const tempDir = tempFolders('muster-play-')

describe('muster play', () => {
  it('--html -o writes one self-contained page holding the sheet', () => {
    const file = join(tempDir(), 'table.html')
    const r = muster(['play', 'examples/triumph-legal.muster.json', '--vs', 'triumph:later-carthaginian', '--html', '-o', file])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain('table.html')
    const html = readFileSync(file, 'utf8')
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*rel="stylesheet"/)
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'/)
    const [, text, id] = /id="muster-sheet">s=([A-Za-z0-9_.-]+)&g=([A-Za-z0-9_-]+)</.exec(html)!
    const sheet = decodeSheet(text)
    expect(sheet.sides[1].checkCode).toBeNull()
    expect(sheet.ruleset.id).toBe('triumph')
    // a file of its own: never replaced without --force; written again, a new game (another id)
    const again = muster(['play', 'examples/triumph-legal.muster.json', '--vs', 'triumph:later-carthaginian', '--html', '-o', file])
    expect([again.code, again.stderr]).toEqual([2, `muster play: cannot write ${file}: the file exists (add --force to replace it); nothing was written\n`])
    expect(readFileSync(file, 'utf8')).toBe(html)
    const forced = muster(['play', 'examples/triumph-legal.muster.json', '--vs', 'triumph:later-carthaginian', '--html', '-o', file, '--force'])
    expect(forced.code, forced.stderr).toBe(0)
    expect(/id="muster-sheet">s=[A-Za-z0-9_.-]+&g=([A-Za-z0-9_-]+)</.exec(readFileSync(file, 'utf8'))![1]).not.toBe(id)
  })

  it('refuses bad input in one line with exit 2, writing nothing', () => {
    const file = join(tempDir(), 'never.html')
    const mine = 'examples/triumph-legal.muster.json'
    for (const args of [
      [mine, '--html', '-o', file],
      [mine, '--vs', 'no-such-file.json', '--html', '-o', file],
      [mine, '--vs', 'examples/wrg-1969-legal.muster.json', '--html', '-o', file],
      [mine, '--vs', 'triumph:later-carthaginian', '--html'],
      [mine, '--vs', 'triumph:later-carthaginian', '--serve', '--port', 'x'],
      [mine, '--vs', 'triumph:later-carthaginian', '--html', '-o', file, '--lan'],
      [mine, '--vs', 'triumph:later-carthaginian', '--serve', '--force']
    ]) {
      const r = muster(['play', ...args])
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2])
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(/^muster play: /)
    }
    expect(existsSync(file)).toBe(false)
    const both = muster(['play', mine, '--vs', 'triumph:later-carthaginian', '--serve', '--html', '-o', file])
    expect([both.code, both.stderr]).toEqual([
      2,
      'muster play: pick one: --html -o FILE (a page to keep on the phone) or --serve (served from this computer)\n'
    ])
  })

  /** `muster play ... --serve` as shipped, over a library file: its output as it comes, and its exit. */
  function serving(db: string, args: string[]) {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'muster.js'), '--no-user-data', 'play', ...args, '--serve', '--db', db], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const run = { out: '', err: '', child, exited: new Promise<number | null>((done) => child.on('exit', done)) }
    child.stdout.on('data', (c: Buffer) => (run.out += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (run.err += c.toString('utf8')))
    return run
  }
  type Answer = { taps: unknown[]; base: string; code: string | null; finished: boolean }
  const reader = (link: string) => ({
    read: async () => (await (await fetch(new URL('game', link.split('#')[0]))).json()) as Answer,
    post: async (path: 'game' | 'finish', body: unknown) => {
      const r = await fetch(new URL(path, link.split('#')[0]), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: r.status, answer: (await r.json()) as Answer }
    }
  })

  it('--serve keeps the game in the library and serves it past a result until the phone finishes it, printing the result code', async () => {
    const db = join(tempDir(), 'lib.sqlite')
    const run = serving(db, ['examples/triumph-legal.muster.json', '--vs', 'triumph:later-carthaginian'])
    await expect.poll(() => run.out.split('\n').length > 3, { timeout: 30_000 }).toBe(true)
    const [link, where, kept] = run.out.split('\n')
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}\/#s=[A-Za-z0-9_.-]+&sync=1&g=[0-9a-f-]{36}$/)
    // no QR code a phone could not open: said plainly, with the way out
    expect(where).toBe('That link works only on this computer (127.0.0.1): a phone cannot open it. For a phone on your network, add --lan.')
    expect(kept).toMatch(/^The game is kept in the library \(game [0-9a-f-]{36}\)/)
    const { read, post } = reader(link)
    const first = await read()
    const one = await post('game', { base: first.base, taps: [{ kind: 'loss', side: 1, unit: 0, delta: 1 }] })
    expect(one.status).toBe(200)
    const agreed = await post('game', {
      base: one.answer.base,
      taps: [
        { kind: 'loss', side: 1, unit: 0, delta: 1 },
        { kind: 'agreed', winner: 0 }
      ]
    })
    expect([agreed.status, agreed.answer.finished]).toEqual([200, false])
    // over by agreement, still served (a mistaken ending could be undone); the phone finishes it
    const finished = await post('finish', { base: agreed.answer.base })
    expect([finished.status, finished.answer.finished]).toEqual([200, true])
    expect(await run.exited).toBe(0)
    expect(run.out).toMatch(/^1 tap\. /m)
    expect(run.out).toMatch(/^2 taps\. /m)
    expect(run.out).toContain(`Game over: `)
    expect(run.out).toContain(`Result code: ${finished.answer.code}\n`)
    const games = muster(['games', '--db', db, '--json'])
    expect(games.code, games.stderr).toBe(0)
    const { rows } = JSON.parse(games.stdout) as { rows: Array<{ result: { code: string } | null; taps: number }> }
    expect(rows.map((r) => [r.taps, r.result?.code])).toEqual([[2, finished.answer.code]])
  })

  it('--serve stopped by Ctrl+C leaves the game unfinished in the library, says how to resume it, and --resume serves it again', async () => {
    const db = join(tempDir(), 'lib.sqlite')
    const run = serving(db, ['examples/triumph-legal.muster.json', '--vs', 'triumph:later-carthaginian'])
    await expect.poll(() => run.out.split('\n').length > 3, { timeout: 30_000 }).toBe(true)
    const link = run.out.split('\n')[0]
    const { read, post } = reader(link)
    expect((await post('game', { base: (await read()).base, taps: [{ kind: 'loss', side: 1, unit: 0, delta: 1 }] })).status).toBe(200)
    await expect.poll(() => run.out).toMatch(/^1 tap\. /m)
    run.child.kill('SIGINT')
    expect(await run.exited).toBe(0)
    const id = /game ([0-9a-f-]{36})/.exec(run.out)![1]
    expect(run.out).toContain(
      `Stopped. The game is kept in the library, unfinished (1 tap). To go on: muster play --resume ${id} --serve --db ${db}; finish it on the phone once it is over.\n`
    )
    const again = serving(db, ['--resume', id])
    await expect.poll(() => again.out.split('\n').length > 3, { timeout: 30_000 }).toBe(true)
    expect((await reader(again.out.split('\n')[0]).read()).taps).toEqual([{ kind: 'loss', side: 1, unit: 0, delta: 1 }])
    again.child.kill('SIGINT')
    expect(await again.exited).toBe(0)
  })
})
