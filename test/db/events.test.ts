// Events kept in the library (migration 8, store/events.ts, services/event-day.ts) on real SQLite
// files: the tables the migration makes, players from their rosters (an illegal one held with its
// reasons, a resubmission a new revision), round 1 paired from the active players only, results per
// table, every refused change writing nothing (one transaction each), the export as its schema says,
// and the events through a library backup and restore.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assertBackup, backupLibrary, LATEST_VERSION, openLibrary, restoreLibrary, type Library } from '../../src-main/store'
import { wholeEvent } from '../../src-main/store/event-transfer'
import { describeAjvErrors, projectAjv, schemaId, storedSchemaId } from '../../src-main/rules/schemas'
import * as events from '../../src-main/store/events'
import * as day from '../../src-main/services/event-day'
import { eventPins } from '../../src-main/services/event-result-pins'
import { eventSecret } from '../../src-main/store/event-results'
import { publishEventPage } from '../../src-main/services/event-day-print'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-events-')
const engine = bundledEngine()
const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', name), 'utf8')) as Record<string, unknown>
const roster = (player: string, legal = true) => ({
  file: `${player}.json`,
  data: { ...example(legal ? 'triumph-legal.muster.json' : 'triumph-illegal.muster.json'), player }
})
const profile = { format: 'muster-event', version: 1, name: 'Library Cup', ruleset: 'triumph' }

let lib: Library
beforeEach(async () => {
  lib = await openLibrary(join(tmp(), 'library.sqlite'))
})
afterEach(() => lib.close())

/** Everything the event's tables hold, to compare before and after a refused change. */
const snapshot = (id: string) => JSON.stringify([events.getEvent(lib.db, id), events.eventPlayers(lib.db, id), events.eventRounds(lib.db, id)])

