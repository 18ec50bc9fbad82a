// The CLI as shipped: bin/muster.js running the built bundle (build/cli.cjs, its vm loader and code
// cache), not the TypeScript sources most CLI tests run in-process (`musterHere`). Every command and
// subcommand of the built bundle's command tree runs here at least once, on real files, with its
// exit code and a line of what it says checked. A command added to the CLI without a row below
// fails the coverage test, so no command can pass on the sources and fail as shipped unseen
// (`recheck --against` did: the bundle's native import() had no loader callback under vm.Script).
// The coverage test at the end counts a command only once its run has run here, not skipped.
// Everything runs on any clone: the Meshwesh lists are made up here (test/support/meshwesh-synthetic.ts),
// in the real API's shapes, and served by the loopback stand-in; nothing is read from ../shared.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { muster, musterAsync, type CliResult } from '../support/cli'
import { repoRoot } from '../support/engine'
import { startMeshweshServer, type MeshweshServer } from '../support/meshwesh-server'
import { syntheticId, syntheticList, writeMeshweshFolder } from '../support/meshwesh-synthetic'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-shipped-')

interface Files {
  dir: string
  legal: string
  illegal: string
  rosters: string
  subs: string
  event: string
  update: string
  db: string
  restored: string
  backup: string
  exported: string
  decoded: string
  meshwesh: string
  meshweshList: string
  /** The Meshwesh stand-in, started once the files are made. */
  server?: MeshweshServer
  /** What one run leaves for a later one (a share code, a check code, a roster id). */
  said: Record<string, string>
}

interface Run {
  /** The command's words, then its arguments. */
  args: (f: Files) => string[]
  exit: number
  /** What it says (stdout and stderr together). */
  says: RegExp
  input?: (f: Files) => string
  env?: (f: Files) => Record<string, string>
  /** Runs without blocking this process (it talks to the Meshwesh stand-in this process serves). */
  async?: boolean
  after?: (r: CliResult, f: Files) => void
}

const legalRoster = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8'))

