// `muster library ...`: the same SQLite library the app uses (MUSTER_DB or --db to point elsewhere).
// The store (and better-sqlite3 with it) is loaded when a library command runs, not at start-up.
import type { Io } from './io'
import type { Command } from 'commander'
import { rosterState } from '../../src-shared/verdict'
import type { Engine } from '../rules'
import { documentChecks } from '../services/library-checks'
import type { Db, RosterRow } from '../store'
import { libraryPath } from '../services/user-data'
import { table } from './format'
import { countOf, formatNumber } from '../../src-shared/words'
import { oneLine } from '../../src-shared/text'

// The one parser of whole numbers on the command line (numbers.ts); here too for the commands that import it from this file.
import { positiveInteger } from './numbers'
export { positiveInteger }

function rowLine(r: RosterRow): string[] {
  const points = r.points === null ? '?' : `${formatNumber(r.points)}${r.pointsLimit === null ? '' : `/${formatNumber(r.pointsLimit)}`}`
  const state = r.valid === null ? null : rosterState(r.valid, r.errorCount ?? 0, r.todoCount ?? 0)
  const status =
    state === null ? 'unchecked' : state === 'legal' ? 'legal' : state === 'unfinished' ? `unfinished (${r.errorCount} to do)` : `ILLEGAL (${r.errorCount})`
  return [
    r.id.slice(0, 8),
    r.name,
    r.ruleset,
    r.army,
    points,
    status,
    r.updatedAt.slice(0, 16).replace('T', ' '),
    [r.favourite ? '★' : '', ...r.tags].filter(Boolean).join(' ')
  ]
}

/**
 * The library (--db, MUSTER_DB, or the default) opened for a command; for one that only reads it,
 * read-only where it cannot be written, so it can still be read.
 */
export async function withLibrary<T>(cmd: Command, fn: (db: Db) => T | Promise<T>, mode: { forReading?: boolean } = {}): Promise<T> {
  const path = (cmd.optsWithGlobals() as { db?: string }).db ?? libraryPath()
  const { withLibraryFile } = await import('../services/library-file')
  return withLibraryFile(path, fn, mode)
}

/** The library's rosters as a command names them (services/library-rosters.ts), loaded when a command runs. */
const rosters = () => import('../services/library-rosters')

