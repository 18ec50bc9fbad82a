// The organiser's list book and judges' copy of 200 submitted rosters (issue 41, section 5): the
// built CLI's `muster check --event E FOLDER --book OUT.pdf` in a child process, timed, with the
// child's peak resident memory and the size of both PDFs. Goals: < 3 s, < 200 MB, < 2 MB per PDF.
// Before (each sheet made alone, then merged with pdf-lib): 14 s, 330 MB, 7.4 MB a PDF; as one pdfmake
// document: 7.3 s, 461 MB. The child's CPU time is shown beside the wall time: this machine is shared.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { median, runMuster } from './measure-cli'
import { met } from './verdict'
import { writeTriumphRosters } from './triumph-rosters'

const ROSTERS = 200

/** 200 Triumph! rosters from the bundled lists' minimums, one in eight taking a battle card the event bans. */
const submissions = (folder: string): void =>
  writeTriumphRosters(folder, ROSTERS, (made) => ({ player: `Player ${made}`, ...(made % 8 === 7 ? { battleCards: [{ card: 'SC' }] } : {}) }))

export function listBookBench(): void {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-book-'))
  try {
    submissions(join(dir, 'subs'))
    const event = join(dir, 'event.json')
    writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'Bench Open', ruleset: 'triumph', battleCards: { banned: ['SC'] } }))
    const book = join(dir, 'book.pdf')
    const runs = Array.from({ length: 3 }, () => runMuster(['check', '--event', event, join(dir, 'subs'), '--book', book]))
    const bad = runs.find((r) => r.code === null || r.code > 1)
    if (bad) throw new Error(`the list book bench: muster check --book exited ${bad.code}: ${bad.stderr.slice(0, 500)}`)
    const pages = (what: string) => Number(new RegExp(`${what}: (\\d+) rosters`).exec(runs[0].stderr)?.[1] ?? NaN)
    const ms = median(runs.map((r) => r.ms))
    const spread = `${(Math.min(...runs.map((r) => r.ms)) / 1000).toFixed(2)}-${(Math.max(...runs.map((r) => r.ms)) / 1000).toFixed(2)} s`
    const cpu = median(runs.map((r) => r.cpuMs))
    const mb = Math.max(...runs.map((r) => r.mb))
    const sizes = [book, join(dir, 'book-judges.pdf')].map((f) => statSync(f).size / 1024 / 1024)
    console.log(
      `list book (${pages('List book')} rosters) and judges' copy (${pages("Judges' copy")}) of ${ROSTERS} submissions, muster check --book (one process, start-up included): ` +
        `${(ms / 1000).toFixed(2)} s median of 3 (${spread}; CPU ${(cpu / 1000).toFixed(2)} s) (goal < 3 s, ${met(ms < 3000)}); peak ${mb.toFixed(0)} MB (goal < 200 MB, ${met(mb < 200)}); ` +
        `book ${sizes[0].toFixed(2)} MB, judges' copy ${sizes[1].toFixed(2)} MB (goal < 2 MB each, ${met(sizes.every((s) => s < 2))})`
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (require.main === module) listBookBench()
