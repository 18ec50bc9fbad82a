// `muster play`: the one-file page references nothing outside itself (every src and href is data: or
// #), carries the sheet, and bad input is one line with exit 2.
import { describe, expect, it } from 'vitest'
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
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
    // parsed as a browser parses it (scripts not run): no attribute points outside the file
    const doc = new JSDOM(readFileSync(file, 'utf8')).window.document
    const links = [...doc.querySelectorAll('[src], [href], [srcset], [action], [data], [poster]')].flatMap((el) =>
      ['src', 'href', 'srcset', 'action', 'data', 'poster'].map((a) => el.getAttribute(a)).filter((v): v is string => v !== null)
    )
    expect(links.length).toBeGreaterThan(0)
    expect(links.filter((v) => !v.startsWith('data:') && !v.startsWith('#'))).toEqual([])
    expect(doc.querySelectorAll('script[src], link[rel="stylesheet"]')).toHaveLength(0)
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toMatch(/default-src 'none'/)
    const sheet = decodeSheet(doc.getElementById('muster-sheet')!.textContent!.replace(/^s=/, ''))
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
