// `muster event serve ID [--lan] [--port N] [--db FILE]`: the event's results page served to the
// players' phones (services/event-results.ts) until Ctrl+C. The link first, then (with --lan) its QR
// code; each result a phone sends is printed on a line as it comes in. Exit 0 stopped, 2 bad input.
import type { Io } from './io'
import type { Command } from 'commander'
import { resultWords } from '../../src-shared/event-results'
import { countOf } from '../../src-shared/words'
import { withLibrary } from './library'
import { eventCommand } from './event-command'
import { listenRefusal, portOption, printLink, serveUntilStopped } from './serving'

const EXIT_UNREADABLE = 2

/** Who can open the results page's link: anyone on the venue's network with it (--lan), or this computer only. */
const LINK_WORDS = {
  lan: "Players open that link on their phones, or scan the code below. Anyone on this network with the link can send a table's result.",
  local: "That link works only on this computer (127.0.0.1): phones cannot open it. For the players' phones on the venue's network, add --lan."
}

export function addEventServeCommand(event: Command, ctx: { io: Io; setExit: (code: number) => void }): void {
  const { io } = ctx
  eventCommand(
    event,
    'serve',
    "serve the event's results page to the players' phones until Ctrl+C: each player sends their table's result (who won and the score, or game day's result code); each is printed as it comes in"
  )
    .option('--lan', "open it to the venue's network, so the players' phones can reach it (the default is this computer only, 127.0.0.1)")
    .option('--port <n>', 'the port (0, the default, takes a free one)')
    .action(async (id: string, opts: { lan?: boolean; port?: string }, cmd: Command) => {
      const bad = (line: string) => {
        io.err(`muster event serve: ${line}\n`)
        ctx.setExit(EXIT_UNREADABLE)
      }
      const given = portOption(opts.port)
      if ('refused' in given) return bad(given.refused)
      const { port } = given
      const [served, { findEvent }] = await Promise.all([import('../services/event-results'), import('../services/event-find')])
      await withLibrary(cmd, async (db) => {
        const eventId = findEvent(db, id)
        let heard = 0
        let server: Awaited<ReturnType<typeof served.serveResults>>
        try {
          server = await served.serveResults({
            db,
            dir: served.findPhoneDir(__dirname),
            eventId,
            lan: opts.lan,
            port,
            onResult: (r) => {
              heard++
              io.out(`Round ${r.round}, table ${r.table}: ${resultWords(r.players, r.result)}\n`)
            }
          })
        } catch (e) {
          if (e instanceof served.PhonePageMissing || e instanceof served.NoNetwork) return bad(e.message.replace(/\.$/, ''))
          const refused = listenRefusal(e, port)
          if (refused) return bad(refused)
          throw e
        }
        const tables = served.eventTables(db, eventId)
        await printLink(io, server.url, opts.lan, LINK_WORDS, () => served.terminalQr(server.url))
        io.out(`Serving ${tables.event}'s results (${served.roundWords(tables)}); Ctrl+C stops.\n`)
        await serveUntilStopped(server)
        io.out(`Stopped. ${countOf(heard, 'result')} came in from phones; they are in the library.\n`)
        ctx.setExit(0)
      })
    })
}
