// `muster event serve` through the built CLI (bin/muster.js): an event paired in a temp library, its
// results page served on 127.0.0.1; the link read from standard output, a result posted to it as a
// phone would, printed on its line as it comes in; Ctrl+C (SIGINT) stops it with exit 0, and the
// library keeps the result with source 'phone'. Bad input: one line, exit 2.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { pairedEvent } from '../support/event-day'
import { json, send } from '../support/http'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-event-serve-')

describe('muster event serve', () => {
  it('serves the results page until Ctrl+C, printing each result a phone sends; the library keeps it', async () => {
    const dir = tmp()
    const event = pairedEvent(dir, ['Ann', 'Bob', 'Cy', 'Dee'], 'Club Night')
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'muster.js'), 'event', 'serve', event.id.slice(0, 8), '--db', event.db], { cwd: repoRoot })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => void (out += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => void (err += s))
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    try {
      await expect.poll(() => out, { timeout: 30_000 }).toMatch(/Ctrl\+C stops\.\n/)
      const url = /^(http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}\/)$/m.exec(out)?.[1]
      expect(url, out + err).toBeDefined()
      expect(out).toMatch(/works only on this computer \(127\.0\.0\.1\).*add --lan/)
      expect(out).toMatch(/^Serving Club Night's results \(round 1: 2 tables to play, 0 with a result\); Ctrl\+C stops\.$/m)
      const [a, b] = event.round.tables[0].players
      // the table's result PIN, as its slip prints it and the organiser's `event show` lists it
      const shown = JSON.parse(muster(['event', 'show', event.id, '--json', '--db', event.db]).stdout) as { rounds: Array<{ tables: Array<{ pin?: string }> }> }
      const pin = shown.rounds[0].tables[0].pin
      expect(pin).toMatch(/^[0-9A-Z]{5}$/)
      const r = await send(`${url}result`, { method: 'POST', headers: json, body: JSON.stringify({ round: 1, table: 1, pin, winner: a, score: [5, 2] }) })
      expect(r.status, r.body).toBe(200)
      await expect.poll(() => out).toMatch(new RegExp(`^Round 1, table 1: ${a} beat ${b}, 5-2$`, 'm'))
      child.kill('SIGINT')
      expect(await exited, err).toBe(0)
    } finally {
      child.kill('SIGKILL')
    }
    expect(out).toMatch(/^Stopped\. 1 result came in from phones; they are in the library\.$/m)
    expect(err).toBe('')
    const exported = join(dir, 'export.json')
    expect(muster(['event', 'export', event.id, '-o', exported, '--db', event.db]).code).toBe(0)
    const whole = JSON.parse(readFileSync(exported, 'utf8')) as {
      event: { rounds: Array<{ tables: Array<{ table: number; result: unknown; resultSource: string | null }> }> }
    }
    expect(whole.event.rounds[0].tables[0]).toMatchObject({ result: { winner: 0, score: [5, 2] }, resultSource: 'phone' })
    expect(whole.event.rounds[0].tables[1]).toMatchObject({ result: null, resultSource: null })
  })

  it('refuses bad input in one line, exit 2: an unknown event, a port that is no number', () => {
    const dir = tmp()
    const db = join(dir, 'library.sqlite')
    for (const [args, says] of [
      [['event', 'serve', 'abcdef12', '--db', db], /no event with the id or name 'abcdef12' in the library: muster event list shows/],
      [['event', 'serve', 'abcdef12', '--port', 'x', '--db', db], /--port is a number from 0 to 65535, not 'x'/]
    ] as const) {
      const r = muster([...args])
      expect(r.code, r.stderr).toBe(2)
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(says)])
    }
  })
})
