// `muster play MINE.json --vs FILE|CODE|RULESET:ARMY (--html -o FILE | --serve [--lan] [--port N])`:
// the game's tracker on a phone (services/phone.ts). --html writes the phone page as one file that
// works offline and references nothing outside itself. --serve serves it from this computer while the
// game lasts: the link first, then its QR code; each change the phone sends is printed, and the server
// stops when the game ends (its result code printed) or on Ctrl+C. Exit 0 done, 2 bad input.
import type { Command } from 'commander'
import type { PlaySheet, Tap } from '../../src-shared/play/types'
import type { ExportContext } from './export'
import { shorten } from './format'

const EXIT_UNREADABLE = 2

interface PlayOptions {
  vs?: string
  html?: boolean
  output?: string
  serve?: boolean
  lan?: boolean
  port?: string
}

/** A line per side, and why the game stands as it does. */
function scoreLines(sheet: PlaySheet, taps: Tap[], score: { sides: Array<{ lost: number; spent?: boolean }>; result: { why: string } }): string {
  const sides = sheet.sides.map((s, i) => `${s.name}: ${sheet.rules.loss.label} ${score.sides[i].lost}${score.sides[i].spent ? ' (spent)' : ''}`)
  return `${taps.length} taps. ${sides.join('; ')}. ${score.result.why}\n`
}

export function addPlayCommand(program: Command, ctx: ExportContext): void {
  const { io } = ctx
  program
    .command('play')
    .description(
      'the game tracker on a phone: one self-contained page (--html -o FILE) or served from this computer while the game lasts (--serve); exit 0 done, 2 bad input'
    )
    .argument('<mine>', 'your roster file')
    .option('--vs <opponent>', "the opponent: a roster file, a share code, or an army list as RULESET:ARMY (an army's id)")
    .option('--html', 'write the phone page as one HTML file that works offline (with -o)')
    .option('-o, --output <file>', 'where --html writes the page')
    .option('--serve', 'serve the page on this computer until the game ends (Ctrl+C stops it sooner)')
    .option('--lan', 'with --serve: open it to your network (the default is this computer only, 127.0.0.1)')
    .option('--port <n>', 'with --serve: the port (0, the default, takes a free one)')
    .action(async (mine: string, opts: PlayOptions) => {
      const bad = (line: string) => {
        io.err(`muster play: ${line}\n`)
        ctx.setExit(EXIT_UNREADABLE)
      }
      if (!opts.vs) return bad('say who you play: --vs a roster file, a share code, or RULESET:ARMY')
      if (opts.html === opts.serve) return bad('say how the phone gets the page: --html -o FILE, or --serve')
      if (opts.html && !opts.output) return bad('--html needs -o FILE: where to write the page')
      if (!opts.serve && (opts.lan || opts.port !== undefined)) return bad('--lan and --port go with --serve')
      const port = opts.port === undefined ? 0 : Number(opts.port)
      if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d+$/.test(opts.port ?? '0'))
        return bad(`--port is a number from 0 to 65535, not '${shorten(opts.port ?? '')}'`)

      const [phone, { projectAjv }, { documentChecks }, { PlayInputError }, share] = await Promise.all([
        import('../services/phone'),
        import('../rules/schemas'),
        import('../services/library-checks'),
        import('../../src-shared/play/engine'),
        import('../share/code')
      ])
      const opponent = phone.opponentOf(opts.vs)
      if (!opponent) return bad(`--vs ${shorten(opts.vs)}: no such file, and not a share code or RULESET:ARMY`)
      const engine = ctx.engine()
      let sheet: PlaySheet
      try {
        sheet = phone.playSheetFrom(engine, documentChecks(engine, projectAjv()), mine, opponent)
      } catch (e) {
        if (e instanceof PlayInputError || e instanceof share.ShareCodeError) return bad(e.message.replace(/\.$/, ''))
        throw e
      }
      const dir = phone.findPhoneDir(__dirname)

      if (opts.html) {
        let page: string
        try {
          page = phone.phoneFile(dir, sheet)
        } catch (e) {
          if (e instanceof phone.PhonePageMissing) return bad(e.message)
          throw e
        }
        const { writeFileAtomic } = await import('../files/write-file')
        writeFileAtomic(opts.output!, page, { inputs: [mine, ...('file' in opponent ? [opponent.file] : [])] })
        io.err(`${sheet.sides[0].name} v ${sheet.sides[1].name}: the phone page written to ${shorten(opts.output!)}; open it on the phone, no network needed\n`)
        return ctx.setExit(0)
      }

      const game = phone.memoryGame(sheet)
      let serving: Awaited<ReturnType<typeof phone.servePhone>>
      try {
        serving = await phone.servePhone({
          dir,
          sheet,
          game,
          lan: opts.lan,
          port,
          onTaps: (taps) => io.out(scoreLines(sheet, taps, phone.scoreOf(sheet, taps).score))
        })
      } catch (e) {
        if (e instanceof phone.PhonePageMissing || e instanceof phone.NoNetwork) return bad(e.message)
        const code = (e as NodeJS.ErrnoException).code
        if (code === 'EADDRINUSE' || code === 'EACCES') return bad(`port ${port} is ${code === 'EADDRINUSE' ? 'in use' : 'not open to you'}: try --port 0`)
        throw e
      }
      io.out(`${serving.link}\n`)
      io.out(
        `Open that link on the phone, or scan the code below. ${opts.lan ? 'Anyone on this network with the link can open it.' : 'It opens on this computer only; --lan opens it to your network.'}\n`
      )
      io.out(await phone.terminalQr(serving.qrLink))
      io.out('Serving until the game ends; Ctrl+C stops it sooner.\n')
      const stop = () => void serving.close()
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
      await serving.closed
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      const { score, code } = phone.scoreOf(sheet, game.current())
      io.out(score.result.over ? `Game over: ${score.result.why}\n${code ? `Result code: ${code}\n` : ''}` : 'Stopped before the game ended.\n')
      ctx.setExit(0)
    })
}
