// Event day's printed sheets (services/event-day-print.ts), read back with pdftotext: the standings
// (every player, the tie-breaks labelled as the standings report labels them, a dropped player
// marked), a round's pairings (the round, every table's why, the bye) and its result slips (one per
// table of two: the tables less the byes). Page 1 of each is rendered to test-output/pdf/ to look at.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibrary, type Library } from '../../src-main/store'
import * as events from '../../src-main/store/events'
import { eventDayPdf } from '../../src-main/services/event-day-print'
import { createEvent, EventDayError } from '../../src-main/services/event-day'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { eventWithResults, EVENT_NAMES, type MadeEvent } from '../support/event-day-made'
import { pdfInfo, pdfPagesText, pdfText, poppler, renderPngs } from './pdf-support'

const tmp = tempFolders('muster-event-sheets-')
const engine = bundledEngine()
const oneLine = (s: string) => s.replace(/\s+/g, ' ')

let dir: string
let made: MadeEvent
let lib: Library

beforeAll(async () => {
  dir = tmp()
  made = await eventWithResults(dir, { players: [...EVENT_NAMES.slice(0, 9), 'Quinn <b>&amp;</b>'], rounds: 3, date: '2026-05-03' })
  lib = await openLibrary(made.db)
})
afterAll(() => lib?.close())

async function printed(sheet: Parameters<typeof eventDayPdf>[3], name: string) {
  const { fileName, pdf } = await eventDayPdf(engine, lib.db, made.id, sheet)
  const file = join(dir, fileName)
  writeFileSync(file, pdf)
  return { fileName, file, text: pdfText(file), png: renderPngs(file, `event-${name}`)[0] }
}