describe('events in the library', () => {
  it('migration 8 makes the event tables, STRICT', () => {
    expect(lib.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const tables = lib.db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name LIKE 'event%'").all() as Array<{
      name: string
      sql: string
    }>
    expect(tables.map((t) => t.name).sort()).toEqual(['event_players', 'event_rosters', 'event_rounds', 'event_tables', 'events'])
    for (const t of tables) expect(t.sql).toMatch(/STRICT$/)
  })

  it('refuses a profile that is not one, writing nothing', () => {
    expect(() => day.createEvent(lib.db, { format: 'muster-event', version: 1 })).toThrow(/not a Muster event profile/)
    expect(events.listEvents(lib.db)).toEqual([])
  })

  it('registers players, holds an illegal roster with its reasons, and keeps each roster by revision', () => {
    const id = day.createEvent(lib.db, profile)
    // a file that cannot be read refuses the batch: nothing entered
    expect(() => day.enterRosters(engine, lib.db, id, [roster('Ann'), { file: 'x.json', error: 'x.json: not JSON' }])).toThrow(
      /^x\.json: .*no roster was entered$/
    )
    expect(events.eventPlayers(lib.db, id)).toEqual([])
    const first = day.enterRosters(engine, lib.db, id, [roster('Ann'), roster('Bob'), roster('Cy', false)])
    expect(first.entered.map((e) => [e.player, e.status])).toEqual([
      ['Ann', 'active'],
      ['Bob', 'active'],
      ['Cy', 'held']
    ])
    expect(first.entered[2].reasons?.[0]).toMatch(/BC/)
    // Cy fixes the roster: the same player, revision 2, active
    const again = day.enterRosters(engine, lib.db, id, [roster('cy')])
    expect(again.entered).toEqual([{ player: 'Cy', id: 'p3', status: 'active', revision: 2 }])
    expect(events.playerRosters(lib.db, id, 'p3').map((r) => [r.revision, r.heldReasons.length > 0])).toEqual([
      [1, true],
      [2, false]
    ])
  })

  it('pairs round 1 from active players only; results kept per table; refusals write nothing', () => {
    const id = day.createEvent(lib.db, profile)
    day.enterRosters(engine, lib.db, id, [roster('Ann'), roster('Bob'), roster('Cy'), roster('Dee'), roster('Eve', false)])
    const paired = day.pairRound(engine, lib.db, id)
    expect(paired.round).toBe(1)
    expect(paired.tables.flatMap((t) => t.players).sort()).toEqual(['Ann', 'Bob', 'Cy', 'Dee'])
    const [a, b] = paired.tables[0].players
    const before = snapshot(id)
    expect(() => day.recordResult(lib.db, id, { round: 2, table: 1, winner: a })).toThrow(/round 2 is not paired yet/)
    expect(() => day.recordResult(lib.db, id, { round: 1, table: 9, winner: a })).toThrow(/round 1 has no table 9/)
    expect(() => day.recordResult(lib.db, id, { round: 1, table: 1, winner: 'Eve' })).toThrow(/Eve is not at table 1 of round 1/)
    expect(() => day.dropPlayer(lib.db, id, 'Zed')).toThrow(/no player called 'Zed'/)
    expect(snapshot(id)).toBe(before)
    day.recordResult(lib.db, id, { round: 1, table: 1, winner: b!, score: [2, 4] })
    expect(() => day.recordResult(lib.db, id, { round: 1, table: 1, winner: 'draw' })).toThrow(/already has a result \(typed\): replace it to change it$/)
    day.recordResult(lib.db, id, { round: 1, table: 1, winner: 'draw', replace: true })
    expect(events.eventRounds(lib.db, id)[0].tables[0]).toMatchObject({ result: { winner: null }, resultSource: 'typed' })
    // round 2 waits for round 1's results
    expect(() => day.pairRound(engine, lib.db, id)).toThrow(/round 1 has a table without a result \(2\)/)
    // the organiser lets Eve play; Dee drops
    expect(day.overridePlayer(lib.db, id, 'Eve')).toEqual({ player: 'Eve', status: 'active' })
    day.dropPlayer(lib.db, id, 'Dee')
    const players = events.eventPlayers(lib.db, id)
    expect(players.find((p) => p.name === 'Eve')).toMatchObject({ status: 'active', overridden: true })
    expect(players.find((p) => p.name === 'Dee')).toMatchObject({ status: 'dropped' })
  })

  it('a late joiner plays from the next round; the export holds the whole event', () => {
    const id = day.createEvent(lib.db, profile)
    day.enterRosters(engine, lib.db, id, [roster('Ann'), roster('Bob')])
    day.pairRound(engine, lib.db, id)
    day.enterRosters(engine, lib.db, id, [roster('Fay')])
    const whole = day.exportEvent(lib.db, id)
    expect(whole.event.players.map((p) => [p.name, p.joinedRound])).toEqual([
      ['Ann', 1],
      ['Bob', 1],
      ['Fay', 2]
    ])
    expect(whole.event.rounds[0].tables).toHaveLength(1)
    expect(whole.event.players[0].rosters[0].checkCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){7}$/)
  })

  it("checks every player's roster again when the profile changes: a banned army held with its reasons, active again when the ban is lifted", () => {
    const id = day.createEvent(lib.db, profile)
    day.enterRosters(engine, lib.db, id, [roster('Ann'), roster('Bob'), roster('Cy'), roster('Dee', false), roster('Eve')])
    day.overridePlayer(lib.db, id, 'Dee')
    day.dropPlayer(lib.db, id, 'Eve')
    const status = () => Object.fromEntries(events.eventPlayers(lib.db, id).map((p) => [p.name, [p.status, p.heldReasons?.length ?? 0]]))
    expect(status()).toEqual({ Ann: ['active', 0], Bob: ['active', 0], Cy: ['active', 0], Dee: ['active', expect.any(Number)], Eve: ['dropped', 0] })
    const deeReasons = events.eventPlayers(lib.db, id).find((p) => p.name === 'Dee')!.heldReasons!
    const banned = { ...profile, armies: { banned: ['early-imperial-roman'] } }
    const state = day.updateEventProfile(engine, lib.db, id, banned)
    // the three playing the banned army are held, with the reason; Dee (overridden) and Eve (dropped) keep their status
    expect(state.recheck!.map((r) => [r.player, r.status])).toEqual([
      ['Ann', 'held'],
      ['Bob', 'held'],
      ['Cy', 'held']
    ])
    expect(state.recheck![0].reasons!.join(' ')).toMatch(/banned|not allowed|may not/i)
    expect(state.players.find((p) => p.name === 'Ann')).toMatchObject({ status: 'held', heldReasons: state.recheck![0].reasons })
    expect(status()).toMatchObject({ Ann: ['held', 1], Dee: ['active', deeReasons.length], Eve: ['dropped', 1] })
    // pairing takes the active ones only: held players are not paired
    expect(day.eventDayState(lib.db, id).next.canPair).toBe(false)
    // the same profile again changes no one
    expect(day.updateEventProfile(engine, lib.db, id, banned).recheck).toEqual([])
    // the ban lifted: active again, no reasons; Eve still dropped, a reinstatement active
    const lifted = day.updateEventProfile(engine, lib.db, id, profile)
    expect(lifted.recheck).toEqual([
      { player: 'Ann', status: 'active' },
      { player: 'Bob', status: 'active' },
      { player: 'Cy', status: 'active' }
    ])
    expect(status()).toMatchObject({ Ann: ['active', 0], Bob: ['active', 0], Cy: ['active', 0], Eve: ['dropped', 0] })
    expect(day.reinstatePlayer(lib.db, id, 'Eve').status).toBe('active')
    // a points limit lowered under the rosters' holds them too, saying the limit
    const lower = day.updateEventProfile(engine, lib.db, id, { ...profile, pointsLimit: 30 })
    expect(lower.recheck!.filter((r) => r.status === 'held').map((r) => r.player)).toEqual(['Ann', 'Bob', 'Cy', 'Eve'])
    expect(lower.recheck![0].reasons!.join(' ')).toMatch(/30/)
    day.updateEventProfile(engine, lib.db, id, profile)
    // a refused profile change rechecks nothing
    const before = snapshot(id)
    expect(() => day.updateEventProfile(engine, lib.db, id, { ...banned, ruleset: 'dba' })).toThrow(/ruleset/)
    expect(snapshot(id)).toBe(before)
  })

  it('exports as its schema says, and goes through a backup and a restore whole', async () => {
    const id = day.createEvent(lib.db, profile)
    day.enterRosters(engine, lib.db, id, [roster('Ann'), roster('Bob'), roster('Cy'), roster('Dee', false)])
    day.enterRosters(engine, lib.db, id, [roster('Dee')])
    const paired = day.pairRound(engine, lib.db, id)
    const twoPlayer = paired.tables.find((t) => t.players.length === 2)!
    day.recordResult(lib.db, id, { round: 1, table: twoPlayer.table, winner: twoPlayer.players[0], score: [5, 2] })
    const ajv = projectAjv()
    const validateExport = ajv.getSchema(schemaId('event-export.schema.json'))!
    expect(validateExport(day.exportEvent(lib.db, id)), describeAjvErrors(validateExport.errors).join('; ')).toBe(true)
    const file = join(tmp(), 'backup.json')
    expect(backupLibrary(lib.db, file)).toMatchObject({ events: 1 })
    const validate = ajv.getSchema(storedSchemaId('library-export.schema.json'))!
    const backup = assertBackup(JSON.parse(readFileSync(file, 'utf8')), (d) => (validate(d) ? null : describeAjvErrors(validate.errors).join('; ')))
    const other = await openLibrary(join(tmp(), 'other.sqlite'))
    try {
      expect(restoreLibrary(other.db, backup).events).toEqual({ restored: 1, alreadyThere: 0 })
      expect(wholeEvent(other.db, id)).toEqual(wholeEvent(lib.db, id))
      // the printed slips' PINs still work in the new library: the event kept its secret
      const [before, after] = [eventPins(lib.db, id)!, eventPins(other.db, id)!]
      expect(after(1, twoPlayer.table)).toBe(before(1, twoPlayer.table))
      expect(after(2, 3)).toBe(before(2, 3))
      expect(restoreLibrary(other.db, backup).events).toEqual({ restored: 0, alreadyThere: 1 })
      expect(eventSecret(other.db, id)).toEqual(eventSecret(lib.db, id))
      // the restored event goes on: the next result is taken there
      const next = day.recordResult(other.db, id, { round: 1, table: twoPlayer.table, winner: 'draw', replace: true })
      expect(next.result.winner).toBeNull()
    } finally {
      other.close()
    }
    // the secret is in the backup only: never in the export or the published page
    const { secret } = eventSecret(lib.db, id)!
    expect(backup.eventSecrets).toEqual({ [id]: secret })
    expect(JSON.stringify(day.exportEvent(lib.db, id))).not.toContain(secret)
    expect(JSON.stringify(backup.events)).not.toContain(secret)
    expect(publishEventPage(engine, lib.db, id).html).not.toContain(secret)
    // an older backup, without the secrets, restores with a new secret (and new PINs)
    const older = structuredClone(backup)
    delete older.eventSecrets
    const third = await openLibrary(join(tmp(), 'third.sqlite'))
    try {
      restoreLibrary(third.db, older)
      expect(eventSecret(third.db, id)!.secret).toMatch(/^[0-9a-f]{64}$/)
      expect(eventSecret(third.db, id)!.secret).not.toBe(secret)
    } finally {
      third.close()
    }
    // a secret that is not one is refused by the schema
    const badSecret = { ...JSON.parse(readFileSync(file, 'utf8')), eventSecrets: { [id]: 'not hex' } }
    expect(validate(badSecret)).toBe(false)
    // a backup whose table names a player the event lacks is refused, in words
    const broken = structuredClone(backup)
    broken.events![0].rounds[0].tables[0].players = ['p99']
    expect(() => assertBackup(broken, () => null)).toThrow(/a player the event does not hold/)
  })
})
