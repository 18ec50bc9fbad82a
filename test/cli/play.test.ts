// `muster play`: the one-file page carries the sheet and its script and styles inline (that nothing in
// it points outside itself is checked where a browser parses it, test/e2e/phone.test.ts), and bad
// input is one line with exit 2.
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
    const sheet = decodeSheet(/id="muster-sheet">s=([A-Za-z0-9_-]+)</.exec(html)![1])
    expect(sheet.sides[1].checkCode).toBeNull()
    expect(sheet.ruleset.id).toBe('triumph')
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
      [mine, '--vs', 'triumph:later-carthaginian', '--html', '-o', file, '--lan']
    ]) {
      const r = muster(['play', ...args])
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2])
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(/^muster play: /)
    }
    expect(existsSync(file)).toBe(false)
  })

  it("--serve prints the link first, takes the phone's taps, and stops with the result code when the game ends", async () => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'bin', 'muster.js'), '--no-user-data', 'play', 'examples/triumph-legal.muster.json', '--vs', 'triumph:later-carthaginian', '--serve'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
    const exited = new Promise<number | null>((done) => child.on('exit', done))
    await expect.poll(() => out.includes('\n'), { timeout: 30_000 }).toBe(true)
    const link = out.split('\n')[0]
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}\/#s=[A-Za-z0-9_-]+&sync=1$/)
    const post = (taps: unknown[]) =>
      fetch(new URL('game', link.split('#')[0]), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ taps }) })
    expect((await post([{ kind: 'loss', side: 1, unit: 0, delta: 1 }])).status).toBe(204)
    expect(
      (
        await post([
          { kind: 'loss', side: 1, unit: 0, delta: 1 },
          { kind: 'agreed', winner: 0 }
        ])
      ).status
    ).toBe(204)
    expect(await exited).toBe(0)
    expect(out).toMatch(/^1 taps\. /m)
    expect(out).toMatch(/^Game over: .*as the players agreed\.\nResult code: MR1\./m)
  })
})
