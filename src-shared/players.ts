// How a submitted roster's player is named where a report lists them (pairings, the app's table):
// the player's name as the roster gives it, or the file's own name for a roster that names none.
// Light, for the renderer too: how names are compared (Unicode's confusables table) is in
// player-keys.ts, which only the main side imports.
import { countOf } from './words'

/** The player's name, or the file's name (without its folders) for a roster that names no player. */
export function playerName(e: { file: string; player: string | null }): string {
  return e.player && e.player.trim() ? e.player.trim() : (e.file.split(/[\\/]/).pop() ?? e.file)
}

/** "7 players: 3 tables and a bye", as a pairing's report and the app sum it up. */
export function pairingSummary(r: { players: number; pairs: unknown[]; bye: unknown }): string {
  return `${countOf(r.players, 'player')}: ${countOf(r.pairs.length, 'table')}${r.bye ? ' and a bye' : ''}`
}
