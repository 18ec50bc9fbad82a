// Real, different names drawn alike: "m" like "rn", "I" like "l", "0" like "O". Two players each
// time, whom the event check warns of (player-keys.ts): tests of both halves read this one table.
export const LOOKALIKE_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['Amie', 'Arnie'],
  ['Mamie', 'Marnie'],
  ['Ian', 'Lan'],
  ['Al', 'AI'],
  ['Cole', 'C0le'],
  ['MALLORY', 'MaIlory'],
  ['Ivan', 'lvan']
]
