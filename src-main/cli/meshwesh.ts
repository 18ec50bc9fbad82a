// `muster meshwesh sync [--base-url URL] [--full] [--json]`: every Triumph! army list Meshwesh
// publishes, fetched into the player's catalogue (services/meshwesh), then what it did to the
// library's rosters. A progress line on a terminal, only the result when piped. Ctrl+C cancels
// cleanly: what was fetched is kept and the next sync resumes. Exit 0 done (published or up to date),
// 1 done but not whole (some lists failed the checks, or an extra could not be fetched: the rest
// published), 2 nothing published (offline, too many lists could not be fetched, cancelled).
import type { Io } from './io'
import type { Command } from 'commander'
import { existsSync } from 'node:fs'
import { oneLine } from '../../src-shared/text'
import { libraryPath, meshweshFolder, userDataFolder } from '../services/user-data'
import type { SyncProgress, SyncReport } from '../services/meshwesh/sync'
import type { SyncImpact } from '../services/meshwesh/impact'
import { figureText } from './format'
import { notWholeNumber, wholeNumberIn } from './numbers'
import { countedPhase, httpAddress, progressDetail, SYNC_PHASES } from '../../src-shared/meshwesh'
import { armyTitle } from '../../src-shared/army-title'

interface SyncCmd {
  baseUrl?: string
  json?: boolean
  factsOnly?: boolean
  timeout?: string
  db?: string
  library?: boolean
  full?: boolean
}

const PHASE: Record<SyncProgress['phase'], string> = SYNC_PHASES

/**
 * The progress line on a terminal: the step, the count and what is left, and the time elapsed,
 * redrawn each second even when nothing moves, so a sync that is stuck can be seen.
 */
export function progressLine(stream: Pick<NodeJS.WriteStream, 'isTTY' | 'columns' | 'write'>): { show: (p: SyncProgress) => void; clear: () => void } {
  if (!stream.isTTY) return { show: () => {}, clear: () => {} }
  let last = 0
  let shown = false
  let latest: { p: SyncProgress; at: number } | undefined
  const width = () => Math.max(20, (stream.columns || 80) - 1)
  const draw = (p: SyncProgress) => {
    const counted = countedPhase(p.phase)
    const count = counted ? ` ${p.done} of ${p.total}` : ''
    const text = oneLine(`${PHASE[p.phase]}${count} (${progressDetail(p)})${p.name && counted ? `: ${p.name}` : ''}`).slice(0, width())
    stream.write(`\r\x1b[2K${text}`)
    shown = true
  }
  const ticker = setInterval(() => latest && draw({ ...latest.p, elapsedMs: latest.p.elapsedMs + Date.now() - latest.at }), 1000)
  ticker.unref()
  return {
    show: (p) => {
      const now = Date.now()
      latest = { p, at: now }
      if (countedPhase(p.phase) && p.done < p.total && now - last < 100) return
      last = now
      draw(p)
    },
    clear: () => {
      clearInterval(ticker)
      if (shown) stream.write('\r\x1b[2K')
    }
  }
}

/** When the historical enemies and themes were last refreshed, and how to refresh them now. */
function extrasLine(report: SyncReport): string {
  if (report.extrasRefreshed) return 'Historical enemies and themes: refreshed now.'
  const when = report.extrasRefreshedAt ? `last refreshed ${report.extrasRefreshedAt.slice(0, 10)}` : 'not refreshed yet'
  return `Historical enemies and themes: ${when} (new lists' fetched now; \`muster meshwesh sync --full\` refreshes them all).`
}

function textReport(report: SyncReport, impact: SyncImpact | undefined): string {
  const lines = [report.message]
  // A sync that asked nothing (another was running, the folder could not be locked) has no figures.
  if (report.status === 'published' || report.status === 'unchanged' || (report.status === 'failed' && report.requests > 0)) {
    lines.push(
      `Requests: ${report.requests}; lists downloaded ${report.downloaded}, unchanged ${report.unchanged}${report.resumed ? `; historical enemies of ${report.resumed} kept from the interrupted sync` : ''}.`
    )
  }
  if (report.status === 'published' || report.status === 'unchanged') lines.push(extrasLine(report))
  for (const n of report.notes) lines.push(oneLine(`  ${n}`))
  for (const x of report.extrasNotFetched) lines.push(oneLine(`  not fetched: ${x}`))
  for (const f of report.failed) lines.push(oneLine(`  not fetched: ${f.name} (${f.id}): ${f.reason}`))
  for (const r of report.rejected) lines.push(oneLine(`  failed the checks: ${r.name} (${r.id}): ${r.reason}${r.kept ? ' (the last good copy is kept)' : ''}`))
  const ref = (l: { name: string; list: string }) => armyTitle({ name: l.name, listNumber: l.list })
  if (report.added.length)
    lines.push(
      `Added (${report.added.length}): ${report.added.length > 12 ? `${report.added.slice(0, 12).map(ref).join(', ')} and ${report.added.length - 12} more` : report.added.map(ref).join(', ')}`
    )
  for (const c of report.changed) lines.push(oneLine(`Changed: ${ref(c)}: ${c.changes.join('; ')}`))
  for (const r of report.removed) lines.push(oneLine(`Removed by Meshwesh: ${ref(r)} (rosters on it still check, from the last copy)`))
  if (impact) {
    lines.push(impact.summary)
    for (const r of impact.rosters) {
      const pts =
        r.before.points === r.after.points
          ? `${figureText(r.after.points)} points`
          : `${r.before.points === null ? '?' : figureText(r.before.points)} -> ${figureText(r.after.points)} points`
      const verdict =
        r.before.valid === r.after.valid
          ? r.after.valid
            ? 'legal'
            : 'ILLEGAL'
          : `${r.before.valid ? 'legal' : 'ILLEGAL'} -> ${r.after.valid ? 'legal' : 'ILLEGAL'}`
      lines.push(oneLine(`  ${r.name}: ${pts}; ${verdict}${r.after.errors.length ? ` (${r.after.errors[0]})` : ''}`))
    }
  }
  return lines.join('\n') + '\n'
}

