// `muster new --ruleset R --army A [--year Y] [--limit N] [--minimums] [--from-collection] [-o FILE]`:
// the roster file the app's New roster makes, by the same code (services/new-roster.ts): empty, or
// with --minimums a legal army from the list's minimums, topped up to the limit (a ruleset with no
// size of its own needs --limit); with
// --from-collection, only from what the library's collection fields (the app's "start from what I
// own"). Without -o the roster goes to standard output. An existing file is never replaced unless --force.
// Exit 0 written, 1 written but not legal (an empty roster lacks its minimums), 2 nothing written.
import type { Command } from 'commander'
import type { Engine } from '../rules'
import { parseYear } from '../../src-shared/years'
import { shorten } from '../../src-shared/text'
import { countOf } from '../../src-shared/words'
import { libraryPath } from '../services/user-data'
import { verdictHeader } from './format'
import type { CollectionItem } from '../store'
import { readOwnedItems } from './owned'
import { notWholeNumber, wholeNumberIn } from './numbers'

interface NewOptions {
  ruleset: string
  army: string
  year?: string
  limit?: string
  edition?: string
  name?: string
  minimums?: boolean
  fromCollection?: boolean
  db?: string
  output?: string
  force?: boolean
}

export function addNewCommand(
  program: Command,
  ctx: { engine: () => Engine; io: { out: (s: string) => void; err: (s: string) => void }; setExit: (code: number) => void }
): void {
  program
    .command('new')
    .description(
      "make a roster file as the app's New roster does: empty, or with --minimums a legal army from the list's minimums topped up to the limit (exit 0 legal, 1 written but not yet legal, 2 nothing written)"
    )
    .requiredOption('--ruleset <id>', 'ruleset id (see `muster rulesets`)')
    .requiredOption('--army <id>', 'army id (see `muster rulesets`)')
    .option('--year <year>', 'the year the army is fielded: 55 BC, -55, 120 AD or 120 (default: the first the list allows)')
    .option('--limit <points>', "the army's size in points (default: the ruleset's; --minimums needs one where the ruleset has none)")
    .option('--edition <id>', "a data edition of the ruleset (another printing's values)")
    .option('--name <name>', "the roster's name (default: the army's)")
    .option('--minimums', "start from the list's minimums, topped up to the limit")
    .option('--from-collection', "as --minimums, from what your collection fields only (the library's; MUSTER_DB or --db)")
    .option('--db <file>', 'the library whose collection --from-collection reads')
    .option('-o, --output <file>', 'write the roster here (default: standard output)')
    .option('--force', 'replace the output file if it exists')
    .action(async (opts: NewOptions) => {
      const { io } = ctx
      const fail = (message: string) => {
        io.err(`muster new: ${message}\n`)
        ctx.setExit(2)
      }
      const year = opts.year === undefined ? undefined : parseYear(opts.year)
      if (year === null) return fail(`--year: "${opts.year}" is not a year (try 55 BC, -55 or 120 AD)`)
      const limit = opts.limit === undefined ? undefined : wholeNumberIn(opts.limit, 1, 1_000_000)
      if (limit === undefined && opts.limit !== undefined)
        return fail(notWholeNumber('--limit', opts.limit, { min: 1, max: 1_000_000, unit: 'points', example: 48 }))
      if (opts.db !== undefined && !opts.fromCollection) return fail('--db is read only with --from-collection')
      const engine = ctx.engine()
      const { newRoster } = await import('../services/new-roster')
      // What the player owns, from the library (read, never written).
      let owned: CollectionItem[] = []
      if (opts.fromCollection) {
        const read = await readOwnedItems(opts.db)
        if (!read.ok) return fail(read.message)
        owned = read.items
        if (owned.length === 0) return fail('your collection is empty: add what you own first (`muster collection add` or `muster collection own`)')
      }
      const made = newRoster(
        engine,
        {
          ruleset: opts.ruleset,
          army: opts.army,
          ...(opts.name !== undefined ? { name: opts.name } : {}),
          ...(year !== undefined ? { year } : {}),
          ...(limit !== undefined ? { limit } : {}),
          ...(opts.edition !== undefined ? { edition: opts.edition } : {}),
          minimums: opts.minimums === true || opts.fromCollection === true,
          ...(opts.fromCollection ? { fromCollection: true } : {})
        },
        owned
      )
      if (!made.ok) return fail(made.needs === 'limit' ? `${made.reason} Give it with --limit <points>.` : made.reason)
      const text = JSON.stringify(made.document, null, 2) + '\n'
      const exit = made.verdict.valid ? 0 : 1
      if (opts.output === undefined || opts.output === '-') {
        io.out(text)
        for (const n of made.notices) io.err(`${n}\n`)
        return ctx.setExit(exit)
      }
      const { WriteRefused, writeErrorText, writeFileAtomic, writesToStandardOutput } = await import('../files/write-file')
      const out = opts.output
      try {
        writeFileAtomic(out, text, { library: opts.db ?? libraryPath(), exclusive: opts.force !== true && !writesToStandardOutput(out) })
      } catch (e) {
        const err = e as NodeJS.ErrnoException
        const why = e instanceof WriteRefused ? e.reason : err.code === 'EEXIST' ? 'the file exists (add --force to replace it)' : writeErrorText(err)
        return fail(`cannot write ${shorten(out)}: ${why}; nothing was written`)
      }
      const say = writesToStandardOutput(out) ? io.err : io.out
      say(`${verdictHeader(out, made.verdict, engine)}, ${countOf(made.document.units.length, 'entry', 'entries')}\n`)
      for (const n of made.notices) say(`  ${n}\n`)
      ctx.setExit(exit)
    })
}
