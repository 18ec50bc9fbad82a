// `muster play`: the one-file page carries the sheet and its script and styles inline (that nothing in
// it points outside itself is checked where a browser parses it, test/e2e/phone.test.ts), and bad
// input is one line with exit 2.
import { describe, expect, it } from 'vitest'
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { muster } from '../support/cli'
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
})
