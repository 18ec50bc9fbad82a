// Child process for the two-writers test: saves ROUNDS edits of one roster through the app's own
// IPC handlers (as the editor's autosave does), a few milliseconds apart, while other processes
// write the same library. Prints one JSON line: the roster id, the revisions saved, the failures.
import { libraryHandlers } from '../../../src-main/ipc/library-handlers'
import { createEngine } from '../../../src-main/rules'
import { createAjv } from '../../../src-main/rules/schemas'
import { openLibrary, type RosterDocument } from '../../../src-main/store'
import { writeRounds } from './write-rounds'

async function main(): Promise<void> {
  const [path, roundsText] = process.argv.slice(2)
  const lib = await openLibrary(path)
  const handlers = libraryHandlers(lib.db, createEngine(), createAjv())
  const doc = (n: number): RosterDocument => ({
    format: 'muster-roster',
    version: 1,
    name: `Edit ${n}`,
    ruleset: 'triumph',
    army: 'early-imperial-roman',
    units: [
      { troop: 'elite-foot', count: 1, general: true },
      { troop: 'raiders', count: 1 + (n % 4) }
    ]
  })
  const { id } = await handlers.createRoster(doc(0))
  const saved: number[] = []
  const failures = await writeRounds(Number(roundsText), 5, async (n) => {
    saved.push((await handlers.saveRoster(id, doc(n))).revision)
  })
  process.stdout.write(JSON.stringify({ id, saved, failures }) + '\n')
  lib.close()
}

void main()
