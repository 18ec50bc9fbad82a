// The publishing half of a Meshwesh sync: each fetched list converted and checked, ids kept as
// rosters know them, enemies and related lists made army ids, removals confirmed, then a new folder
// written, proved to load, and put in force by replacing the pointer in one rename.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Army, ArmyOption } from '../../rules/types'
import { importFailureText } from '../../import/import-armies'
import { writeFileAtomic, syncFolder } from '../../files/write-file'
import { matchesCheckedIndex, writeCheckedIndex } from '../../rules/checked-index'
import { CancelledError, FetchError, OfflineError, RedirectRefused, type MeshweshClient } from '../../meshwesh/http'
import { clearRun, removeStaleFolders, writePointer, type CatalogueEntry, type CataloguePointer, type FetchedList } from '../../meshwesh/catalogue'
import { countOf } from '../../../src-shared/words'
import { describeArmyChanges, type ChangeLabels } from './changes'
import { hashOf, type SummaryItem } from './fetch-lists'
import { ORIGIN, type ProgressStep, type SyncOptions, type SyncReport } from './sync-types'

const today = (d: Date) => d.toISOString().slice(0, 10)

function readArmyFile(dir: string | undefined, army: string): Army | undefined {
  if (!dir) return undefined
  const file = join(dir, `${army}.json`)
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Army) : undefined
  } catch {
    return undefined // damaged: as if there were no earlier copy
  }
}

/**
 * Option ids as the last copy had them, for the options that are the same (name and troops): the
 * importer numbers options of one troop type by position, so an option added upstream before another
 * would otherwise take its id, and rosters' units (which name options by id) would move to it.
 */
export function keepOptionIds(before: Army, after: Army): void {
  const sameTroops = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i])
  const matched = new Map<ArmyOption, string>()
  const taken = new Set<string>()
  // The same name and troops first; then an option renamed upstream keeps its id if the troops and
  // the id the importer gives it are still the same.
  const match = (same: (x: ArmyOption, o: ArmyOption) => boolean) => {
    for (const o of after.options) {
      if (matched.has(o)) continue
      const b = before.options.find((x) => !taken.has(x.id) && sameTroops(x.troops, o.troops) && same(x, o))
      if (b) {
        matched.set(o, b.id)
        taken.add(b.id)
      }
    }
  }
  match((x, o) => x.name === o.name)
  match((x, o) => x.id === o.id)
  const used = new Set(taken)
  for (const o of after.options) {
    const id = matched.get(o)
    if (id) o.id = id
    else {
      // A new option: its own id, never one a kept option has (roster units would move to it).
      let fresh = o.id
      for (let n = 2; used.has(fresh) || before.options.some((x) => x.id === fresh); n++) fresh = `${o.id}-${n}`
      o.id = fresh
      used.add(fresh)
    }
  }
}

/**
 * Lists published before that the summary leaves out: each is asked for once more, and only a 404
 * makes it removed (a summary cut short must not withdraw lists): those are added to `gone`.
 */
export async function confirmRemovals(
  client: MeshweshClient,
  previous: CataloguePointer | undefined,
  summary: SummaryItem[],
  gone: Set<string>
): Promise<void> {
  const served = new Set(summary.map((s) => s.id))
  const missing = Object.entries(previous?.lists ?? {}).filter(([id, l]) => !served.has(id) && !l.removed)
  await Promise.all(
    missing.map(async ([id]) => {
      try {
        await client.getJson(`/armyLists/${id}`)
      } catch (e) {
        if (e instanceof FetchError && e.status === 404) gone.add(id)
        else if (e instanceof CancelledError || e instanceof OfflineError || e instanceof RedirectRefused) throw e
      }
    })
  )
}

