// `muster play MINE.json --vs FILE|CODE|RULESET:ARMY (--html -o FILE [--force] | --serve [--lan] [--port N] [--db FILE])`
// and `muster play --resume GAME --serve`: the game's tracker on a phone (services/phone.ts). --html
// writes the phone page as one file that works offline and references nothing outside itself. --serve
// keeps the game in the library (as the app does, so `muster games` and `muster record` see it) and
// serves it from this computer until it is finished on the phone, or Ctrl+C (the game then stays in the
// library, unfinished, to resume). The link first, then its QR code; each change the phone sends is
// printed. Exit 0 done, 2 bad input.
import type { Command } from 'commander'
import type { GameState } from '../services/game-types'
import type { ExportContext } from './export'
import { shorten } from './format'
import { withLibrary } from './library'
import { listenRefusal, portOption, printLink, serveUntilStopped } from './serving'

const EXIT_UNREADABLE = 2

/** Who can open the served game's link: anyone on the network with it (--lan), or this computer only. */
const LINK_WORDS = {
  lan: 'Open that link on the phone, or scan the code below. Anyone on this network with the link can open it.',
  local: 'That link works only on this computer (127.0.0.1): a phone cannot open it. For a phone on your network, add --lan.'
}

interface PlayOptions {
  vs?: string
  html?: boolean
  output?: string
  force?: boolean
  serve?: boolean
  lan?: boolean
  port?: string
  db?: string
  resume?: string
}

