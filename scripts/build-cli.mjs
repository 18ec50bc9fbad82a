// Bundles the `muster` CLI (TypeScript in src-main) so `npx muster` starts fast. Runs on `npm ci`
// (prepare), before the tests and before benchmarks. Native and data files stay outside the bundle.
// Each command imports what only it needs when it runs (import() in its action), which esbuild
// leaves unevaluated until then: `muster validate` never evaluates the PDF, event or SQLite code.
//
// What a start of `muster validate FILE` does not pay for (`npm run bench -- startup` times it):
// - compiling its ruleset's roster structure schema: each bundled ruleset's is compiled here by ajv
//   into standalone code, from schemas/ and data/ as they are now (src-main/rules/structure-codegen.ts),
//   and bundled in place of src-main/cli/structure-validators.ts; src-main/rules/precompiled.ts uses
//   one only while the schema is the very one compiled here. Made fresh by every build, never by hand.
//   The same for `muster game` (`npm run bench -- game`): the validators of game files, result slips
//   and rosters checked as imported (src-main/rules/schema-codegen.ts), in place of
//   src-main/cli/schema-validators.ts, used while their files in schemas/ read as they did here.
// - Node's process, network and stream modules: commander's `require('node:child_process')` (for
//   subcommands run as programs, which muster has none of) is made lazy.
// - parsing the bundle and compiling the functions of its path: build/cli.cjs, what bin/muster.js
//   requires, runs the bundle (build/cli-main.cjs) through a V8 code cache (cli-main.cache, made
//   here by running `muster validate` of the example rosters once). V8 refuses a cache made by
//   another Node or with other flags, and the loader one made for another build of the bundle; then
//   the bundle simply runs without it.
// - no native import() in the bundle: a vm.Script has no loader for one ("A dynamic import callback
//   was not specified", what `recheck --against` once failed with as shipped), so esbuild writes each
//   import() as a require() called when it runs (still lazy), and the build fails if one is left.
import { build, transform } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { basename, dirname, join } from 'node:path'
import { tmpdir } from 'node:os'
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outDir = join(root, 'build')
const common = { bundle: true, platform: 'node', mainFields: ['module', 'main'], target: 'node20', format: 'cjs', logLevel: 'warning' }

/** Written whole or not at all (a build running beside another, or beside a test that runs the CLI, never meets half a file). */
function writeWhole(file, contents) {
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, contents)
  renameSync(temp, file)
}

/**
 * The bundle runs through vm.Script (build/cli.cjs), where a native import() fails when called,
 * never at start: refuse to build one. Both what esbuild says it left and the text itself.
 */
