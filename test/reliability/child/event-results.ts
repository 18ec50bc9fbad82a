// Child process for the event kill test: enters results at one event's round 1 in a loop
// (services/event-day.ts recordResult, each its own transaction), result k at table (k mod T) + 1 with
// score [k, 0], replacing what the table had; after each returns, writes "<k> <table>" to stdout,
// until it is killed. A report never precedes its commit.
import { openLibrary } from '../../../src-main/store'
import { eventRounds } from '../../../src-main/store/events'
import * as day from '../../../src-main/services/event-day'

async function main(): Promise<void> {
  const [path, id, from] = process.argv.slice(2)
  const lib = await openLibrary(path)
  const tables = eventRounds(lib.db, id)[0].tables.filter((t) => t.players.length === 2)
  for (let k = Number(from); ; k++) {
    const t = tables[k % tables.length]
    day.recordResult(lib.db, id, { round: 1, table: t.table, winner: 'draw', score: [k, 0], replace: true })
    process.stdout.write(`${k} ${t.table}\n`)
  }
}

void main()
