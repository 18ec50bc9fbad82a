// `muster import-armies --from-meshwesh`: finds Meshwesh army-list files, converts each one, and
// writes Muster army files into a data folder (the user's, by default). One bad list is reported
// and the rest still import; every file is written whole (temp file + rename) or not at all.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { bundledDataDir } from '../rules/paths'
import { problemText, readJsonFile } from '../files/read-json'
import { WriteRefused, writeErrorText, writeFileAtomic } from '../files/write-file'
import type Ajv2020 from 'ajv/dist/2020'
import { describeAjvErrors, schemaId } from '../rules/schemas'
import type { LoadedRuleset } from '../rules/registry'
import type { Engine } from '../rules'
import type { Army } from '../rules/types'
import { convertMeshweshList, ImportError } from './meshwesh'
import type { MeshweshAllyOption, MeshweshArmyList } from './meshwesh-types'

/** Meshwesh publishes Triumph! army lists: they import into this ruleset's folder. */
export const MESHWESH_RULESET = 'triumph'

export function meshweshRuleset(engine: Engine): LoadedRuleset {
  const loaded = engine.ruleset(MESHWESH_RULESET)
  if (!loaded) throw new Error(`Meshwesh lists import into the ${MESHWESH_RULESET} ruleset, which is not loaded`)
  return loaded
}

export interface ImportReport {
  /** `renamedFrom`: the id of a list Muster ships that this one would have replaced; it was imported as `id` beside it. */
  imported: Array<{ file: string; id: string; name: string; warnings: string[]; written?: string; renamedFrom?: string }>
  failed: Array<{ file: string; reason: string }>
}

export interface ImportOptions {
  ajv: Ajv2020
  triumph: LoadedRuleset
  eras: Array<{ name: string; from: number; to: number }>
  /** Data folder to write into (<out>/<ruleset>/armies/<id>.json); nothing is written when absent. */
  out?: string
  factsOnly?: boolean
  /** Only these Meshwesh ids (for building the bundled set). */
  only?: Set<string>
}

const SIDE_FILE = /(\.allyOptions\.json|_thematicCategories|summary\.json|README\.md)$/

/** Candidate list files: a file, a folder of them, or a Meshwesh snapshot folder with armyLists/. */
export function findListFiles(path: string): string[] {
  if (!existsSync(path)) throw new Error(`${path}: no such file or folder`)
  if (!statSync(path).isDirectory()) return [path]
  const dir = existsSync(join(path, 'armyLists')) && statSync(join(path, 'armyLists')).isDirectory() ? join(path, 'armyLists') : path
  return readdirSync(dir)
    .filter((f) => !SIDE_FILE.test(f) && !f.startsWith('.'))
    .sort()
    .map((f) => join(dir, f))
    .filter((f) => !isFolder(f))
}

const isFolder = (f: string): boolean => {
  try {
    return statSync(f).isDirectory()
  } catch {
    return false // a dangling link: the reader reports it
  }
}

/** A Meshwesh list is well under a megabyte; the cap only stops a runaway file. */
const MAX_LIST_BYTES = 20 * 1024 * 1024

function readJson(file: string): unknown {
  const read = readJsonFile(file, MAX_LIST_BYTES)
  if (!read.ok) throw new ImportError([problemText(file, read)])
  return read.data
}

/** The list's expanded ally options: from `<file>.allyOptions.json` beside it, or already expanded in the list. */
function sideAllies(file: string, list: { allyOptions?: unknown[] }, warnings: string[]): unknown {
  const side = `${file}.allyOptions.json`
  if (existsSync(side)) return readJson(side)
  const expanded = (a: unknown) =>
    Array.isArray((a as MeshweshAllyOption)?.allyEntries) && (a as MeshweshAllyOption).allyEntries.every((e) => typeof e?.allyArmyList === 'object')
  if (list.allyOptions?.length && list.allyOptions.every(expanded)) return list.allyOptions
  if (list.allyOptions?.length) warnings.push(`${list.allyOptions.length} ally option(s) not expanded (no ${basename(side)} beside the list): allies left out`)
  return undefined
}

function themes(file: string): string[] {
  const side = `${file}_thematicCategories`
  if (!existsSync(side)) return []
  const read = readJsonFile(side, MAX_LIST_BYTES)
  if (!read.ok || !Array.isArray(read.data)) return []
  return (read.data as Array<{ name?: unknown } | null>).map((t) => t?.name).filter((n): n is string => typeof n === 'string')
}

function writeArmy(out: string, rulesetId: string, army: Army, source: string): string {
  const dir = join(out, rulesetId, 'armies')
  mkdirSync(dir, { recursive: true })
  const target = join(dir, `${army.id}.json`)
  writeFileAtomic(target, JSON.stringify(army, null, 2) + '\n', { inputs: [source] })
  return target
}

/** What converting a list needs from the ruleset, made once for many lists. */
export interface ListConverter {
  /** One Meshwesh list document and its expanded ally options (or undefined) into a checked army. */
  convert(doc: unknown, allies: unknown, themes: string[]): { army: Army; warnings: string[] }
}

