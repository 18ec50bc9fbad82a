// Child process for the games' kill test: taps one game of the library in a loop (services/games.ts,
// each tap its own transaction) and, after each tap returns, writes "<count> <tap as JSON>" to
// stdout, until it is killed. Each tap is one the game can take: a line gains one of its measure
// until it holds no more, then gets them all back; every seventh is a round. A report never precedes
// its commit; a line lost to the kill is simply not checked.
import { openLibrary } from '../../../src-main/store'
import * as games from '../../../src-main/services/games'
import type { Tap } from '../../../src-shared/play/types'

async function main(): Promise<void> {
  const [path, id] = process.argv.slice(2)
  const lib = await openLibrary(path)
  let game: { sheet: games.GameState['sheet']; taps: Tap[]; losses: games.GameProgress['losses']; round: number } = games.getGame(lib.db, id)
  for (;;) {
    const n = game.taps.length
    let tap: Tap
    if (n % 7 === 6) tap = { kind: 'round', round: game.round + 1, at: new Date(Date.UTC(2025, 4, 1, 10, n)).toISOString() }
    else {
      const side = (n % 2) as 0 | 1
      const unit = Math.floor(n / 2) % game.sheet.sides[side].units.length
      const lost = game.losses.sides[side].lost[unit]
      tap = { kind: 'loss', side, unit, delta: lost < game.sheet.sides[side].units[unit].capacity ? 1 : -lost }
    }
    game = { sheet: game.sheet, ...games.tap(lib.db, id, tap) }
    process.stdout.write(`${game.taps.length} ${JSON.stringify(tap)}\n`)
  }
}

void main()
