// `muster recheck PATHS|--library (--edition E | --against DIR)`: what a data change does to rosters.
// Each roster is checked as it is and again under another data edition of its ruleset, or with an
// updated data folder laid over the data (as --data lays one); the report lists, per roster, the
// points and verdict before and after and each issue added or gone. Nothing is written to any file.
// Exit 0 done, 1 some roster legal before is illegal after, 2 bad arguments or no roster readable.
import type { Io } from './io'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Command } from 'commander'
import type { Engine } from '../rules'
import type { Issue } from '../rules/types'
import { expandPaths, problemText, readRosterFile } from '../files/read-json'
import { libraryPath } from '../services/user-data'
import { countOf, listWords, nounFor } from '../../src-shared/words'
import { oneLine } from '../../src-shared/text'
import type { RosterImpact } from '../rules/impact'
import type { AfterChange, ImpactSummary, RecheckSource } from '../services/recheck'
import { figureText, shorten, SHOWN_MAX } from './format'
import { escapeHtml } from '../../src-shared/html'

interface Options {
  edition?: string
  against?: string
  library?: boolean
  db?: string
  json?: boolean
  html?: boolean
}

async function librarySources(path: string): Promise<RecheckSource[]> {
  // Loaded when asked for: the other commands start without SQLite.
  const { withLibraryFile } = await import('../services/library-file')
  const { recheckSources } = await import('../services/library-data')
  // only read: read-only where the library cannot be written
  return withLibraryFile(path, recheckSources, { forReading: true })
}

const issueText = (i: Issue) => `${i.severity === 'error' ? (i.todo ? 'TO DO' : 'ERROR') : 'WARNING'} ${i.code}: ${i.message}`
const verdictWord = (valid: boolean) => (valid ? 'legal' : 'ILLEGAL')

function textReport(impacts: RosterImpact[], s: ImpactSummary, unreadable: string[], what: string): string {
  const lines: string[] = []
  for (const i of impacts.filter((x) => x.changed)) {
    const points =
      i.before.points === i.after.points
        ? `${figureText(i.after.points)} ${nounFor(i.after.points ?? 0, 'point')}`
        : `${figureText(i.before.points)} -> ${figureText(i.after.points)} ${nounFor(i.after.points ?? 0, 'point')}`
    const verdict = i.before.valid === i.after.valid ? verdictWord(i.after.valid) : `${verdictWord(i.before.valid)} -> ${verdictWord(i.after.valid)}`
    lines.push(oneLine(`${shorten(i.file)}${i.name ? ` (${shorten(i.name)})` : ''}: ${points}; ${verdict}`))
    for (const a of i.added) lines.push(oneLine(`  + ${issueText(a)}${a.missing ? ' [no longer in the data]' : ''}`))
    for (const g of i.gone) lines.push(oneLine(`  - ${issueText(g)}`))
    for (const r of i.reworded) lines.push(oneLine(`  ~ ${r.after.code}: ${r.before.message} -> ${r.after.message}`))
  }
  for (const u of unreadable) lines.push(oneLine(shorten(u, 2 * SHOWN_MAX)))
  const parts = [
    `${countOf(s.rosters, 'roster')} rechecked ${what}: ${s.changed} changed`,
    `${s.nowIllegal} now illegal`,
    `${s.nowLegal} now legal`,
    `${s.pointsChanged} with new points`
  ]
  if (s.unreadable) parts.push(`${s.unreadable} unreadable`)
  lines.push(oneLine(`${shorten(parts[0], 2 * SHOWN_MAX)}, ${parts.slice(1).join(', ')}. No file was changed.`))
  return lines.join('\n') + '\n'
}

// Markup escaped; controls and direction overrides shown as \uXXXX, as in the event report (src-shared/html.ts).
const esc = escapeHtml

function htmlReport(impacts: RosterImpact[], s: ImpactSummary, unreadable: string[], what: string): string {
  const rows = impacts.map((i) => {
    const issues = [
      ...i.added.map((a) => `<li class="added">+ ${esc(issueText(a))}${a.missing ? ' <em>(no longer in the data)</em>' : ''}</li>`),
      ...i.gone.map((g) => `<li class="gone">− ${esc(issueText(g))}</li>`),
      ...i.reworded.map((r) => `<li>~ ${esc(r.after.code)}: ${esc(r.before.message)} → ${esc(r.after.message)}</li>`)
    ].join('')
    return `<tr class="${i.changed ? 'changed' : ''}"><td>${esc(i.file)}${i.name ? `<br><small>${esc(i.name)}</small>` : ''}</td><td>${figureText(i.before.points)} → ${figureText(i.after.points)}</td><td>${verdictWord(i.before.valid)} → ${verdictWord(i.after.valid)}</td><td>${issues ? `<ul>${issues}</ul>` : i.changed ? '' : 'unchanged'}</td></tr>`
  })
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Muster: data update impact</title><style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:6px;text-align:left;vertical-align:top}tr.changed{background:#fff8e1}.added{color:#a40000}.gone{color:#1b5e20}ul{margin:0;padding-left:16px}</style></head><body><h1>What the data update does to ${countOf(s.rosters, 'roster')}</h1><p>Rechecked ${esc(what)}: ${s.changed} changed, ${s.nowIllegal} now illegal, ${s.nowLegal} now legal, ${s.pointsChanged} with new points${s.unreadable ? `, ${s.unreadable} unreadable` : ''}. No file was changed.</p><table><thead><tr><th>Roster</th><th>Points</th><th>Verdict</th><th>Issues added (+), gone (−), reworded (~)</th></tr></thead><tbody>${rows.join('')}</tbody></table>${unreadable.length ? `<h2>Unreadable</h2><ul>${unreadable.map((u) => `<li>${esc(u)}</li>`).join('')}</ul>` : ''}</body></html>\n`
}