function nativeImportsRefused(metafile, text) {
  const left = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path))
  const lines = text.split('\n').flatMap((line, i) => (/(?<![\w$.'"`])import\s*\(/.test(line) ? [`  line ${i + 1}: ${line.trim().slice(0, 120)}`] : []))
  if (left.length === 0 && lines.length === 0) return
  process.stderr.write(
    `build-cli: the CLI bundle has a native import(), which fails under its vm.Script loader; use a static import or one esbuild turns into require():\n${[...left.map((p) => `  import('${p}')`), ...lines].join('\n')}\n`
  )
  process.exit(1)
}

/** Runs a CommonJS bundle made in memory as if it were a file in build/ (its __dirname finds the project root). */
function runBundle(code, name) {
  const filename = join(outDir, name)
  const module = { exports: {} }
  new Function('module', 'exports', 'require', '__filename', '__dirname', code)(module, module.exports, createRequire(filename), filename, outDir)
  return module.exports
}

// The structure validators and the project schemas' validators (`muster game`'s), generated from the
// schemas and data as they are now.
const codegen = await build({
  ...common,
  entryPoints: [join(root, 'src-main/rules/structure-codegen.ts'), join(root, 'src-main/rules/schema-codegen.ts')],
  outdir: outDir,
  write: false
})
const codegenOf = (name) => runBundle(codegen.outputFiles.find((f) => f.path.endsWith(`${name}.js`)).text, `${name}.cjs`)
// Minified: no one reads generated code, and a start reads less.
const minified = (modules) =>
  Promise.all(
    modules.map(async ({ key, code }) => ({
      key,
      code: (await transform(code, { minify: true, format: 'cjs', platform: 'node', target: 'node20', charset: 'ascii' })).code
    }))
  )
const structures = await minified(
  codegenOf('structure-codegen')
    .structureModules()
    .map(({ rulesetId, code }) => ({ key: rulesetId, code }))
)
const schemaModules = await minified(
  codegenOf('schema-codegen')
    .schemaModules()
    .map(({ id, code }) => ({ key: id, code }))
)

/**
 * A placeholder of src-main/cli (`file`, exporting `name`: an empty record) in the bundle: each
 * generated module by its key, evaluated when first asked for.
 */
function generatedModules(file, name, modules) {
  const namespace = `muster-${file.replace(/\.ts$/, '')}`
  return {
    name: namespace,
    setup(b) {
      const placeholder = join(root, 'src-main', 'cli', file)
      b.onLoad({ filter: new RegExp(`[\\\\/]${file.replace('.', '\\.')}$`) }, (args) => {
        if (args.path !== placeholder) return undefined
        const entries = modules.map((m, i) => `  ${JSON.stringify(m.key)}: () => require(${JSON.stringify(`${namespace}:${i}`)})`)
        return { contents: `exports.${name} = {\n${entries.join(',\n')}\n}\n`, loader: 'js' }
      })
      b.onResolve({ filter: new RegExp(`^${namespace}:`) }, (args) => ({ path: args.path.slice(namespace.length + 1), namespace }))
      // ajv's standalone code requires its small runtime helpers (string length, deep equality): bundled in.
      b.onLoad({ filter: /.*/, namespace }, (args) => ({ contents: modules[Number(args.path)].code, loader: 'js', resolveDir: root }))
    }
  }
}

/** src-main/cli/structure-validators.ts in the bundle: each ruleset's generated structure validator. */
const structureValidators = generatedModules('structure-validators.ts', 'structureValidators', structures)
/** src-main/cli/schema-validators.ts in the bundle: the generated validators of game files, result slips and imported rosters. */
const schemaValidators = generatedModules('schema-validators.ts', 'schemaValidators', schemaModules)

/** commander's child_process, loaded when first used (never, for muster) instead of when commander loads. */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined
    )
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: `let real
const load = () => (real ??= require('node:child_process'))
module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() })
`,
      loader: 'js'
    }))
  }
}

// The bundle; an id of this build ends it, so the loader can tell its own cache from another build's.
const bundle = await build({
  ...common,
  entryPoints: [join(root, 'src-main/cli/main.ts')],
  outfile: join(outDir, 'cli-main.cjs'),
  // Native modules, and the big libraries only some commands load (the PDF reader of the event check,
  // its CSV writer), come from node_modules when used: a start reads half the bundle it would.
  external: ['better-sqlite3', 'electron', 'pdfmake', 'pdf-lib', 'papaparse'],
  // ASCII only (esbuild escapes the rest), so the loader reads it as latin1, the cheapest decoding.
  charset: 'ascii',
  plugins: [lazyChildProcess, structureValidators, schemaValidators],
  sourcemap: true,
  // import() as Promise.resolve().then(() => require(...)): evaluated as late, and runnable under vm.Script
  supported: { 'dynamic-import': false },
  metafile: true,
  write: false
})
const js = bundle.outputFiles.find((f) => f.path.endsWith('.cjs'))
nativeImportsRefused(bundle.metafile, js.text)
const map = bundle.outputFiles.find((f) => f.path.endsWith('.map'))
const buildId = createHash('sha256').update(js.contents).digest('hex').slice(0, 16)
const mainCode = `${js.text}//# muster-build ${buildId}\n`
mkdirSync(outDir, { recursive: true })
rmSync(join(outDir, 'cli-main.cache'), { force: true })
rmSync(join(outDir, 'cli.cjs.map'), { force: true })
writeWhole(join(outDir, 'cli-main.cjs'), mainCode)
writeWhole(map.path, map.contents)

