// `muster games` lists the games kept in the library (played in the app), newest first, with their
// result; `muster record PLAYER|ROSTER` says a player's or a library roster's record from finished
// games. Both only read the library (--db FILE, else MUSTER_DB, else the app's). Exit 0, 2 when the
// library cannot be read or the name matches no roster and no player.
import type { Io } from './io'
import type { Command } from 'commander'
import { formatNumber } from '../../src-shared/words'
import type { GameRecord, GameRow } from '../services/game-types'
import { libraryPath } from '../services/user-data'
import { table } from './format'
import { positiveInteger } from './numbers'
import { withLibrary } from './library'

const resultText = (g: GameRow): string => {
  if (!g.result) return `being played (${g.taps} taps)`
  const { winner } = g.result
  return winner === null ? 'draw' : `${g.sides[winner].player ?? g.sides[winner].name} won`
}

const sideText = (s: GameRow['sides'][number]): string => `${s.name}${s.player ? ` (${s.player})` : ''}`

export const recordText = (r: GameRecord): string =>
  `${formatNumber(r.games)} ${r.games === 1 ? 'game' : 'games'}: ${formatNumber(r.wins)} won, ${formatNumber(r.losses)} lost, ${formatNumber(r.draws)} drawn`

export function addGameHistoryCommands(program: Command, ctx: { io: Io; setExit: (code: number) => void }): void {
  const { io } = ctx
  program
    .command('games')
    .description(`the games kept in the library (played in the app), newest first, with their result (default library ${libraryPath()})`)
    .option('--db <file>', 'library file')
    .option('--player <name>', 'only the games this player played')
    .option('--finished', 'only finished games')
    .option('--limit <n>', 'how many', positiveInteger, 50)
    .option('--json', 'as JSON')
    .action(async (opts: { player?: string; finished?: boolean; limit: number; json?: boolean }, cmd: Command) => {
      const games = await import('../services/games')
      await withLibrary(
        cmd,
        (db) => {
          const { rows, total } = games.listGames(db, { player: opts.player, ...(opts.finished ? { finished: true } : {}), limit: opts.limit })
          if (opts.json) return io.out(JSON.stringify({ total, rows }, null, 2) + '\n')
          if (rows.length === 0) return io.out('No games.\n')
          io.out(
            `${table([
              ['ID', 'Date', 'Ruleset', 'Side 1', 'Side 2', 'Result'],
              ...rows.map((g) => [g.id.slice(0, 8), g.startedAt.slice(0, 10), g.rulesetName, sideText(g.sides[0]), sideText(g.sides[1]), resultText(g)])
            ])}\n${rows.length < total ? `(${rows.length} of ${total}; --limit for more)\n` : ''}`
          )
        },
        { forReading: true }
      )
    })

  program
    .command('record')
    .description("a player's or a library roster's record from its finished games: games, won, lost, drawn")
    .argument('<who>', "a player's name, or a library roster's id (its first characters) or name")
    .option('--db <file>', 'library file')
    .option('--json', 'as JSON')
    .action(async (who: string, opts: { json?: boolean }, cmd: Command) => {
      const games = await import('../services/games')
      await withLibrary(
        cmd,
        (db) => {
          const found = games.recordFor(db, who)
          if (opts.json) return io.out(JSON.stringify(found, null, 2) + '\n')
          io.out(`${found.of === 'roster' ? `${found.name} (roster ${found.id.slice(0, 8)})` : found.name}: ${recordText(found.record)}\n`)
        },
        { forReading: true }
      )
    })
}
