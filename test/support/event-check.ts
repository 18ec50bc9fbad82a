// `muster check` of one submission against a one-ruleset Triumph! event, read back as its JSON row:
// the way the reliability tests of printed codes look at a verdict.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { muster } from './cli'

export type Row = {
  valid: boolean
  printedCode?: { printed: string; computed: string; match: boolean; kind?: string }
  issues: Array<{ code: string; severity: string; message: string }>
}

/** Writes the event file into `dir`, checks `file` (a roster or a folder) and answers the exit code and the first row. */
export function checkRow(dir: string, file: string, opts: { args?: string[]; event?: string } = {}) {
  const eventFile = join(dir, 'event.json')
  writeFileSync(eventFile, JSON.stringify({ format: 'muster-event', version: 1, name: opts.event ?? 'Page test', ruleset: 'triumph' }))
  const r = muster([...(opts.args ?? []), 'check', '--event', eventFile, '--json', file])
  return { code: r.code, row: (JSON.parse(r.stdout) as { rows: Row[] }).rows[0] }
}
