// `muster collection ...`: what the player owns, in the same library the app uses (--db, MUSTER_DB).
import type { Io } from './io'
import { InvalidArgumentError, type Command } from 'commander'
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import { readRosterFile, problemText } from '../files/read-json'
import { table } from './format'
import { PAPERS, type Paper } from '../../src-shared/print'
import { basename } from 'node:path'
import { countOf } from '../../src-shared/words'
import { oneLine } from '../../src-shared/text'
import { positiveInteger, withLibrary } from './library'
import { addCollectionLinesCommand } from './collection-lines'

// The collection's code (and the coverage rules, the PDF maker, the file writer) loads when a command
// runs, not at every start of `muster`.
type Services = typeof import('../services/collection')

const percent = (share: number | null): string => (share === null ? '-' : `${Math.round(share * 100)}%`)

/** `key=value` pairs of --attr, gathered; `true`/`false` are booleans. */
function attributePair(value: string, previous: Record<string, string | boolean> = {}): Record<string, string | boolean> {
  const at = value.indexOf('=')
  if (at < 1) throw new InvalidArgumentError(`'${value}' is not attribute=value (e.g. status=barbarian).`)
  const v = value.slice(at + 1)
  return { ...previous, [value.slice(0, at)]: v === 'true' ? true : v === 'false' ? false : v }
}