export function addLibraryCommands(program: Command, ctx: { engine: () => Engine; io: Io; setExit: (code: number) => void }): void {
  const library = program
    .command('library')
    .description(`the roster library (default ${libraryPath()}; MUSTER_DB or --db to point elsewhere)`)
    .option('--db <file>', 'library file')
  const { io } = ctx

  library
    .command('list')
    .description('rosters, newest first')
    .option('--json', 'as JSON')
    .option('--ruleset <id>', 'only this ruleset')
    .option('--tag <tag>', 'only rosters with this tag')
    .option('--folder <name>', "only the rosters in this folder ('' for those in none)")
    .option('--search <words>', 'full-text search (names, notes, armies, troops, tags)')
    .option('--played', 'only rosters with a finished game (muster games)')
    .option('--won', 'only rosters that won a finished game')
    .option('--trash', 'the trash instead')
    .option('--limit <n>', 'how many', positiveInteger, 50)
    .action(
      async (
        opts: {
          json?: boolean
          ruleset?: string
          tag?: string
          folder?: string
          search?: string
          played?: boolean
          won?: boolean
          trash?: boolean
          limit: number
        },
        cmd: Command
      ) => {
        const { findRosters } = await rosters()
        await withLibrary(
          cmd,
          (db) => {
            const byRecord = { ...(opts.played ? { played: true } : {}), ...(opts.won ? { won: true } : {}) }
            const query = { ruleset: opts.ruleset, tag: opts.tag, folder: opts.folder, search: opts.search, trash: opts.trash, limit: opts.limit, ...byRecord }
            const { rows, total } = findRosters(db, query)
            if (opts.json) io.out(JSON.stringify({ total, rows }, null, 2) + '\n')
            else if (rows.length === 0) io.out(opts.search ? `No rosters match '${opts.search}'.\n` : 'No rosters.\n')
            else
              io.out(
                `${table([['ID', 'Name', 'Ruleset', 'Army', 'Points', 'Status', 'Updated', 'Tags'], ...rows.map(rowLine)])}\n${rows.length < total ? `(${rows.length} of ${total}; --limit for more)\n` : ''}`
              )
          },
          { forReading: true }
        )
      }
    )

  library
    .command('show')
    .description('one roster: its current document, or --revisions')
    .argument('<id>', 'roster id (or its first characters)')
    .option('--revision <n>', 'an earlier revision', positiveInteger)
    .option('--revisions', 'list its revisions')
    .option('--json', 'as JSON')
    .action(async (given: string, opts: { revision?: number; revisions?: boolean; json?: boolean }, cmd: Command) => {
      const { findRoster, rosterDocument, rosterRevisions } = await rosters()
      await withLibrary(
        cmd,
        (db) => {
          const { id, row } = findRoster(db, given)
          if (opts.revisions) {
            const revs = rosterRevisions(db, id)
            if (opts.json) io.out(JSON.stringify(revs, null, 2) + '\n')
            else
              io.out(
                `${oneLine(row.name)} (${id})\n${table([['Rev', 'Saved', 'Points', 'Legal', 'Note'], ...revs.map((r) => [String(r.revision), r.savedAt.slice(0, 19).replace('T', ' '), r.points === null ? '?' : formatNumber(r.points), r.valid === null ? '?' : r.valid ? 'yes' : 'no', r.message ?? ''])])}\n`
              )
            return
          }
          const doc = rosterDocument(db, id, opts.revision)
          if (opts.json) io.out(JSON.stringify(doc, null, 2) + '\n')
          else {
            const v = ctx.engine().check(doc)
            io.out(
              `${oneLine(row.name)} (${id}), revision ${opts.revision ?? row.revision} of ${row.revision}\n${row.ruleset} / ${row.army}: ${v.valid ? 'legal' : 'ILLEGAL'}, ${formatNumber(v.points)}${v.limit === null ? '' : `/${formatNumber(v.limit)}`} points\n`
            )
            io.out(
              table([
                ['#', 'Troop', 'Count', 'Cost'],
                ...(v.units ?? []).map((u) => [String(u.index + 1), u.troopName, String(u.count), formatNumber(u.cost)])
              ]) + '\n'
            )
            for (const i of v.issues) io.out(`${oneLine(`  ${i.severity} ${i.path}  ${i.message}`)}\n`)
          }
        },
        { forReading: true }
      )
    })

  library
    .command('export')
    .description('write rosters as .muster.json files into a folder')
    .argument('[ids...]', 'roster ids (or their first characters)')
    .option('--all', 'every roster not in the trash')
    .requiredOption('--out <dir>', 'folder to write into')
    .action(async (ids: string[], opts: { all?: boolean; out: string }, cmd: Command) => {
      const { exportRosterFiles } = await rosters()
      await withLibrary(
        cmd,
        (db) => {
          const files = exportRosterFiles(db, opts.all ? 'all' : ids, opts.out)
          io.out(`Exported ${countOf(files.length, 'roster')} to ${opts.out}\n`)
        },
        { forReading: true }
      )
    })

  library
    .command('import')
    .description('add roster files (one or many per file, or folders of them) to the library')
    .argument('<paths...>', 'files or folders')
    .option('--tag <tag>', 'tag every imported roster')
    .action(async (paths: string[], opts: { tag?: string }, cmd: Command) => {
      const { importRosterPaths } = await import('../services/library')
      await withLibrary(cmd, (db) => {
        const report = importRosterPaths(db, documentChecks(ctx.engine()), paths, {
          expandFolders: true,
          byPath: true,
          tags: opts.tag ? [opts.tag] : []
        })
        for (const i of report.imported) io.out(`${oneLine(`imported ${i.id.slice(0, 8)}  ${i.name}  (${i.source})`)}\n`)
        for (const f of report.failed) io.err(`${oneLine(`${f.source}: ${f.reason}`)}\n`)
        io.out(`Imported ${report.imported.length} of ${report.imported.length + report.failed.length}; ${report.failed.length} failed.\n`)
        ctx.setExit(report.failed.length === 0 ? 0 : report.imported.length ? 1 : 2)
      })
    })

  library
    .command('backup')
    .description('the whole library (every revision, folder and tag, the collection, the games and the events) into one file')
    .argument('<file>', 'backup file to write')
    .action(async (file: string, _opts: unknown, cmd: Command) => {
      const [{ writesToStandardOutput }, { backupLibrary }] = await Promise.all([import('../files/write-file'), rosters()])
      await withLibrary(
        cmd,
        (db) => {
          const { rosters, revisions, games, events } = backupLibrary(db, file)
          const andGames = `${games ? ` and ${countOf(games, 'game')}` : ''}${events ? ` and ${countOf(events, 'event')}` : ''}`
          // the backup itself may be going to standard output: the summary must not end up inside it
          ;(writesToStandardOutput(file) ? io.err : io.out)(
            `Backed up ${countOf(rosters, 'roster')} (${countOf(revisions, 'revision')})${andGames} to ${file}\n`
          )
        },
        { forReading: true }
      )
    })

  library
    .command('restore')
    .description('add the rosters and games of a backup file to the library (those already there are kept and skipped)')
    .argument('<file>', 'backup file')
    .action(async (file: string, _opts: unknown, cmd: Command) => {
      const { readBackup, restoreBackup, shownName } = await rosters()
      const backup = readBackup(file)
      await withLibrary(cmd, (db) => {
        const report = restoreBackup(db, ctx.engine(), backup)
        for (const s of report.skipped) io.err(`skipped ${s.id}: ${s.reason}\n`)
        for (const f of report.renamedFolders) io.out(`${oneLine(`folder ${shownName(f.from)} restored as ${shownName(f.to)}: ${f.reason}`)}\n`)
        for (const r of report.renumbered) {
          io.out(
            `${oneLine(`roster ${shownName(r.name)} (${r.id.slice(0, 8)}): its revisions, numbered up to ${r.highest}, restored as 1 to ${r.revisions} in the same order, so it can be saved again`)}\n`
          )
        }
        io.out(`Restored ${countOf(report.restored, 'roster')} from ${file}; ${report.skipped.length} skipped.\n`)
        const { history, added } = report.collection
        if (history) io.out(`The collection came back with its ${countOf(history, 'revision')} (${countOf(added, 'item')}).\n`)
        else if (added) io.out(`${countOf(added, 'item')} of the backup's collection added to yours.\n`)
        const games = report.games
        if (games.restored || games.alreadyThere)
          io.out(
            `Restored ${countOf(games.restored, 'game')}${games.alreadyThere ? `; ${games.alreadyThere} already in the library, kept as ${games.alreadyThere === 1 ? 'it was' : 'they were'}` : ''}.\n`
          )
        const events = report.events
        if (events)
          io.out(
            `Restored ${countOf(events.restored, 'event')}${events.alreadyThere ? `; ${events.alreadyThere} already in the library, kept as ${events.alreadyThere === 1 ? 'it was' : 'they were'}` : ''}.\n`
          )
      })
    })
}
