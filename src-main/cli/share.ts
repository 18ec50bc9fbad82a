// `muster share FILE` prints a roster's share code (src-main/share/code.ts); `muster share --decode
// CODE [-o FILE]` turns a code back into the roster file (written whole or not at all) or, without
// -o, prints its JSON. CODE `-` reads the code from standard input.
// Exit codes: 0 code printed or roster written, 2 nothing (unreadable file, not a roster, a bad
// code, a write that failed). A roster's legality does not change them: sharing is not checking.
import type { Command } from 'commander'
import type { Roster } from '../rules/types'
import { documentChecks } from '../services/library-checks'
import { readRosterFile } from '../files/read-json'
import { libraryPath } from '../services/user-data'
import { oneLine } from '../../src-shared/text'
import { unreadableLine, shorten, verdictHeader } from './format'
import type { ExportContext } from './export'
import { readAll } from './read-all'

const EXIT_OK = 0
const EXIT_UNREADABLE = 2

export function addShareCommand(program: Command, ctx: ExportContext): void {
  const { io } = ctx
  program
    .command('share')
    .description(
      'print a roster file as a share code to paste into chat, mail or a forum; --decode turns a code back into the roster (exit 0 done, 2 nothing done)'
    )
    .argument('[file]', 'roster file')
    .option('--decode <code>', "a share code (MU1.…) to turn back into its roster; '-' reads it from standard input")
    .option('-o, --output <file>', 'with --decode: the roster file to write (default: print its JSON)')
    .action(async (file: string | undefined, opts: { decode?: string; output?: string }) => {
      if ((file === undefined) === (opts.decode === undefined)) {
        io.err('muster share: give a roster file to share, or --decode CODE (not both)\n')
        return ctx.setExit(EXIT_UNREADABLE)
      }
      if (opts.output !== undefined && opts.decode === undefined) {
        io.err('muster share: -o goes with --decode; the share code is printed\n')
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const [share, { WriteRefused, writeErrorText, writeFileAtomic, writesToStandardOutput }] = await Promise.all([
        import('../services/share'),
        import('../files/write-file')
      ])
      const { ShareCodeError } = share
      const engine = ctx.engine()
      const checks = documentChecks(engine)
      if (file !== undefined) {
        const read = readRosterFile(file)
        if (!read.ok) {
          io.err(`${unreadableLine(read)}\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        try {
          const shared = share.shareDocument(checks, read.data)
          if (shared.code === null) {
            io.err(`${oneLine(`${shorten(file)}: ${shared.problem}`)}\n`)
            return ctx.setExit(EXIT_UNREADABLE)
          }
          io.out(`${shared.code}\n`)
        } catch (e) {
          if (!(e instanceof ShareCodeError)) throw e
          io.err(`${shorten(file)}: ${e.message}\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        return ctx.setExit(EXIT_OK)
      }
      const given = opts.decode === '-' ? await readAll(process.stdin, share.MAX_SHARE_CODE_LENGTH) : opts.decode!
      let roster: Roster
      try {
        roster = share.decodeRoster(checks, given)
      } catch (e) {
        if (!(e instanceof ShareCodeError)) throw e
        io.err(`muster share: ${e.message}\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const json = JSON.stringify(roster, null, 2) + '\n'
      if (opts.output === undefined || opts.output === '-') {
        io.out(json)
        return ctx.setExit(EXIT_OK)
      }
      try {
        writeFileAtomic(opts.output, json, { library: libraryPath() })
      } catch (e) {
        const err = e as NodeJS.ErrnoException
        io.err(`muster share: cannot write ${shorten(opts.output)}: ${e instanceof WriteRefused ? e.reason : writeErrorText(err)}; nothing was written\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      // The code the roster's printed sheet carries, over the data in force (services/share.ts).
      const { verdict, checkCode } = share.decodedSummary(engine, roster)
      const code = checkCode ? `, check code ${checkCode}` : ''
      // -o /dev/stdout: the roster went to standard output, so what was written is said apart
      ;(writesToStandardOutput(opts.output) ? io.err : io.out)(`${verdictHeader(opts.output, verdict, engine)}${code}\n`)
      ctx.setExit(EXIT_OK)
    })
}