async function sync(cmd: SyncCmd, io: Io, setExit: (code: number) => void): Promise<void> {
  const { runMeshweshSync } = await import('../services/meshwesh/run')
  const { DEFAULT_BASE_URL } = await import('../services/meshwesh/sync')
  const baseUrl = cmd.baseUrl ?? DEFAULT_BASE_URL
  if (!httpAddress(baseUrl)) {
    io.err(`--base-url: '${baseUrl}' is not an http(s) address, e.g. ${DEFAULT_BASE_URL}\n`)
    return setExit(2)
  }
  const timeoutS = cmd.timeout === undefined ? 30 : wholeNumberIn(cmd.timeout, 1, 600)
  if (timeoutS === undefined) {
    io.err(`${notWholeNumber('--timeout', cmd.timeout ?? '', { min: 1, max: 600, unit: 'seconds', example: 30 })}\n`)
    return setExit(2)
  }
  const progress = cmd.json ? { show: () => {}, clear: () => {} } : progressLine(process.stderr)
  const cancel = new AbortController()
  const onSigint = () => cancel.abort()
  process.once('SIGINT', onSigint)
  const user = userDataFolder()
  let report: SyncReport
  try {
    report = await runMeshweshSync({
      root: meshweshFolder(),
      baseUrl,
      factsOnly: cmd.factsOnly,
      signal: cancel.signal,
      onProgress: progress.show,
      http: { timeoutMs: timeoutS * 1000 },
      full: cmd.full,
      dataDirsAbove: existsSync(user) ? [user] : []
    })
  } finally {
    process.removeListener('SIGINT', onSigint)
    progress.clear()
  }
  let impact: SyncImpact | undefined
  const dbPath = cmd.db ?? libraryPath()
  if (report.status === 'published' && cmd.library !== false && existsSync(dbPath)) {
    try {
      const { libraryImpactAt } = await import('../services/meshwesh/library-impact')
      impact = await libraryImpactAt(dbPath, report)
    } catch (e) {
      // The lists are published whatever the library says; the app rechecks it at its next start.
      report.message += ` Your library (${dbPath}) could not be rechecked: ${(e as Error).message}`
    }
  }
  if (cmd.json) io.out(JSON.stringify(impact ? { ...report, impact } : report, null, 2) + '\n')
  else if (report.status === 'offline' || report.status === 'cancelled') io.err(`${report.message}\n`)
  else io.out(textReport(report, impact))
  setExit(report.status === 'published' || report.status === 'unchanged' ? (report.rejected.length || report.extrasNotFetched.length ? 1 : 0) : 2)
}

export function addMeshweshCommands(program: Command, ctx: { io: Io; setExit: (code: number) => void }): void {
  const meshwesh = program.command('meshwesh').description(`Triumph! army lists from Meshwesh, kept in ${meshweshFolder()} (MUSTER_MESHWESH moves it)`)
  meshwesh
    .command('sync')
    .description(
      'fetch every army list Meshwesh publishes (only what changed since the last sync), check them and publish them whole; report what changed and what it does to your library'
    )
    .option('--base-url <url>', 'the Meshwesh API to ask (default: the public site)')
    .option('--full', "also fetch every list's historical enemies and the themes again (an update asks only for new lists', or once they are 30 days old)")
    .option('--json', 'print the report as JSON')
    .option('--facts-only', "leave out the list authors' descriptions and notes")
    .option('--timeout <seconds>', 'time allowed for each request (default 30)')
    .option('--db <file>', `the library whose rosters to recheck (default ${libraryPath()}; MUSTER_DB)`)
    .option('--no-library', 'do not recheck the library')
    .action(async (cmd: SyncCmd) => sync(cmd, ctx.io, ctx.setExit))
}
