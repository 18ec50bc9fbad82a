// `npm test`'s type-check and lint in one process (docs/adr/0030-types-and-lint.md): each TypeScript
// project that tsconfig.json references made into one program, its errors reported as `tsc -p`
// reports them, and the same programs then given to ESLint's type-aware rules (typescript-eslint's
// parserOptions.programs), which would otherwise build each program again. `npm run typecheck` and
// `npm run lint` are the plain tools, for one check on its own.
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { ESLint } from 'eslint'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`
const count = (n, what) => (n ? `${n} ${what}${n === 1 ? '' : 's'}` : `no ${what}s`)

/** The projects, in tsconfig.json's order (the first that has a file lints it, as parserOptions.project does). */
function projects() {
  const { config, error } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
  if (error) throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`)
  return config.references.map((r) => join(root, r.path))
}

/**
 * A file parsed once for every program whose settings give the same tree: keyed as TypeScript's own
 * document registry keys the files it shares between projects (the settings that change how a file
 * is parsed or bound), with the language version and module format it is read as.
 */
const registry = ts.createDocumentRegistry()
const sourceFiles = new Map()
function compilerHost(options) {
  const host = ts.createCompilerHost(options)
  const read = host.getSourceFile
  const settings = registry.getKeyForCompilationSettings(options)
  host.getSourceFile = (fileName, version, onError, shouldCreate) => {
    const as = typeof version === 'object' ? `${version.languageVersion}|${version.impliedNodeFormat}|${version.jsDocParsingMode}` : String(version)
    const key = `${fileName}\0${settings}\0${as}`
    if (!sourceFiles.has(key)) sourceFiles.set(key, read.call(host, fileName, version, onError, shouldCreate))
    return sourceFiles.get(key)
  }
  return host
}

/** A project's program, made as `tsc -p CONFIG --noEmit` makes it. */
function createProject(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(`${relative(root, config)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
      }
    }
  )
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: compilerHost(parsed.options),
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors
  })
  return { config, program, roots: parsed.fileNames.map((f) => relative(root, f)) }
}

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }
const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics
let failed = false
const made = []
for (const config of projects()) {
  const started = Date.now()
  const project = createProject(config)
  const problems = ts.getPreEmitDiagnostics(project.program)
  made.push(project)
  console.log(`type-check (${relative(root, config)}): ${count(problems.length, 'error')} (${seconds(started)})`)
  if (problems.length) {
    failed = true
    console.log(format(problems, formatHost))
  }
}

// Each file linted with the program of the first project that has it among its own files, as
// parserOptions.project picks (a later config wins in ESLint, so the first project comes last); any
// other file with every program.
const started = Date.now()
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    { files: ['**/*.{ts,tsx,mts}'], languageOptions: { parserOptions: { programs: made.map((p) => p.program) } } },
    ...made.toReversed().map((p) => ({ files: p.roots, languageOptions: { parserOptions: { programs: [p.program] } } }))
  ]
})
const results = await eslint.lintFiles(['.'])
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0)
const peak = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(`lint (type-aware, no warning allowed) of ${results.length} files: ${count(problems, 'problem')} (${seconds(started)}; peak memory ${peak} MB)`)
if (problems) {
  failed = true
  console.log((await eslint.loadFormatter('stylish')).format(results))
}
// exitCode, not exit(): the report may still be on its way down the pipe
process.exitCode = failed ? 1 : 0
