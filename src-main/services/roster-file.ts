// A roster file for a game (`muster play`'s armies, the games service's file source): read, one
// roster, and checked; else one line in players' words, handed to the caller's kind of error.
import type { Roster } from '../rules/types'
import { problemText, readRosterFile } from '../files/read-json'
import type { DocumentChecks } from '../store'

export function gameRosterFile(checks: DocumentChecks, file: string, whose: string, fail: (line: string) => Error): Roster {
  const read = readRosterFile(file)
  if (!read.ok) throw fail(`${whose} roster: ${problemText(file, read)}`)
  if (Array.isArray(read.data)) throw fail(`${whose} roster: ${file} holds ${read.data.length} rosters; a game takes one`)
  const problem = checks.validate(read.data)
  if (problem) throw fail(`${whose} roster: ${file} is ${problem}`)
  return read.data as Roster
}