/** Every command and subcommand (`muster <path>`), at least once each. */
const runs: Run[] = [
  { args: (f) => ['validate', f.legal], exit: 0, says: /legal\.muster\.json: legal, 48\/48 points/ },
  { args: (f) => ['validate', f.rosters, '--json'], exit: 1, says: /"valid":false/ },
  { args: (f) => ['info', f.legal], exit: 0, says: /Figures:[\s\S]*Units:/ },
  { args: (f) => ['options', f.legal], exit: 0, says: /legal\.muster\.json: legal/ },
  { args: () => ['rulesets'], exit: 0, says: /^triumph {2}Triumph!/m },
  {
    args: () => ['schema', '--ruleset', 'triumph', '--army', 'early-imperial-roman'],
    exit: 0,
    says: /"\$schema": "https:\/\/json-schema\.org\/draft\/2020-12\/schema"/
  },
  {
    args: (f) => ['import-armies', '--from-meshwesh', f.meshweshList, '--dry-run'],
    exit: 0,
    says: /imported test-kingdom-a-901a {2}Test Kingdom A[^\n]*\nChecked 1 of 1 lists; 0 failed\./
  },
  { args: (f) => ['library', 'import', f.rosters, '--db', f.db], exit: 0, says: /Imported 3 of 3/ },
  {
    args: (f) => ['library', 'list', '--db', f.db, '--json'],
    exit: 0,
    says: /"name": "Legio XX"/,
    after: (r, f) => void (f.said.id = (JSON.parse(r.stdout) as { rows: Array<{ id: string; name: string }> }).rows.find((x) => x.name === 'Legio XX')!.id)
  },
  { args: (f) => ['library', 'list', '--db', f.db], exit: 0, says: /Legio XX/ },
  { args: (f) => ['library', 'show', f.said.id.slice(0, 8), '--db', f.db], exit: 0, says: /^Legio XX \([0-9a-f-]{36}\), revision 1 of 1$/m },
  { args: (f) => ['library', 'show', f.said.id, '--db', f.db, '--json'], exit: 0, says: /"army": "early-imperial-roman"/ },
  {
    args: (f) => ['library', 'export', '--all', '--out', f.exported, '--db', f.db],
    exit: 0,
    says: /Exported 3 rosters/,
    after: (_r, f) => expect(readdirSync(f.exported)).toHaveLength(3)
  },
  { args: (f) => ['library', 'backup', f.backup, '--db', f.db], exit: 0, says: /3 rosters/ },
  { args: (f) => ['library', 'restore', f.backup, '--db', f.restored], exit: 0, says: /Restored 3 rosters/ },
  // the games played in the app (none in this library) and a roster's record, by its name
  { args: (f) => ['games', '--db', f.db], exit: 0, says: /^No games\.$/m },
  { args: (f) => ['record', 'legio xx', '--db', f.db], exit: 0, says: /^Legio XX \(roster [0-9a-f]{8}\): 0 games: 0 won, 0 lost, 0 drawn$/m },
  {
    args: (f) => ['collection', 'add', 'Gallic warband', '--count', '8', '--ruleset', 'triumph', '--troop', 'warband', '--db', f.db],
    exit: 0,
    says: /^Added Gallic warband \(\w{8}\), collection revision 1\./
  },
  {
    args: (f) => ['collection', 'list', '--db', f.db],
    exit: 0,
    says: /Gallic warband, 8 stands\n\s+Triumph!: Warband\n\s+WRG 1969: Medium infantry \(status barbarian, class D\)\?/,
    after: (r, f) => {
      f.said.item = /^(\w{8})\s+Gallic warband/m.exec(r.stdout)![1]
    }
  },
  {
    args: (f) => ['collection', 'counts-as', f.said.item, 'wrg-1969', 'heavy-infantry', '--attr', 'status=barbarian', '--db', f.db],
    exit: 0,
    says: /^Gallic warband now counts as Heavy infantry \(status barbarian, class D\) in WRG Ancient Wargames Rules \(1969\) \(confirmed\)\./
  },
  { args: (f) => ['collection', 'own', f.legal, '--db', f.db], exit: 0, says: /^Added \d+ items from 1 roster to your collection\./ },
  {
    args: (f) => ['collection', 'add-lines', '-', '--ruleset', 'triumph', '--check', '--db', f.db],
    input: () => '12 Gallic warriors as Warband\n',
    exit: 0,
    says: /^line 1: 12 stands of Gallic warriors, as Warband in Triumph!\n/
  },
  {
    args: (f) => ['collection', 'fit', f.legal, '--db', f.db],
    exit: 0,
    says: /Legio XX \(Triumph!, Early Imperial Roman\): 13 of 13 stands covered[\s\S]*Nothing to buy/
  },
  {
    args: (f) => ['collection', 'armies', '--ruleset', 'triumph', '--limit', '3', '--db', f.db],
    exit: 0,
    says: /Minimum\s+Full army[\s\S]*\(3 of \d+; --limit for more\)/
  },
  { args: (f) => ['collection', 'export', '--out', join(f.dir, 'collection.json'), '--db', f.db], exit: 0, says: /^Wrote the collection to / },
  { args: (f) => ['collection', 'import', join(f.dir, 'collection.json'), '--db', f.restored], exit: 0, says: /^Imported \d+ items\./ },
  { args: (f) => ['collection', 'remove', f.said.item, '--db', f.db], exit: 0, says: /^Removed Gallic warband \(undo with `muster collection undo`\)\./ },
  { args: (f) => ['collection', 'undo', '--db', f.db], exit: 0, says: /^Undid: .+\. The collection is as it was at revision 3 \(now revision 5\)\./ },
  { args: (f) => ['collection', 'history', '--db', f.db], exit: 0, says: /Undid: Removed Gallic warband/ },
  { args: () => ['collection', 'help'], exit: 0, says: /Usage: muster collection/ },
  { args: () => ['collection'], exit: 2, says: /Usage: muster collection \[options\] \[command\][\s\S]*armies \[options\]/ },
  {
    args: (f) => ['recheck', f.rosters, '--edition', 'qrs-2018'],
    exit: 0,
    says: /2 rosters rechecked under data edition 'qrs-2018'.*\n1 roster not rechecked: wrg-1969 has no edition 'qrs-2018'/
  },
  { args: (f) => ['recheck', f.rosters, '--against', f.update], exit: 1, says: /\(Legio XX\): 48 -> 52 points; legal -> ILLEGAL/ },
  {
    args: (f) => ['recheck', '--library', '--db', f.db, '--against', f.update],
    exit: 1,
    says: /^library:[0-9a-f]{8} \(Legio XX\): 48 -> 52 points; legal -> ILLEGAL$/m
  },
  { args: (f) => ['check', '--event', f.event, f.subs], exit: 0, says: /Alice[\s\S]*Bob/ },
  {
    args: (f) => ['new', '--ruleset', 'wrg-1969', '--army', 'carthaginian', '--year', '218 BC', '--minimums', '-o', join(f.dir, 'new.muster.json')],
    exit: 0,
    says: /new\.muster\.json: legal, 800\/800 points \(WRG Ancient Wargames Rules \(1969\), Carthaginian\), \d+ entries/
  },
  { args: (f) => ['pair', '--event', f.event, f.subs], exit: 0, says: /Table 1: (Alice|Bob) \(115a Early Imperial Roman\) v (Alice|Bob)/ },
  // an event run in the library (issue 41): made, its rosters entered, round 1 paired, a result, exported
  { args: () => ['event', 'help'], exit: 0, says: /create/ },
  { args: () => ['event'], exit: 2, says: /Usage: muster event \[options\] \[command\][\s\S]*export \[options\]/ },
  {
    args: (f) => ['event', 'create', f.event, '--db', f.db, '--json'],
    exit: 0,
    says: /"id"/,
    after: (r, f) => void (f.said.event = (JSON.parse(r.stdout) as { id: string }).id)
  },
  { args: (f) => ['event', 'enter', f.said.event, f.subs, '--db', f.db], exit: 0, says: /^Alice: active$/m },
  { args: (f) => ['event', 'pair', f.said.event, '--db', f.db], exit: 0, says: /Table 1: (Alice|Bob) v (Alice|Bob)/ },
  { args: (f) => ['event', 'result', f.said.event, '--table', '1', '--winner', 'Alice', '--db', f.db], exit: 0, says: /^Round 1, table 1: Alice beat Bob$/m },
  {
    args: (f) => ['event', 'standings', f.said.event, '--db', f.db],
    exit: 0,
    says: /^After round 1: all results in\n\nrank +player +army +W-D-L +score[\s\S]*^1 +Alice +\S.* +1-0-0 +3/m
  },
  {
    args: (f) => ['event', 'print', f.said.event, '--slips', '-o', join(f.dir, 'event-slips.pdf'), '--db', f.db],
    exit: 0,
    says: /^Round 1 result slips written to/m
  },
  { args: (f) => ['event', 'publish', f.said.event, '-o', join(f.dir, 'event.html'), '--db', f.db], exit: 0, says: /^Event page written to/m },
  { args: (f) => ['event', 'override', f.said.event, 'Bob', '--db', f.db], exit: 2, says: /Bob's roster is not held back/ },
  { args: (f) => ['event', 'drop', f.said.event, 'Bob', '--db', f.db], exit: 0, says: /^Bob: dropped$/m },
  { args: (f) => ['event', 'export', f.said.event, '-o', join(f.dir, 'event-export.json'), '--db', f.db], exit: 0, says: /Shipped Cup written/ },
  { args: (f) => ['event', 'list', '--db', f.db], exit: 0, says: /Shipped Cup\s+triumph\s+1\s+1 of 1 done/ },
  {
    args: (f) => ['event', 'show', 'shipped cup', '--db', f.db],
    exit: 0,
    says: /^Round 1\n  Table 1: (Alice v Bob|Bob v Alice): Alice beat Bob \(typed\)[\s\S]*^Next: /m
  },
  { args: (f) => ['event', 'reinstate', f.said.event, 'Bob', '--db', f.db], exit: 0, says: /^Bob: active$/m },
  // served until Ctrl+C (test/cli/event-serve.test.ts serves one): here, an event the library lacks
  { args: (f) => ['event', 'serve', 'no-such-event', '--db', f.db], exit: 2, says: /no event .*: muster event list shows/ },
  { args: (f) => ['event', 'delete', f.said.event, '--db', f.db], exit: 0, says: /^Event Shipped Cup deleted$/m },
  {
    args: (f) => ['export', f.legal, '--pdf', 'roster', '-o', join(f.dir, 'roster.pdf')],
    exit: 0,
    says: /roster\.pdf: roster, 1 page A4; legal\.muster\.json legal, 48\/48 points, check code [A-Z0-9-]+/,
    after: (r, f) => void (f.said.check = /check code (\S+)/.exec(r.stdout)![1])
  },
  { args: (f) => ['export', f.legal, '--pdf', 'cards', '-o', join(f.dir, 'cards.pdf')], exit: 0, says: /cards\.pdf: unit cards, \d+ pages? A4/ },
  {
    args: (f) => ['export', f.legal, '--pdf', 'qrs', '--paper', 'letter', '-o', join(f.dir, 'qrs.pdf')],
    exit: 0,
    says: /qrs\.pdf: quick reference, \d+ pages? US Letter/
  },
  {
    args: (f) => ['export', f.illegal, '--text', '-o', join(f.dir, 'roster.txt')],
    exit: 1,
    says: /roster\.txt: roster as text, \d+ lines; illegal\.muster\.json ILLEGAL/
  },
  { args: (f) => ['export', f.legal, '--text', '-o', '-'], exit: 0, says: /Legio XX/ },
  { args: (f) => ['verify', f.legal, f.said.check], exit: 0, says: /legal\.muster\.json: match: printed/ },
  { args: (f) => ['verify', f.legal], exit: 0, says: /legal\.muster\.json: check code / },
  { args: (f) => ['share', f.legal], exit: 0, says: /^MU1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}\n$/, after: (r, f) => void (f.said.share = r.stdout.trim()) },
  { args: (f) => ['share', '--decode', f.said.share], exit: 0, says: /"name": "Legio XX"/ },
  {
    args: (f) => ['share', '--decode', '-', '-o', f.decoded],
    input: (f) => `> here is my list:\n> ${f.said.share}\n`,
    exit: 0,
    says: /decoded\.muster\.json: legal, 48\/48 points.*check code/
  },
  {
    args: (f) => ['meshwesh', 'sync', '--base-url', f.server!.url, '--no-library', '--timeout', '10'],
    env: (f) => ({ MUSTER_MESHWESH: f.meshwesh }),
    async: true,
    exit: 0,
    says: /^3 lists from Meshwesh: 3 added, 0 changed, 0 removed\.\n[\s\S]*lists downloaded 3/
  },
  // a game of two WRG 1969 rosters (the rosters folder's, by a path relative to the game file), its result agreed
  {
    args: (f) => ['game', join(f.dir, 'game.json'), '--result-code'],
    exit: 0,
    says: /^MR1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}\n$/,
    after: (r, f) => void (f.said.result = r.stdout.trim())
  },
  { args: (f) => ['game', '--decode', f.said.result], exit: 0, says: /^ {2}Figures lost: 3\n[\s\S]*Result: over, by agreement\./m },
  // the phone page as one file (the served page is tested on 127.0.0.1 in test/services/phone-server.test.ts)
  {
    args: (f) => ['play', f.legal, '--vs', 'triumph:later-carthaginian', '--html', '-o', join(f.dir, 'table.html')],
    exit: 0,
    says: /^Wrote the phone page to .*table\.html: open it on the phone; it needs no network\./
  },
  { args: () => ['help'], exit: 0, says: /Usage: muster \[options\] \[command\]/ },
  { args: () => ['help', 'validate'], exit: 0, says: /Usage: muster validate/ },
  { args: () => ['library', 'help'], exit: 0, says: /Usage: muster library/ },
  // a group alone is a usage error that shows its subcommands
  { args: () => ['library'], exit: 2, says: /Usage: muster library \[options\] \[command\][\s\S]*restore <file>/ },
  { args: () => ['meshwesh'], exit: 2, says: /Usage: muster meshwesh \[options\] \[command\][\s\S]*sync \[options\]/ },
  { args: () => ['meshwesh', 'help', 'sync'], exit: 0, says: /Usage: muster meshwesh sync/ }
]