// The loader. The build id is read from the end of the bundle it runs and from the head of the cache.
writeWhole(
  join(outDir, 'cli.cjs'),
  `// Written by scripts/build-cli.mjs: runs cli-main.cjs (the muster CLI bundle) with the V8 code cache
// cli-main.cache when that cache was made for this very bundle.
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const vm = require('node:vm')
const Module = require('node:module')
const file = path.join(__dirname, 'cli-main.cjs')
const cacheFile = path.join(__dirname, 'cli-main.cache')
const source = fs.readFileSync(file, 'latin1')
const tag = source.slice(source.lastIndexOf('//# muster-build ')).trim()
let cachedData
try {
  const cache = fs.readFileSync(cacheFile)
  const head = cache.indexOf(10)
  if (head > 0 && cache.toString('latin1', 0, head) === tag) cachedData = cache.subarray(head + 1)
} catch {}
const script = new vm.Script(Module.wrap(source), { filename: file, cachedData })
const bundled = new Module(file, module)
bundled.filename = file
bundled.paths = Module._nodeModulePaths(__dirname)
script.runInThisContext().call(bundled.exports, bundled.exports, Module.createRequire(file), bundled, file, __dirname)
bundled.loaded = true
module.exports = bundled.exports
/** Build time only: writes the cache of what has run so far. */
Object.defineProperty(module.exports, 'writeCodeCache', {
  value: () => {
    const temp = cacheFile + '.' + process.pid + '.tmp'
    fs.writeFileSync(temp, Buffer.concat([Buffer.from(tag + '\\n', 'latin1'), script.createCachedData()]))
    fs.renameSync(temp, cacheFile)
  }
})
`
)

// The code cache: what `muster validate` of each example roster compiles, then `muster game --json`
// of each ruleset's two example rosters (its legal one against its illegal one; a ruleset without
// rules of play is refused, and what it ran is cached all the same), in a process of its own.
// Measured: a game's start ~5 ms (a tenth of `node -e 0`) shorter with its path in the cache, a
// validate's the same (cache 1.6 -> 1.75 MB).
const examples = join(root, 'examples')
const rosters = readdirSync(examples)
  .filter((f) => f.endsWith('.muster.json'))
  .sort()
  .map((f) => join(examples, f))
const games = mkdtempSync(join(tmpdir(), 'muster-build-games-'))
const gameFiles = rosters.flatMap((legal) => {
  const illegal = legal.replace(/-legal\.muster\.json$/, '-illegal.muster.json')
  if (legal === illegal || !rosters.includes(illegal)) return []
  const file = join(games, basename(legal).replace(/\.muster\.json$/, '.game.json'))
  const losses = [{ unit: 0, lost: 1 }]
  writeFileSync(
    file,
    JSON.stringify({
      format: 'muster-game',
      version: 1,
      sides: [
        { roster: legal, losses },
        { roster: illegal, losses: [] }
      ]
    })
  )
  return [file]
})
const warm = `const cli = require(${JSON.stringify(join(outDir, 'cli.cjs'))})
const io = { out() {}, err() {} }
const games = ${JSON.stringify(gameFiles)}
cli
  .run(['--no-user-data', 'validate', ...${JSON.stringify(rosters)}], io)
  .then(() => games.reduce((done, file) => done.then(() => cli.run(['--no-user-data', 'game', file, '--json'], io)), Promise.resolve()))
  .then(() => cli.writeCodeCache())`
const made = spawnSync(process.execPath, ['-e', warm], { cwd: root, stdio: 'inherit' })
rmSync(games, { recursive: true, force: true })
// Without its cache the CLI works, only starts slower: say so, and let the build stand.
if (made.status !== 0) process.stderr.write(`build-cli: the code cache was not made (exit ${made.status ?? made.signal}); muster will start slower\n`)