/** Converts, checks and publishes; sets the report's lists, changes and status. Throws to publish nothing. */
export function publish(
  opts: SyncOptions,
  step: (p: ProgressStep) => void,
  report: SyncReport,
  previous: CataloguePointer | undefined,
  summary: SummaryItem[],
  fetched: Map<string, FetchedList>,
  categories: Map<string, string[]>,
  gone: Set<string>,
  run: string,
  now: Date
): void {
  const previousDir = previous ? join(opts.root, previous.folder, opts.ruleset, 'armies') : undefined
  const armies = new Map<string, Army>() // by Meshwesh id
  const usedIds = new Map<string, string>()
  for (const item of summary) {
    const entry = fetched.get(item.id)
    try {
      if (!entry) throw new Error(report.failed.find((f) => f.id === item.id)?.reason ?? 'not fetched')
      const themes = categories.get(item.id) ?? []
      const { army } = opts.converter.convert(entry.list, entry.allyOptions, themes)
      // A list keeps the army id it was first published under, whatever its name becomes upstream:
      // rosters name armies by id.
      const pinned = previous?.lists[item.id]?.army
      if (pinned && pinned !== army.id) army.id = pinned
      const last = previous?.lists[item.id]
      const before = last ? readArmyFile(previousDir, last.army) : undefined
      if (before) keepOptionIds(before, army)
      const clash = usedIds.get(army.id)
      if (clash) throw new Error(`its army id '${army.id}' is already used by another list`)
      usedIds.set(army.id, item.id)
      if (themes.length) army.categories = themes
      army.source = { ...army.source, origin: ORIGIN, fetched: entry.fetchedAt.slice(0, 10) }
      armies.set(item.id, army)
    } catch (e) {
      // A list that fails the checks keeps its last good copy, if there is one; the rest publish.
      const last = previous?.lists[item.id]
      const kept = last ? readArmyFile(previousDir, last.army) : undefined
      if (entry) report.rejected.push({ id: item.id, name: item.name, reason: importFailureText(e), kept: !!kept })
      else report.failed.find((f) => f.id === item.id)!.kept = !!kept
      if (kept && !usedIds.has(kept.id)) {
        usedIds.set(kept.id, item.id)
        armies.set(item.id, kept)
      }
    }
  }
  // Enemies and related lists by Muster army id, among the lists converted (both ways: the upstream
  // cross-reference is symmetric, so one side's answer is enough).
  const armyOf = (mid: string) => armies.get(mid)?.id
  const enemies = new Map<string, Set<string>>()
  for (const [mid, entry] of fetched) {
    if (!armies.has(mid)) continue
    for (const other of entry.enemies) {
      const a = armyOf(mid)!
      const b = armyOf(other)
      if (!b || a === b) continue
      enemies.set(a, (enemies.get(a) ?? new Set()).add(b))
      enemies.set(b, (enemies.get(b) ?? new Set()).add(a))
    }
  }
  for (const [mid, army] of armies) {
    // A list kept from its last copy keeps the links it had: nothing new was learnt of it.
    if (!fetched.has(mid) || report.rejected.some((r) => r.id === mid)) continue
    const e = [...(enemies.get(army.id) ?? [])].sort()
    if (e.length) army.enemies = e
    else delete army.enemies
    const related = [...new Set((fetched.get(mid)?.associated ?? []).map(armyOf).filter((x): x is string => !!x && x !== army.id))].sort()
    if (related.length) army.related = related
    else delete army.related
  }
  // Lists Meshwesh no longer serves stay, from their last copy, marked with the date they were missed.
  const served = new Set(summary.map((s) => s.id))
  for (const [mid, last] of Object.entries(previous?.lists ?? {})) {
    if (served.has(mid)) continue
    const kept = readArmyFile(previousDir, last.army)
    if (!kept || usedIds.has(kept.id)) continue
    // Left out of the summary but still served (a 404 was not seen): kept as it was, not withdrawn.
    const removed = last.removed ?? (gone.has(mid) ? today(now) : undefined)
    if (!last.removed && removed) report.removed.push({ army: last.army, name: last.name, list: last.list })
    if (removed) kept.source = { ...kept.source, removed }
    usedIds.set(kept.id, mid)
    armies.set(mid, kept)
  }

  const lists: Record<string, CatalogueEntry> = {}
  for (const [mid, army] of armies) {
    const source = army.source ?? {}
    lists[mid] = {
      army: army.id,
      name: army.name,
      list: String(source.list ?? ''),
      hash: hashOf(army),
      fetched: String(source.fetched ?? ''),
      ...(source.removed ? { removed: String(source.removed) } : {})
    }
  }
  const names = new Map([...armies.values()].map((a) => [a.id, a.name]))
  const labels: ChangeLabels = { ...opts.labels, army: (id) => names.get(id) ?? id }
  for (const [mid, entry] of Object.entries(lists)) {
    const was = previous?.lists[mid]
    const ref = { army: entry.army, name: entry.name, list: entry.list }
    if (!was) report.added.push(ref)
    else if (was.hash !== entry.hash && !entry.removed) {
      const before = readArmyFile(previousDir, was.army)
      report.changed.push({ ...ref, changes: before ? describeArmyChanges(before, armies.get(mid)!, labels) : ['changed'] })
    }
  }
  report.lists = armies.size
  const listsText = (n: number) => countOf(n, 'list')
  // Nothing new, and the folder in force is as it was written: nothing to publish. A damaged folder
  // (a file edited, cut short or gone) is written afresh from what was fetched.
  const intact = previousDir !== undefined && existsSync(previousDir) && matchesCheckedIndex(previousDir)
  if (previous && intact && !report.added.length && !report.changed.length && !report.removed.length && Object.keys(previous.lists).length === armies.size) {
    clearRun(opts.root)
    report.status = 'unchanged'
    report.message = `Up to date: ${listsText(armies.size)}, none changed since ${previous.publishedAt.slice(0, 10)}${report.rejected.length ? `; ${report.rejected.length} failed the checks` : ''}.`
    return
  }

  step({ phase: 'publishing', done: 0, total: armies.size })
  // A folder of its own for each publish: never the one in force, even when a killed publish is resumed.
  const folder = `c-${run}-${now.getTime().toString(36)}`
  const dataDir = join(opts.root, folder)
  const armiesDir = join(dataDir, opts.ruleset, 'armies')
  mkdirSync(armiesDir, { recursive: true })
  try {
    for (const army of armies.values()) writeFileAtomic(join(armiesDir, `${army.id}.json`), JSON.stringify(army, null, 1) + '\n', { deferFolderSync: true })
    writeCheckedIndex(armiesDir)
    syncFolder(armiesDir)
    opts.verify(dataDir)
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true })
    throw new Error(`The new catalogue did not load (${(e as Error).message})`)
  }
  const pointer: CataloguePointer = {
    format: 'muster-meshwesh-catalogue',
    version: 1,
    folder,
    publishedAt: now.toISOString(),
    baseUrl: opts.baseUrl,
    ruleset: opts.ruleset,
    run,
    replaced: previous?.folder ?? null,
    lists
  }
  // The run is over before it is in force: a sync killed between the two starts afresh (cheaply, with
  // conditional requests), where one killed after a publish with the run still marked would resume a
  // finished run and say "Up to date" whatever the server now serves. The pointer names its run too.
  clearRun(opts.root)
  writePointer(opts.root, pointer)
  // Published. What follows is tidying: it may fail (a file held open on Windows) without undoing it.
  try {
    // The folder just replaced stays until the next publish: a running app may still be reading it.
    removeStaleFolders(opts.root, [folder, previous?.folder])
  } catch {
    // left for the next sync
  }
  report.status = 'published'
  report.message = `${listsText(armies.size)} from ${ORIGIN}: ${report.added.length} added, ${report.changed.length} changed, ${report.removed.length} removed${report.rejected.length ? `; ${report.rejected.length} failed the checks` : ''}.`
}