export function addCollectionCommands(program: Command, ctx: { engine: () => Engine; io: Io; setExit: (code: number) => void }): void {
  const { io } = ctx
  const collection = program
    .command('collection')
    .description('what you own: its items, which armies it fields in every ruleset, what a roster lacks (in the library; --db or MUSTER_DB)')
    .option('--db <file>', 'library file')
  const services = (): Promise<Services> => import('../services/collection')

  /** Rosters read from files; a file that cannot be read fails the command, with where and why. */
  function readRosters({ StoreError }: Services, files: string[]): Array<{ name: string; roster: Roster }> {
    return files.map((file) => {
      const read = readRosterFile(file)
      if (!read.ok) throw new StoreError('invalid', `${file}: ${problemText(file, read)}`)
      const roster = read.data as Roster
      if (typeof roster !== 'object' || roster === null || typeof roster.ruleset !== 'string' || !Array.isArray(roster.units))
        throw new StoreError('invalid', `${file}: not a roster (it needs a ruleset and units).`)
      return { name: typeof roster.name === 'string' && roster.name.trim() ? roster.name.trim() : basename(file), roster }
    })
  }

  collection
    .command('list')
    .description('the items, with what each counts as in every ruleset')
    .option('--json', 'as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { attributeWords, listCollection } = await services()
      await withLibrary(
        cmd,
        (db) => {
          const engine = ctx.engine()
          const listed = listCollection(db, engine)
          if (opts.json) return io.out(JSON.stringify(listed, null, 2) + '\n')
          // In players' words: the ruleset's short name, the troop type's name ('?': proposed, not confirmed yet).
          const said = (ruleset: string, troop: string) => {
            const loaded = engine.registry.rulesets.get(ruleset)
            return `${loaded?.ruleset.shortName ?? loaded?.ruleset.name ?? ruleset}: ${loaded?.troops.get(troop)?.name ?? troop}`
          }
          if (listed.items.length === 0 && listed.broken.length === 0)
            io.out('The collection is empty: add items with `muster collection add` or `muster collection own ROSTER`.\n')
          // An item a line, then what it counts as in each ruleset, a line each.
          for (const i of listed.items) {
            io.out(`${i.id.slice(0, 8)}  ${oneLine(i.name)}, ${countOf(i.count, i.counted.slice(0, -1))}${i.basing ? ` (${oneLine(i.basing)})` : ''}\n`)
            for (const [r, as] of Object.entries(i.countsAs))
              io.out(`          ${said(r, as.troop)}${attributeWords(as.attributes ?? {})}${as.confirmed ? '' : '?'}\n`)
          }
          if (listed.items.some((i) => Object.values(i.countsAs).some((as) => !as.confirmed)))
            io.out('?: proposed by Muster; confirm or change it with `muster collection counts-as`.\n')
          for (const w of listed.warnings) io.err(`warning: ${oneLine(w.message)}\n`)
          // Items Muster cannot use: their whole id (to remove them) and what is wrong.
          for (const b of listed.broken)
            io.err(
              `warning: ${oneLine(b.name)} (${oneLine(b.id)}) cannot be used and is left out: ${oneLine(b.problem)}. Remove it with \`muster collection remove ${oneLine(b.id)}\`.\n`
            )
        },
        { forReading: true }
      )
    })

  collection
    .command('add')
    .description('add an item: what it is in one ruleset; Muster proposes what it counts as in the others (marked ? until you confirm)')
    .argument('<name>', "the item's name, e.g. 'Marian legionaries'")
    .requiredOption('--count <n>', 'how many stands (or figures, with --figures)', positiveInteger)
    .requiredOption('--ruleset <id>', 'the ruleset --troop is from')
    .requiredOption('--troop <id>', 'its troop type in that ruleset')
    .option('--attr <attribute=value>', 'an attribute value (repeat for more)', attributePair)
    .option('--figures', 'the count is of figures, not stands')
    .option('--figures-per-stand <n>', 'figures on each stand', positiveInteger)
    .option('--basing <text>', 'how the stands are based')
    .option('--notes <text>', 'notes')
    .option('--json', 'the new item as JSON')
    .action(async (name: string, opts: Record<string, unknown>, cmd: Command) => {
      const { addItems } = await services()
      await withLibrary(cmd, (db) => {
        const { revision, items } = addItems(db, ctx.engine(), [
          {
            name,
            count: opts.count as number,
            counted: opts.figures ? 'figures' : undefined,
            ruleset: opts.ruleset as string,
            troop: opts.troop as string,
            attributes: opts.attr as Record<string, string | boolean> | undefined,
            figuresPerStand: opts.figuresPerStand as number | undefined,
            basing: opts.basing as string | undefined,
            notes: opts.notes as string | undefined
          }
        ])
        if (opts.json) io.out(JSON.stringify(items[0], null, 2) + '\n')
        else io.out(`Added ${oneLine(items[0].name)} (${items[0].id.slice(0, 8)}), collection revision ${revision}.\n`)
      })
    })

  addCollectionLinesCommand(collection, ctx)

  collection
    .command('remove')
    .description('remove items (undo with `muster collection undo`)')
    .argument('<ids...>', 'item ids (or their first characters)')
    .option('--json', 'the items removed, as JSON')
    .action(async (ids: string[], opts: { json?: boolean }, cmd: Command) => {
      const { removeItems } = await services()
      await withLibrary(cmd, (db) => {
        const { removed, revision } = removeItems(db, ids)
        if (opts.json) io.out(JSON.stringify({ revision, removed }, null, 2) + '\n')
        else io.out(`Removed ${removed.map((i) => oneLine(i.name)).join(', ')} (undo with \`muster collection undo\`).\n`)
      })
    })

  collection
    .command('counts-as')
    .description('say what an item counts as in one ruleset (confirms it)')
    .argument('<id>', 'item id (or its first characters)')
    .argument('<ruleset>', 'ruleset id')
    .argument('<troop>', 'its troop type there')
    .option('--attr <attribute=value>', 'an attribute value (repeat for more)', attributePair)
    .action(async (given: string, ruleset: string, troop: string, opts: { attr?: Record<string, string | boolean> }, cmd: Command) => {
      const { attributeWords, findItem, setCountsAs } = await services()
      await withLibrary(cmd, (db) => {
        const item = findItem(db, given)
        const engine = ctx.engine()
        setCountsAs(db, engine, item.id, ruleset, troop, opts.attr)
        const as = findItem(db, item.id).countsAs[ruleset]
        const loaded = engine.registry.rulesets.get(ruleset)!
        io.out(
          `${oneLine(item.name)} now counts as ${loaded.troops.get(as.troop)?.name ?? as.troop}${attributeWords(as.attributes ?? {})} in ${loaded.ruleset.name} (confirmed).\n`
        )
      })
    })

  collection
    .command('undo')
    .description('put the collection back as it was before the last change')
    .action(async (_opts: unknown, cmd: Command) => {
      const { undoCollection } = await services()
      await withLibrary(cmd, (db) => {
        const undone = undoCollection(db)
        io.out(
          undone
            ? `Undid: ${oneLine(undone.undid)}. The collection is as it was at revision ${undone.restored} (now revision ${undone.revision}).\n`
            : 'Nothing to undo.\n'
        )
      })
    })

  collection
    .command('history')
    .description("the collection's revisions, newest first")
    .option('--json', 'as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { collectionHistory } = await services()
      await withLibrary(
        cmd,
        (db) => {
          const revisions = collectionHistory(db)
          if (opts.json) io.out(JSON.stringify(revisions, null, 2) + '\n')
          else
            io.out(
              table([
                ['Rev', 'Saved', 'Items', 'Change'],
                ...revisions.map((r) => [String(r.revision), r.savedAt.slice(0, 19).replace('T', ' '), String(r.items), oneLine(r.message ?? '')])
              ]) + '\n'
            )
        },
        { forReading: true }
      )
    })

  collection
    .command('import')
    .description('read a collection file (schemas/collection.schema.json); refused whole if any of it is wrong')
    .argument('<file>', 'a collection file')
    .option('--replace', 'in place of the collection (default: add the items whose ids are new)')
    .option('--json', 'what was imported, as JSON')
    .action(async (file: string, opts: { replace?: boolean; json?: boolean }, cmd: Command) => {
      const { importCollection, readCollectionFile } = await services()
      const read = readCollectionFile(file)
      if (!read.ok) {
        io.err(`${oneLine(read.message)}\nNothing was imported.\n`)
        return ctx.setExit(2)
      }
      await withLibrary(cmd, (db) => {
        const r = importCollection(db, read.collection, opts.replace ? 'replace' : 'merge')
        if (opts.json) io.out(JSON.stringify(r, null, 2) + '\n')
        else if (opts.replace) io.out(`The collection is now the file's ${countOf(r.added, 'item')} (undo with \`muster collection undo\`).\n`)
        else io.out(`Imported ${countOf(r.added, 'item')}${r.skipped ? `; ${r.skipped} already in the collection` : ''}.\n`)
      })
    })

  collection
    .command('export')
    .description('write the collection as a file (schemas/collection.schema.json), or to standard output')
    .option('--out <file>', 'file to write')
    .action(async (opts: { out?: string }, cmd: Command) => {
      const { exportCollection } = await services()
      await withLibrary(
        cmd,
        async (db) => {
          const text = JSON.stringify(exportCollection(db), null, 2) + '\n'
          if (!opts.out) return io.out(text)
          const { writeFileAtomic } = await import('../files/write-file')
          writeFileAtomic(opts.out, text, { library: db.name })
          io.out(`Wrote the collection to ${opts.out}\n`)
        },
        { forReading: true }
      )
    })

  collection
    .command('own')
    .description('"I own this army": add the rosters\' units as items (only what the collection does not field of each yet)')
    .argument('<rosters...>', 'roster files')
    .action(async (files: string[], _opts: unknown, cmd: Command) => {
      const loaded = await services()
      const { ownedWords, ownRostersInLibrary } = loaded
      const rosters = readRosters(loaded, files)
      await withLibrary(cmd, (db) => {
        // One change: each roster in turn against the collection as the ones before left it.
        io.out(
          `${ownedWords(
            ownRostersInLibrary(
              db,
              ctx.engine(),
              rosters.map((r) => r.roster)
            )
          )}\n`
        )
      })
    })

  collection
    .command('fit')
    .description('per roster, what the collection covers and what is missing; then what to buy to field any of them')
    .argument('<rosters...>', 'roster files')
    .option('--json', 'as JSON')
    .option('--pdf <file>', 'also write the shopping list as a printable PDF')
    .option('--paper <size>', 'paper for --pdf: a4 or letter', 'a4')
    .action(async (files: string[], opts: { json?: boolean; pdf?: string; paper: string }, cmd: Command) => {
      const loaded = await services()
      const { attributeWords, fitHeadline, fitRosters, shoppingListPdf, shoppingText, StoreError } = loaded
      if (!(PAPERS as readonly string[]).includes(opts.paper)) throw new StoreError('invalid', `--paper must be ${PAPERS.join(' or ')}, not '${opts.paper}'.`)
      const rosters = readRosters(loaded, files)
      await withLibrary(
        cmd,
        async (db) => {
          const reports = fitRosters(ctx.engine(), loaded.ownedItems(db), rosters)
          if (opts.pdf) {
            const { writeFileAtomic } = await import('../files/write-file')
            writeFileAtomic(opts.pdf, await shoppingListPdf(ctx.engine(), reports, opts.paper as Paper), { library: db.name })
            if (!opts.json) io.out(`Wrote the shopping list to ${opts.pdf}\n`)
          }
          if (opts.json) return io.out(JSON.stringify(reports, null, 2) + '\n')
          for (const r of reports) {
            io.out(`${oneLine(fitHeadline(r))}\n`)
            for (const m of r.missing) io.out(`  missing ${countOf(m.count, r.counts.slice(0, -1))} of ${m.troopName}${attributeWords(m.attributes)}\n`)
          }
          io.out(shoppingText(ctx.engine(), reports))
        },
        { forReading: true }
      )
    })

  collection
    .command('armies')
    .description('every army of every ruleset, by the share of it the collection fields')
    .option('--ruleset <id>', 'only this ruleset')
    .option('--limit <n>', 'how many (text)', positiveInteger, 30)
    .option('--json', 'as JSON (every army)')
    .action(async (opts: { ruleset?: string; limit: number; json?: boolean }, cmd: Command) => {
      const { armiesFielded, ownedItems, StoreError } = await services()
      await withLibrary(
        cmd,
        (db) => {
          const engine = ctx.engine()
          if (opts.ruleset !== undefined && !engine.registry.rulesets.has(opts.ruleset))
            throw new StoreError('invalid', `unknown ruleset '${opts.ruleset}'; Muster knows ${[...engine.registry.rulesets.keys()].join(', ')}.`)
          const armies = armiesFielded(engine, ownedItems(db), opts.ruleset)
          const rulesetShort = (id: string) => engine.registry.rulesets.get(id)?.ruleset.shortName ?? id
          if (opts.json)
            return io.out(
              JSON.stringify(
                armies.map((a) => ({
                  ruleset: a.ruleset,
                  army: a.army,
                  name: a.name,
                  coverage: a.coverage,
                  full: a.full,
                  required: a.required,
                  covered: a.covered
                })),
                null,
                2
              ) + '\n'
            )
          io.out(
            table([
              ['Ruleset', 'Army', 'Minimum', 'Full army'],
              // The full army's share is what could be fielded once the minimum is: "up to" while it is not.
              ...armies
                .slice(0, opts.limit)
                .map((a) => [
                  rulesetShort(a.ruleset),
                  oneLine(a.name),
                  `${percent(a.minimum)} (${a.covered}/${a.required})`,
                  `${a.minimum < 1 && a.full !== null ? 'up to ' : ''}${percent(a.full)}`
                ])
            ]) + '\n'
          )
          if (armies.length > opts.limit) io.out(`(${opts.limit} of ${armies.length}; --limit for more)\n`)
        },
        { forReading: true }
      )
    })
}