describe.skipIf(!poppler)('event day sheets', () => {
  it('the standings: every player, score, W-D-L, each tie-break by its label, the dropped player marked', async () => {
    const { fileName, file, text } = await printed({ kind: 'standings' }, 'standings')
    expect(fileName).toBe('spring-cup-standings.pdf')
    expect(pdfInfo(file)['Page size']).toMatch(/595\.\d+ x 841\.\d+/)
    expect(text).toMatch(/Spring Cup/)
    expect(oneLine(text)).toMatch(/Standings after round 3 of 3, 10 players · Triumph! · 2026-05-03/)
    for (const label of ['Rank', 'Player', 'Army', 'Score', 'W-D-L', "opponents'", 'destroyed', 'head to']) expect(text).toContain(label)
    for (const p of made.players) expect(text).toContain(p)
    // the dropped mark beside the name, or under it when the player's column is narrow
    expect(text).toMatch(new RegExp(`${made.dropped.replace(/[&<>]/g, '.')}(\\s+|[^\\n]*\\n\\s+)dropped`))
    expect(text).toMatch(/Northern Wargamers, England/)
    expect(text).toMatch(/\b\d-\d-\d\b/)
    // a bye beside its player's games, as the note under the table says
    expect(text).toMatch(/\b\d-\d-\d \+1 bye\b/)
    expect(oneLine(text)).toMatch(/a bye is none of them, shown apart \(\+1 bye\)/)
    const letter = await eventDayPdf(engine, lib.db, made.id, { kind: 'standings', paper: 'letter' })
    writeFileSync(join(dir, 'letter.pdf'), letter.pdf)
    expect(pdfInfo(join(dir, 'letter.pdf'))['Page size']).toMatch(/612 x 792/)
  })

  it("a round's pairings: the latest round by default, each table's players, why and the bye", async () => {
    const rounds = events.eventRounds(lib.db, made.id)
    const last = rounds[rounds.length - 1]
    const { fileName, text } = await printed({ kind: 'pairings' }, 'pairings')
    expect(fileName).toBe('spring-cup-round-3-pairings.pdf')
    expect(text).toMatch(/Round 3/)
    const flat = oneLine(text)
    for (const t of last.tables) expect(flat).toContain(oneLine(t.why))
    expect(text).toMatch(/\bbye\b/)
    expect(text).toMatch(/Find your table/)
    const name = new Map(events.eventPlayers(lib.db, made.id).map((p) => [p.id, p.name]))
    for (const p of last.tables.flatMap((t) => t.players)) expect(text).toContain(name.get(p))
    expect(text).not.toContain(made.dropped)
    const first = await printed({ kind: 'pairings', round: 1 }, 'pairings-1')
    expect(first.fileName).toBe('spring-cup-round-1-pairings.pdf')
    expect(first.text).toMatch(/Round 1/)
  })

  it('result slips: one per table of two, with both players, boxes and signatures', async () => {
    const last = events.eventRounds(lib.db, made.id)[2]
    const { fileName, file, text } = await printed({ kind: 'slips', round: 3 }, 'slips')
    expect(fileName).toBe('spring-cup-round-3-slips.pdf')
    const played = last.tables.filter((t) => t.players.length === 2)
    expect(played.length).toBe(last.tables.length - 1)
    const slips = [...text.matchAll(/Round 3 · Table (\d+)/g)].map((m) => Number(m[1]))
    expect(slips).toEqual(played.map((t) => t.table))
    expect(text.match(/\bsigned\b/g)).toHaveLength(2 * played.length)
    expect(text.match(/\bwon\b/g)).toHaveLength(2 * played.length)
    expect(pdfPagesText(file)).toHaveLength(Math.ceil(played.length / 3))
  })

  it('a big event: three slips to every page whatever the names, the pairings over pages with their header', async () => {
    const long = `Sir ${'Bartholomew-Fitzwilliam '.repeat(6)}the Younger`
    const names = [long, ...Array.from({ length: 40 }, (_, i) => `Player ${i + 1}`)]
    const big = await eventWithResults(tmp(), {
      players: names,
      rounds: 1,
      openLast: true,
      name: 'The Very Large Annual Open of the Northern Wargames Society'
    })
    const bigLib = await openLibrary(big.db)
    try {
      const slips = await eventDayPdf(engine, bigLib.db, big.id, { kind: 'slips' })
      const file = join(dir, slips.fileName)
      writeFileSync(file, slips.pdf)
      const pages = pdfPagesText(file)
      expect(pages).toHaveLength(7) // 20 tables of two, three to a page
      pages.forEach((p, i) => expect(p.match(/Round 1 · Table \d+/g), `page ${i + 1}`).toHaveLength(i < 6 ? 3 : 2))
      expect(pdfText(file)).toMatch(/Sir Bartholomew-Fitzwilliam.*…/)
      renderPngs(file, 'event-slips-big')
      const pairings = await eventDayPdf(engine, bigLib.db, big.id, { kind: 'pairings' })
      writeFileSync(join(dir, 'big-pairings.pdf'), pairings.pdf)
      const pairingPages = pdfPagesText(join(dir, 'big-pairings.pdf'))
      expect(pairingPages.length).toBeGreaterThan(1)
      expect(pairingPages[1]).toMatch(/Table\s+Players \(score before the round\)/)
      renderPngs(join(dir, 'big-pairings.pdf'), 'event-pairings-big')
    } finally {
      bigLib.close()
    }
  })

  it('refuses a round not paired, in words, and an event with no round', async () => {
    await expect(eventDayPdf(engine, lib.db, made.id, { kind: 'slips', round: 7 })).rejects.toThrow(
      new EventDayError('round 7 is not paired yet (the event has paired rounds 1-3)')
    )
    const empty = createEvent(lib.db, { format: 'muster-event', version: 1, name: 'Empty', ruleset: 'triumph' })
    await expect(eventDayPdf(engine, lib.db, empty, { kind: 'pairings' })).rejects.toThrow(/no round is paired yet/)
    const standings = await eventDayPdf(engine, lib.db, empty, { kind: 'standings' })
    writeFileSync(join(dir, 'empty.pdf'), standings.pdf)
    expect(pdfText(join(dir, 'empty.pdf'))).toMatch(/No player has played yet/)
  })
})
