// Child process for the collection writers test: adds ROUNDS items through the app's own IPC
// handlers (as the Collection screen does), undoing after each UNDO_EVERY-th add, while other
// processes write the same collection. Prints one JSON line: what it added, undid and what failed.
import { collectionHandlers } from '../../../src-main/ipc/collection-handlers'
import { createEngine } from '../../../src-main/rules'
import { openLibrary } from '../../../src-main/store'
import { writeRounds } from './write-rounds'

async function main(): Promise<void> {
  const [path, tag, roundsText, undoEveryText] = process.argv.slice(2)
  const lib = await openLibrary(path)
  const h = collectionHandlers(lib.db, createEngine())
  const added: string[] = []
  const undid: number[] = []
  const failures = await writeRounds(Number(roundsText), 2, async (n) => {
    await h.addCollectionItems([{ name: `${tag} ${n}`, count: n, ruleset: 'triumph', troop: 'warband' }])
    added.push(`${tag} ${n}`)
    if (n % Number(undoEveryText) === 0) {
      const done = await h.undoCollection()
      if (done) undid.push(done.revision)
    }
  })
  process.stdout.write(JSON.stringify({ added, undid, failures }) + '\n')
  lib.close()
}

void main()
