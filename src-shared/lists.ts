// Army list numbers as a source numbers them (Meshwesh's "66a", "52-1b"), and how a player names
// them: the event's army pool and the army search agree on what "66" takes.

/** "66" takes every sublist of list 66 ("66a", "66b"); "66a" only itself. Case aside. */
export function listMatches(wanted: string, code: string | undefined): boolean {
  if (code === undefined) return false
  const [w, c] = [wanted.toLowerCase(), code.toLowerCase()]
  return c === w || (/^[0-9-]+$/.test(w) && c.replace(/[a-z]$/, '') === w)
}

/** Whether a search word looks like a list number ("66a", "115", "52-1b"). */
export const isListNumber = (word: string): boolean => /^[0-9][0-9-]*[a-z]?$/i.test(word)