export function listConverter(opts: Pick<ImportOptions, 'ajv' | 'triumph' | 'eras' | 'factsOnly'>): ListConverter {
  const listSchema = opts.ajv.getSchema(schemaId('meshwesh-army-list.schema.json'))!
  const alliesSchema = opts.ajv.getSchema(`${schemaId('meshwesh-army-list.schema.json')}#/$defs/allyOptionsFile`)!
  const armySchema = opts.ajv.getSchema(schemaId('army.schema.json'))!
  const cards = new Set((opts.triumph.ruleset.battleCards ?? []).map((c) => c.code))
  const troops = new Map(opts.triumph.ruleset.troopTypes.filter((t) => t.code).map((t) => [t.code!, { id: t.id, name: t.name }]))
  const facts = (opts.triumph.ruleset.armyFacts ?? []).flatMap((f) => (f.meshwesh ? [{ id: f.id, meshwesh: f.meshwesh }] : []))
  return {
    convert(doc, allies, themes) {
      if (!listSchema(doc)) throw new ImportError([`not a Meshwesh army list: ${describeAjvErrors(listSchema.errors).slice(0, 3).join('; ')}`])
      if (allies !== undefined && !alliesSchema(allies))
        throw new ImportError([`its ally options: ${describeAjvErrors(alliesSchema.errors).slice(0, 3).join('; ')}`])
      const { army, warnings } = convertMeshweshList(doc as MeshweshArmyList, allies as MeshweshAllyOption[] | undefined, {
        troops,
        cards,
        facts,
        eras: opts.eras,
        factsOnly: opts.factsOnly ?? false,
        themes
      })
      if (!armySchema(army)) throw new ImportError([`converted list fails the army schema: ${describeAjvErrors(armySchema.errors).slice(0, 3).join('; ')}`])
      return { army, warnings }
    }
  }
}

/** Why a list could not be imported, in one sentence. */
export function importFailureText(e: unknown): string {
  const errno = e as NodeJS.ErrnoException
  return e instanceof ImportError
    ? e.message
    : e instanceof WriteRefused
      ? e.message
      : errno.code
        ? `cannot write ${errno.path ?? 'the army file'}: ${writeErrorText(errno)}`
        : `failed: ${errno.message}`
}

/**
 * An imported list never silently replaces one Muster ships (issue 26): a list of a bundled list's id
 * is written under another id, beside it, and the report says so. Rosters of the bundled id keep
 * its rules, and a print-out never shows the stock data version over rules that are not stock.
 * Writing into the bundled data folder itself (the maintainers' bundling script) replaces, as meant.
 */
function besideBundled(army: Army, ruleset: LoadedRuleset, out: string, warnings: string[]): Army {
  if (resolve(out) === resolve(bundledDataDir())) return army
  const bundled = (id: string) => ruleset.armies.has(id) && (!ruleset.fromUserData.has(id) || ruleset.overrides.armies.get(id)?.over !== undefined)
  if (!bundled(army.id)) return army
  let id = `${army.id}-imported`
  for (let n = 2; bundled(id); n++) id = `${army.id}-imported-${n}`
  warnings.push(`Muster ships a list with the id '${army.id}': this one is imported as '${id}', beside it, so the bundled list stays as it is`)
  return { ...army, id }
}

export function importMeshwesh(path: string, opts: ImportOptions): ImportReport {
  const report: ImportReport = { imported: [], failed: [] }
  const converter = listConverter(opts)
  const seen = new Map<string, string>()
  for (const file of findListFiles(path)) {
    let docs: unknown[]
    try {
      const data = readJson(file)
      docs = Array.isArray(data) ? data : [data]
    } catch (e) {
      report.failed.push({ file, reason: (e as Error).message })
      continue
    }
    docs.forEach((doc, i) => {
      const where = docs.length > 1 ? `${file}[${i}]` : file
      const id = (doc as { id?: unknown })?.id
      if (opts.only && !(typeof id === 'string' && opts.only.has(id))) return
      try {
        const warnings: string[] = []
        const allies = sideAllies(file, doc as MeshweshArmyList & { allyOptions?: unknown[] }, warnings)
        const converted = converter.convert(doc, allies, themes(file))
        for (const w of converted.warnings) warnings.push(w)
        const army = opts.out ? besideBundled(converted.army, opts.triumph, opts.out, warnings) : converted.army
        const renamed = army.id !== converted.army.id ? { renamedFrom: converted.army.id } : {}
        const clash = seen.get(army.id)
        if (clash) throw new ImportError([`army id '${army.id}' is already used by ${clash}`])
        seen.set(army.id, where)
        const written = opts.out ? writeArmy(opts.out, opts.triumph.ruleset.id, army, file) : undefined
        report.imported.push({ file: where, id: army.id, name: army.name, warnings, ...(written ? { written } : {}), ...renamed })
      } catch (e) {
        report.failed.push({ file: where, reason: importFailureText(e) })
      }
    })
  }
  return report
}