export function addRecheckCommand(program: Command, ctx: { engine: (extraDirs?: string[]) => Engine; io: Io; setExit: (code: number) => void }): void {
  program
    .command('recheck')
    .description(
      'what a data change does to rosters: each checked as it is and under another edition (--edition) or with an updated data folder laid over (--against); nothing is written'
    )
    .argument('[paths...]', 'roster files or folders of them')
    .option('--library', "the rosters of your library (each one's latest revision)")
    .option('--db <file>', `with --library: the library file (default ${libraryPath()})`)
    .option('--edition <id>', "recheck under this data edition of each roster's ruleset (see `muster rulesets`)")
    .option('--against <dir>', 'recheck with this data folder laid over the data, as --data lays one')
    .option('--json', 'the report as JSON')
    .option('--html', 'the report as one self-contained HTML page')
    .action(async (paths: string[], opts: Options) => {
      const { io } = ctx
      if (Boolean(opts.edition) === Boolean(opts.against)) {
        io.err('muster recheck: say what to recheck under: --edition ID or --against DIR (one of them).\n')
        return ctx.setExit(2)
      }
      if (Boolean(opts.library) === paths.length > 0) {
        io.err('muster recheck: name roster files or folders, or --library (one of them).\n')
        return ctx.setExit(2)
      }
      const { recheck, editionNames, summarise, underData, underEdition } = await import('../services/recheck')
      const before = ctx.engine()
      let after: AfterChange
      let what: string
      if (opts.edition) {
        const edition = opts.edition
        const under = underEdition(before, edition)
        if (!under) {
          const known = editionNames(before)
          io.err(`muster recheck: no ruleset has a data edition '${edition}'${known.length ? `; the editions are ${known.join(', ')}` : ''}.\n`)
          return ctx.setExit(2)
        }
        what = `under data edition '${edition}'`
        after = under
      } else {
        let over: Engine
        try {
          const dir = opts.against!
          // A folder of data has ruleset folders (or is one); one that lays nothing over the data is a mistake.
          const isData =
            existsSync(join(dir, 'ruleset.json')) ||
            existsSync(join(dir, 'armies')) ||
            existsSync(join(dir, 'costs.json')) ||
            existsSync(join(dir, 'editions')) ||
            (existsSync(dir) &&
              readdirSync(dir, { withFileTypes: true }).some(
                (e) => e.isDirectory() && ['ruleset.json', 'armies', 'costs.json', 'editions'].some((f) => existsSync(join(dir, e.name, f)))
              ))
          if (existsSync(dir) && !isData) {
            io.err(`muster recheck: ${shorten(dir)} holds no rulesets, armies, costs.json or editions: it lays nothing over the data.\n`)
            return ctx.setExit(2)
          }
          over = ctx.engine([dir])
        } catch (e) {
          io.err(`muster recheck: ${oneLine((e as Error).message)}\n`)
          return ctx.setExit(2)
        }
        what = `with ${opts.against} laid over the data`
        after = underData(over)
      }
      const unreadable: string[] = []
      let sources: RecheckSource[] = []
      if (opts.library) sources = await librarySources(opts.db ?? libraryPath())
      else {
        for (const file of expandPaths(paths)) {
          const read = readRosterFile(file)
          if (read.ok) sources.push({ file, name: null, data: read.data })
          else unreadable.push(`${file}: ${problemText(file, read)}`)
        }
      }
      if (sources.length === 0 && unreadable.length === 0) {
        io.err(`muster recheck: no roster files found in ${opts.library ? 'the library' : paths.map((p) => shorten(p)).join(', ')}.\n`)
        return ctx.setExit(2)
      }
      const { impacts, skipped } = recheck(sources, before, after)
      const summary = summarise(impacts, unreadable.length)
      const rulesets = [...new Set(skipped.map((s) => s.ruleset))]
      const skippedText = skipped.length
        ? `${countOf(skipped.length, 'roster')} not rechecked: ${listWords(rulesets, 'and')} ${rulesets.length > 1 ? 'have' : 'has'} no edition '${opts.edition}'.`
        : ''
      if (opts.json)
        io.out(
          JSON.stringify({ what, summary: { ...summary, notRechecked: skipped.length }, rosters: impacts, notRechecked: skipped, unreadable }, null, 2) + '\n'
        )
      else if (opts.html) io.out(htmlReport(impacts, summary, unreadable, what))
      else io.out(textReport(impacts, summary, unreadable, what) + (skippedText ? `${skippedText}\n` : ''))
      ctx.setExit(sources.length === 0 && unreadable.length > 0 ? 2 : impacts.some((i) => i.before.valid && !i.after.valid) ? 1 : 0)
    })
}