/** The command tree of the built bundle, what bin/muster.js runs. */
function shippedCommands(): string[] {
  const bundle = createRequire(__filename)(join(repoRoot, 'build', 'cli.cjs')) as { commandPaths?: () => string[] }
  expect(bundle.commandPaths, 'the built CLI lists its commands (npm run build:cli)').toBeTypeOf('function')
  return bundle.commandPaths!()
}

/** The command a run's arguments name: the longest command path they start with. */
function commandOf(args: string[], paths: string[]): string | undefined {
  return paths.filter((p) => p.split(' ').every((w, i) => args[i] === w)).sort((a, b) => b.length - a.length)[0]
}

const files: Files = {} as Files
/** Each file by its name, for the tests' titles (written before the files are made). */
const placeholders = new Proxy({} as Files, {
  get: (_, key) => (key === 'said' ? new Proxy({}, { get: (_s, k) => `<${String(k)}>` }) : key === 'server' ? { url: '<server>' } : `<${String(key)}>`)
})

beforeAll(async () => {
  const dir = tmp()
  const write = (file: string, doc: unknown) => (writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2)), file)
  mkdirSync(join(dir, 'rosters'))
  mkdirSync(join(dir, 'subs'))
  mkdirSync(join(dir, 'update', 'triumph'), { recursive: true })
  mkdirSync(join(dir, 'lists'))
  Object.assign(files, {
    dir,
    legal: write(join(dir, 'legal.muster.json'), { ...legalRoster(), name: 'Legio XX' }),
    illegal: join(dir, 'illegal.muster.json'),
    rosters: join(dir, 'rosters'),
    subs: join(dir, 'subs'),
    event: write(join(dir, 'event.json'), { format: 'muster-event', version: 1, name: 'Shipped Cup', ruleset: 'triumph' }),
    update: join(dir, 'update'),
    db: join(dir, 'library.sqlite'),
    restored: join(dir, 'restored.sqlite'),
    backup: join(dir, 'backup.json'),
    exported: join(dir, 'exported'),
    decoded: join(dir, 'decoded.muster.json'),
    meshwesh: join(dir, 'meshwesh'),
    meshweshList: join(dir, 'lists', syntheticId(1)),
    said: {}
  } satisfies Files)
  copyFileSync(join(repoRoot, 'examples', 'triumph-illegal.muster.json'), files.illegal)
  mkdirSync(files.exported)
  write(join(files.rosters, 'legio.muster.json'), { ...legalRoster(), name: 'Legio XX' })
  copyFileSync(join(repoRoot, 'examples', 'triumph-illegal.muster.json'), join(files.rosters, 'illegal.muster.json'))
  // the wrg-1969 list has no edition 'qrs-2018': said apart, not an error
  copyFileSync(join(repoRoot, 'examples', 'wrg-1969-legal.muster.json'), join(files.rosters, 'wrg.muster.json'))
  const wrgSide = { roster: 'rosters/wrg.muster.json', losses: [{ unit: 1, lost: 3 }] }
  write(join(dir, 'game.json'), { format: 'muster-game', version: 1, sides: [wrgSide, { ...wrgSide, losses: [] }], agreed: { winner: 0 } })
  for (const player of ['Alice', 'Bob']) write(join(files.subs, `${player.toLowerCase()}.muster.json`), { ...legalRoster(), player })
  // Elite Foot at 5 a stand: the Roman list's 4 stands cost 4 more
  write(join(files.update, 'triumph', 'costs.json'), { ruleset: 'triumph', costs: { 'elite-foot': 5 } })
  // three made-up lists, served as the real site serves them; the first also imported from a file
  writeFileSync(files.meshweshList, JSON.stringify(syntheticList(1)))
  files.server = await startMeshweshServer({
    fixtures: writeMeshweshFolder(
      join(dir, 'meshwesh-site'),
      [1, 2, 3].map((n) => syntheticList(n))
    )
  })
})

