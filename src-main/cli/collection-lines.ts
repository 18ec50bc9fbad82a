// `muster collection add-lines FILE|-`: items written one a line ("12 Gallic warriors as" a troop
// type), read as the app's quick add reads them (services/collection-lines.ts), and added as one
// change; if any line is wrong, each is said with its number and nothing is added.
import type { Io } from './io'
import type { Command } from 'commander'
import type { Engine } from '../rules'
import { countOf } from '../../src-shared/words'
import { oneLine } from '../../src-shared/text'
import { decodeUtf8, readTextFile } from '../files/read-file'
import { withLibrary } from './library'

/** Nothing done (as main.ts says it). */
const EXIT_UNREADABLE = 2

/** Standard input's bytes, reading stopped once past `max` (the service then refuses the text as too long, in words). */
async function readStdin(max: number): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    chunks.push(chunk)
    size += chunk.length
    if (size > max) break
  }
  return Buffer.concat(chunks)
}

export function addCollectionLinesCommand(collection: Command, ctx: { engine: () => Engine; io: Io; setExit: (code: number) => void }): void {
  const { io } = ctx
  collection
    .command('add-lines')
    .description(
      "add items written one a line (how many, a name, 'as' its troop type, and 'in' a ruleset at the end if not --ruleset), all as one change; a wrong line adds nothing"
    )
    .argument('<file>', "a text file of lines, or '-' for standard input")
    .option('--ruleset <id>', "the ruleset of lines that name none ('in RULESET' at a line's end)")
    .option('--check', 'only say what each line adds; add nothing')
    .option('--json', 'what was read (and added), as JSON')
    .action(async (file: string, opts: { ruleset?: string; check?: boolean; json?: boolean }, cmd: Command) => {
      const { MAX_LINES_TEXT, addItemLines, readItemLines } = await import('../services/collection-lines')
      // A character is at most 4 bytes of UTF-8: past this many, the text is too long whatever it holds.
      const maxBytes = MAX_LINES_TEXT * 4 + 4
      const read = file === '-' ? decodeUtf8('standard input', await readStdin(maxBytes)) : readTextFile(file, maxBytes, 'a file of lines')
      if (!read.ok) {
        io.err(`muster: ${oneLine(`${read.place}: ${read.message}`)}; nothing was added\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const engine = ctx.engine()
      const lines = readItemLines(engine, read.text, opts.ruleset)
      const bad = lines.filter((l) => !l.ok)
      if (opts.json && (opts.check || bad.length)) io.out(JSON.stringify({ added: false, lines }, null, 2) + '\n')
      else if (!opts.json) for (const l of lines) if (l.ok) io.out(`line ${l.line}: ${oneLine(l.said)}\n`)
      for (const l of lines) if (!l.ok) io.err(`line ${l.line}: ${oneLine(l.text)}\n  ${oneLine(l.problem)}\n`)
      if (lines.length === 0) {
        io.err("muster: no items in it: write one a line, e.g. '12 Gallic warriors as' and their troop type\n")
        return ctx.setExit(EXIT_UNREADABLE)
      }
      if (bad.length) {
        io.err(`muster: ${countOf(bad.length, 'line')} of ${lines.length} cannot be read; nothing was added\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      if (opts.check) return
      await withLibrary(cmd, (db) => {
        const { revision, items } = addItemLines(db, engine, read.text, opts.ruleset)
        if (opts.json) io.out(JSON.stringify({ added: true, revision, items, lines }, null, 2) + '\n')
        else io.out(`Added ${countOf(items.length, 'item')} as one change (collection revision ${revision}; undo with \`muster collection undo\`).\n`)
      })
    })
}
