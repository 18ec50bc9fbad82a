// How a submitted roster's player is named where a report lists them (pairings, the app's table):
// the player's name as the roster gives it, or the file's own name for a roster that names none.
import unhomoglyph from 'unhomoglyph'
import { countOf } from './words'

/** The player's name, or the file's name (without its folders) for a roster that names no player. */
export function playerName(e: { file: string; player: string | null }): string {
  return e.player && e.player.trim() ? e.player.trim() : (e.file.split(/[\\/]/).pop() ?? e.file)
}

/** "7 players: 3 tables and a bye", as a pairing's report and the app sum it up. */
export function pairingSummary(r: { players: number; pairs: unknown[]; bye: unknown }): string {
  return `${countOf(r.players, 'player')}: ${countOf(r.pairs.length, 'table')}${r.bye ? ' and a bye' : ''}`
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu
/** TR39's skeleton: the confusables mapping (unhomoglyph, Unicode's confusables.txt) between decompositions. */
const skeleton = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD')

/**
 * Who a player's name names, for "one roster per player", a resubmission and pairings alike: two
 * names with the same key are one player. Invisible characters (zero-width spaces, joiners,
 * direction marks, soft hyphens: Unicode's default-ignorable code points) are dropped, compatibility
 * forms and runs of spaces made plain (NFKC), case folded, and look-alike letters (a Cyrillic "М"
 * for a Latin "M") mapped to one form by the Unicode confusables skeleton (UTS #39), before and
 * after folding the case. The key is only compared, never shown ("m" becomes "rn").
 */
export function playerKey(name: string): string {
  const plain = name.replace(IGNORABLE, '').normalize('NFKC').replace(/\s+/gu, ' ').trim()
  return skeleton(skeleton(plain).toUpperCase().toLowerCase())
}