const count = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`

/** A line per change: the taps, each side's loss, and why the game stands as it does. */
function progressLine(game: GameState): string {
  const { sheet, score } = game
  const sides = sheet.sides.map((s, i) => `${s.name}: ${sheet.rules.loss.label} ${score.sides[i].lost}${score.sides[i].spent ? ' (spent)' : ''}`)
  return `${count(game.taps.length, 'tap', 'taps')}. ${sides.join('; ')}. ${score.result.why}\n`
}

export function addPlayCommand(program: Command, ctx: ExportContext): void {
  const { io } = ctx
  program
    .command('play')
    .description(
      'the game tracker on a phone: one self-contained page (--html -o FILE) or served from this computer (--serve), kept in the library until it is finished; exit 0 done, 2 bad input'
    )
    .argument('[mine]', 'your roster file')
    .option('--vs <opponent>', "the opponent: a roster file, a share code, or an army list as RULESET:ARMY (an army's id)")
    .option('--html', 'write the phone page as one HTML file that works offline (with -o)')
    .option('-o, --output <file>', 'where --html writes the page')
    .option('--force', 'with --html: replace the file if it exists')
    .option('--serve', 'serve the page from this computer until the game is finished on the phone (Ctrl+C stops sooner; the game stays in the library)')
    .option('--lan', 'with --serve: open it to your network, so a phone can reach it (the default is this computer only, 127.0.0.1)')
    .option('--port <n>', 'with --serve: the port (0, the default, takes a free one)')
    .option('--db <file>', 'with --serve: the library that keeps the game')
    .option('--resume <game>', 'with --serve: serve again a game kept unfinished (its id, as muster games --json gives it)')
    .action(async (mine: string | undefined, opts: PlayOptions, cmd: Command) => {
      const bad = (line: string) => {
        io.err(`muster play: ${line}\n`)
        ctx.setExit(EXIT_UNREADABLE)
      }
      if (opts.html && opts.serve) return bad('pick one: --html -o FILE (a page to keep on the phone) or --serve (served from this computer)')
      if (!opts.html && !opts.serve) return bad('say how the phone gets the page: --html -o FILE, or --serve')
      if (opts.resume !== undefined && (mine !== undefined || opts.vs !== undefined || opts.html))
        return bad('--resume serves a kept game again: give it with --serve, and no roster or --vs')
      if (opts.resume === undefined && !mine) return bad('say your roster file: muster play MINE.json --vs ...')
      if (opts.resume === undefined && !opts.vs) return bad('say who you play: --vs a roster file, a share code, or RULESET:ARMY')
      if (opts.html && !opts.output) return bad('--html needs -o FILE: where to write the page')
      if (!opts.html && (opts.output !== undefined || opts.force)) return bad('-o and --force go with --html')
      if (!opts.serve && (opts.lan || opts.port !== undefined || opts.db !== undefined)) return bad('--lan, --port and --db go with --serve')
      const given = portOption(opts.port)
      if ('refused' in given) return bad(given.refused)
      const { port } = given

      const [phone, { documentChecks }, { PlayInputError }, { StoreError }] = await Promise.all([
        import('../services/phone'),
        import('../services/library-checks'),
        import('../../src-shared/play/engine'),
        import('../services/library-file')
      ])
      const opponent = opts.vs === undefined ? null : phone.opponentOf(opts.vs)
      if (opts.vs !== undefined && !opponent) return bad(`--vs ${shorten(opts.vs)}: no such file, and not a share code or RULESET:ARMY`)
      const engine = ctx.engine()
      const checks = () => documentChecks(engine)
      const inWords = (e: unknown) => e instanceof PlayInputError || e instanceof phone.ShareCodeError || e instanceof StoreError
      const dir = phone.findPhoneDir(__dirname)

      if (opts.html) {
        let page: string
        try {
          page = phone.phoneFile(dir, phone.playSheetFrom(engine, checks(), mine!, opponent!))
        } catch (e) {
          if (inWords(e) || e instanceof phone.PhonePageMissing) return bad(e.message.replace(/\.$/, ''))
          throw e
        }
        const { WriteRefused, writeErrorText, writeFileAtomic } = await import('../files/write-file')
        try {
          writeFileAtomic(opts.output!, page, { inputs: [mine!, ...(opponent && 'file' in opponent ? [opponent.file] : [])], exclusive: opts.force !== true })
        } catch (e) {
          const err = e as NodeJS.ErrnoException
          const why = e instanceof WriteRefused ? e.reason : err.code === 'EEXIST' ? 'the file exists (add --force to replace it)' : writeErrorText(err)
          return bad(`cannot write ${shorten(opts.output!)}: ${why}; nothing was written`)
        }
        io.err(`Wrote the phone page to ${shorten(opts.output!)}: open it on the phone; it needs no network.\n`)
        return ctx.setExit(0)
      }

      await withLibrary(cmd, async (db) => {
        let serving: Awaited<ReturnType<typeof phone.serveGame>>
        try {
          const game = phone.playGame(db, engine, checks(), opts.resume !== undefined ? { resume: opts.resume } : { mine: mine!, opponent: opponent! })
          serving = await phone.serveGame({ db, dir, gameId: game.id, lan: opts.lan, port, onChange: (g) => io.out(progressLine(g)) })
        } catch (e) {
          if (inWords(e) || e instanceof phone.PhonePageMissing || e instanceof phone.NoNetwork) return bad(e.message.replace(/\.$/, ''))
          const refused = listenRefusal(e, port)
          if (refused) return bad(refused)
          throw e
        }
        await printLink(io, serving.link, opts.lan, LINK_WORDS, () => phone.terminalQr(serving.qrLink))
        io.out(`The game is kept in the library (game ${serving.gameId}), served until it is finished on the phone; Ctrl+C stops sooner.\n`)
        await serveUntilStopped(serving)
        const game = phone.gameNow(db, serving.gameId)
        if (game.result) io.out(`Game over: ${game.result.why}\n${game.result.code ? `Result code: ${game.result.code}\n` : ''}`)
        else {
          const db_ = opts.db ? ` --db ${opts.db}` : ''
          io.out(
            `Stopped. The game is kept in the library, unfinished (${count(game.taps.length, 'tap', 'taps')}). To go on: muster play --resume ${game.id} --serve${db_}; finish it on the phone once it is over.\n`
          )
        }
        ctx.setExit(0)
      })
    })
}
