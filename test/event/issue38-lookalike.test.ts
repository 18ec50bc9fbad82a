// Issue 38, finding 7: "Маллory" (Cyrillic М, а, л, л, then Latin "ory") was not flagged beside
// "Mallory". Unicode's confusables table (UTS #39, 13.0 in unhomoglyph and still 17.0) maps no Latin
// letter to Cyrillic "л", so no skeleton, case folding or NFKC meets the two. A name that mixes
// scripts (UTS #39's mixed-script detection) is now also compared as transliterated to ASCII
// (any-ascii): "Маллory" reads "Mallory", and the organiser is warned.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lookAlikeKeys, samePlayer } from '../../src-shared/player-keys'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { checked, legal, openEvent } from '../support/fixtures-open-event'

const tempDir = tempFolders('muster-lookalike-')
const event = openEvent
const alike = (a: string, b: string) => lookAlikeKeys(a).some((k) => lookAlikeKeys(b).includes(k))
const flags = (players: string[]) => checked(players).rows.map((r) => r.issues.filter((i) => i.rule === 'event/one-roster-per-player').map((i) => i.code))

/** The issue's name exactly: Cyrillic М, а, л, л, then Latin o, r, y. */
const CYRILLIC_MALLORY = '\u041c\u0430\u043b\u043bory'
/** Round 3's seven, each one player with Mallory (test/event/event-rules.test.ts). */
const EARLIER = ['Mallory', '\u041call\u043ery', 'Mal\u200blory', 'MALLORY', ' Mallory\u00a0', 'Mal\u00adlory', '\u202eMallory']

describe('a look-alike name in another script (issue 38, finding 7)', () => {
  it('"Маллory" beside "Mallory": each warned, naming the other; two legal rosters', () => {
    expect(CYRILLIC_MALLORY).toBe('Маллory')
    expect(alike(CYRILLIC_MALLORY, 'Mallory')).toBe(true)
    const report = checked(['Mallory', CYRILLIC_MALLORY])
    expect(report.summary.legal).toBe(2)
    expect(flags(['Mallory', CYRILLIC_MALLORY])).toEqual([['event-lookalike-player'], ['event-lookalike-player']])
    expect(report.rows[1].issues.find((i) => i.code === 'event-lookalike-player')?.message).toBe(
      "Маллory looks like the same player as 'Mallory' (file p0.muster.json): check they are two players."
    )
  })

  it('the earlier seven are still one player with Mallory, and "Маллory" is flagged beside every one of them', () => {
    for (const n of EARLIER) {
      expect(samePlayer(n, 'Mallory'), JSON.stringify(n)).toBe(true)
      expect(alike(n, CYRILLIC_MALLORY), JSON.stringify(n)).toBe(true)
    }
    const rows = flags([...EARLIER, CYRILLIC_MALLORY])
    for (const row of rows.slice(0, 7)) expect(row).toContain('event-duplicate-player')
    expect(rows[7]).toEqual(['event-lookalike-player'])
  })

  it('a name in one script of its own is not read as another: "Иван" and "Ivan", "Маллори" and "Mallori" are not warned', () => {
    expect(alike('Иван', 'Ivan')).toBe(false)
    expect(alike('Маллори', 'Mallori')).toBe(false)
    expect(flags(['Иван', 'Ivan', 'Νίκος', 'Nikos'])).toEqual([[], [], [], []])
  })

  it('muster check --event: the shipped CLI warns of it', () => {
    const subs = join(tempDir(), 'subs')
    mkdirSync(subs)
    writeFileSync(join(subs, 'a.muster.json'), JSON.stringify({ ...legal(), player: 'Mallory' }))
    writeFileSync(join(subs, 'b.muster.json'), JSON.stringify({ ...legal(), player: CYRILLIC_MALLORY }))
    const eventFile = join(tempDir(), 'event.json')
    writeFileSync(eventFile, JSON.stringify(event))
    const r = muster(['check', '--event', eventFile, subs])
    expect(r.stdout).toContain("Маллory looks like the same player as 'Mallory'")
  })
})