afterAll(async () => {
  await files.server?.close()
})

/** The commands whose runs have run (not skipped), for the coverage test at the end. */
const ran = new Set<string>()

describe('the shipped CLI (bin/muster.js, built), every command', () => {
  it('every command and subcommand of the built bundle has a run below', () => {
    const paths = shippedCommands()
    expect(paths).toEqual(expect.arrayContaining(['validate', 'library', 'library import', 'recheck', 'meshwesh sync', 'help', 'library help']))
    const covered = new Set(runs.map((r) => commandOf(r.args(placeholders), paths)))
    expect(paths.filter((p) => !covered.has(p))).toEqual([])
  })

  it('the built bundle holds no native import(), which its vm.Script loader cannot run', () => {
    const bundle = readFileSync(join(repoRoot, 'build', 'cli-main.cjs'), 'latin1')
    expect(bundle.split('\n').filter((line) => /(?<![\w$.'"`])import\s*\(/.test(line))).toEqual([])
  })

  // In order: later runs read what earlier ones wrote (the library, a share code, a check code).
  for (const run of runs) {
    it(`muster ${run.args(placeholders).join(' ')}`, async () => {
      const args = run.args(files)
      const opts = { env: run.env?.(files), input: run.input?.(files), timeoutMs: 60_000 }
      const r = run.async ? await musterAsync(args, opts) : muster(args, opts)
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(run.exit)
      expect(r.stdout + r.stderr).toMatch(run.says)
      expect(r.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/)
      run.after?.(r, files)
      ran.add(commandOf(args, shippedCommands())!)
    })
  }

  it('every command and subcommand ran above, and passed (none skipped)', () => {
    const paths = shippedCommands()
    expect(paths.filter((p) => !ran.has(p))).toEqual([])
  })
})
