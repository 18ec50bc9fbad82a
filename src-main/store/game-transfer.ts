// The library's games in and out of a backup (transfer.ts backupLibrary / restoreLibrary): each game
// with its sheet, sides, times, result and taps in order. Both run inside the caller's transaction.
import { statement, type Db } from './open'
import { restoreNew, type Restored } from './restore-new'
import type { LibraryBackup } from '../generated-types/library-export'
import type { RawGame } from './games'

export type BackupGame = NonNullable<LibraryBackup['games']>[number]

/** What a restore did with the backup's games. */
export type GamesRestored = Restored

/** Every game, oldest first, with its taps oldest first. */
export function backupGames(db: Db): BackupGame[] {
  const rows = statement(db, 'SELECT * FROM games ORDER BY created_at, id').all() as Array<Omit<RawGame, 'taps'>>
  const taps = statement(db, 'SELECT tap, at FROM game_taps WHERE game_id = ? ORDER BY seq')
  return rows.map((g) => ({
    id: g.id,
    ruleset: g.ruleset,
    createdAt: g.created_at,
    updatedAt: g.updated_at,
    finishedAt: g.finished_at,
    sheet: JSON.parse(g.sheet) as BackupGame['sheet'],
    rosterIds: [g.roster_0_id, g.roster_1_id],
    players: [g.player_0, g.player_1],
    result: g.result === null ? null : (JSON.parse(g.result) as BackupGame['result']),
    taps: (taps.all(g.id) as Array<{ tap: string; at: string }>).map((t) => ({ tap: JSON.parse(t.tap) as BackupGame['taps'][number]['tap'], at: t.at }))
  }))
}

/**
 * The backup's games the library does not hold (by id) added, taps numbered 1, 2, 3... in order. A side's
 * roster the library does not hold (after the rosters were restored) is forgotten (null), as when a
 * roster is deleted. Run after the rosters, in the same transaction.
 */
export function restoreGames(db: Db, games: BackupGame[]): GamesRestored {
  const hasRoster = statement(db, 'SELECT 1 FROM rosters WHERE id = ?')
  const insertGame = statement(
    db,
    'INSERT INTO games (id, ruleset, created_at, updated_at, finished_at, sheet, roster_0_id, roster_1_id, player_0, player_1, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
  )
  const insertTap = statement(db, 'INSERT INTO game_taps (game_id, seq, tap, at) VALUES (?, ?, ?, ?)')
  const roster = (id: string | null) => (id !== null && hasRoster.get(id) ? id : null)
  return restoreNew(db, 'games', games, (g) => {
    insertGame.run(
      g.id,
      g.ruleset,
      g.createdAt,
      g.updatedAt,
      g.finishedAt,
      JSON.stringify(g.sheet),
      roster(g.rosterIds[0]),
      roster(g.rosterIds[1]),
      g.players[0],
      g.players[1],
      g.result === null ? null : JSON.stringify(g.result)
    )
    g.taps.forEach((t, i) => insertTap.run(g.id, i + 1, JSON.stringify(t.tap), t.at))
  })
}

/** What the schema cannot say of a backup's games: a finished game has a result, an unfinished one none. */
export function gamesProblem(games: BackupGame[]): string | null {
  for (const [i, g] of games.entries()) {
    if ((g.finishedAt === null) !== (g.result === null))
      return g.finishedAt === null
        ? `/games/${i}: a game still being played (finishedAt null) has no result`
        : `/games/${i}: a finished game (finishedAt set) needs its result`
  }
  return null
}
