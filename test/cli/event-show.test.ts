// `muster event list`, `show` and `delete` through the built CLI, on an event with three rounds of
// results (test/support/event-day-made.ts): the library's events, one event whole with what comes
// next, and an event deleted whole; an unknown event is one line and exit 2.
import { beforeAll, describe, expect, it } from 'vitest'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { eventWithResults, type MadeEvent } from '../support/event-day-made'

const tmp = tempFolders('muster-event-show-')
let made: MadeEvent
const run = (...args: string[]) => muster([...args, '--db', made.db])

beforeAll(async () => {
  made = await eventWithResults(tmp(), { rounds: 3 })
})

describe('muster event list, show and delete', () => {
  it('lists the events with their rounds', () => {
    const r = run('event', 'list')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(new RegExp(`^${made.id.slice(0, 8)}\\s+Spring Cup\\s+\\S+\\s+\\d+\\s+3 of 3 done`, 'm'))
    const json = JSON.parse(run('event', 'list', '--json').stdout) as Array<{ id: string; rounds: number }>
    expect(json).toEqual([expect.objectContaining({ id: made.id, rounds: 3 })])
  })

  it('shows an event whole: players, each round with its results, what comes next', () => {
    const r = run('event', 'show', made.id.slice(0, 8))
    expect(r.code, r.stderr).toBe(0)
    // players counted as the list counts them: not dropped
    expect(r.stdout).toMatch(/^Spring Cup: 9 players \(not counting 1 dropped\), 3 rounds paired$/m)
    expect((JSON.parse(run('event', 'list', '--json').stdout) as Array<{ players: number }>)[0].players).toBe(9)
    expect(r.stdout).toMatch(/^Round 3$/m)
    // results in the players' words, the winner's score first, where each came from
    expect(r.stdout).toMatch(/^ {2}Table 1: \S+ v \S+: (\S+ and \S+ drew|\S+ beat \S+)(, \d+-\d+)? \(typed\)/m)
    // the dropped player's bye sits at no table
    expect(r.stdout).toMatch(/^ {2}Bye: \S+$/m)
    expect(r.stdout).toMatch(/^Next: Pair round 4/m)
    expect(r.stdout).toMatch(/dropped/)
    // by its name too, any case
    expect(run('event', 'show', 'spring cup').stdout).toBe(r.stdout)
    const state = JSON.parse(run('event', 'show', made.id, '--json').stdout) as { rounds: unknown[]; next: { canPair: boolean } }
    expect(state.rounds).toHaveLength(3)
    expect(state.next.canPair).toBe(true)
  })

  it('deletes an event, and says so in one line for one it does not know', () => {
    const r = run('event', 'delete', made.id)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe('Event Spring Cup deleted\n')
    expect(run('event', 'list').stdout).toMatch(/No events in the library yet/)
    const again = run('event', 'show', made.id)
    expect(again.code).toBe(2)
    expect(again.stderr.trim().split('\n')).toHaveLength(1)
    expect(again.stderr).toMatch(/no event .*: muster event list shows the events/)
  })
})
