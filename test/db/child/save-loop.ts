// Child process for the crash-safety and concurrency tests: saves revisions of one roster in a loop
// and, after each commit returns, writes "<roster id> <revision>" to stdout, until
// it is killed or has saved the number of revisions asked for. A report never precedes its commit;
// a line lost to the kill is simply not checked.
import { createRoster, openLibrary, saveRevision, type RosterDocument } from '../../../src-main/store'

async function main(): Promise<void> {
  const [path, limitText] = process.argv.slice(2)
  const limit = limitText ? Number(limitText) : Infinity
  const lib = await openLibrary(path)
  const doc = (n: number): RosterDocument => ({
    format: 'muster-roster',
    version: 1,
    name: `Crash test ${process.pid}`,
    ruleset: 'triumph',
    army: 'early-imperial-roman',
    notes: 'x'.repeat(n % 500),
    units: Array.from({ length: 1 + (n % 20) }, (_, i) => ({ troop: 'warband', count: 1 + ((n + i) % 5), name: `Unit ${i} of save ${n}` }))
  })
  const { id } = createRoster(lib.db, doc(0))
  process.stdout.write(`${id} 1\n`)
  for (let n = 1; n < limit; n++) {
    const revision = saveRevision(lib.db, id, doc(n), { points: n, limit: 48, valid: n % 2 === 0, errors: n % 2, dataVersion: '1.0.0' })
    process.stdout.write(`${id} ${revision}\n`)
  }
  lib.close()
}

void main()
