// `npm test`'s type-check and lint in one process: each TypeScript project (tsconfig.node.json,
// tsconfig.web.json, tsconfig.components.json) made into one program, its errors reported as tsc
// reports them, and the same programs then given to ESLint's type-aware rules (typescript-eslint's
// parserOptions.programs), where `tsc -p` three times and `eslint .` made each program twice and
// parsed the files they share once per program. `npm run typecheck` and `npm run lint` stay as they
// were, for one check on its own.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { ESLint } from 'eslint'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const PROJECTS = ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.components.json']

/** A file parsed once for every project that has it (the same compiler target: the same tree). */
const parsed = new Map()
function program(config) {
  const { config: json, error } = ts.readConfigFile(join(root, config), ts.sys.readFile)
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'))
  const { options, fileNames, errors, projectReferences } = ts.parseJsonConfigFileContent(json, ts.sys, root, undefined, join(root, config))
  const host = ts.createCompilerHost(options)
  const read = host.getSourceFile
  host.getSourceFile = (fileName, version, ...rest) => {
    const key = `${fileName}\0${typeof version === 'object' ? JSON.stringify(version) : version}`
    if (!parsed.has(key)) parsed.set(key, read.call(host, fileName, version, ...rest))
    return parsed.get(key)
  }
  return { errors, program: ts.createProgram({ rootNames: fileNames, options, host, projectReferences }) }
}

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }
const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics
const count = (n, what) => (n ? `${n} ${what}${n === 1 ? '' : 's'}` : `no ${what}s`)
let failed = false
const programs = []
for (const config of PROJECTS) {
  const started = Date.now()
  const made = program(config)
  const problems = [...made.errors, ...ts.getPreEmitDiagnostics(made.program)]
  programs.push(made.program)
  console.log(`type-check (${config}): ${count(problems.length, 'error')} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
  if (problems.length) {
    failed = true
    console.log(format(problems, formatHost))
  }
}

const started = Date.now()
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.{ts,tsx,mts}'], languageOptions: { parserOptions: { programs } } }]
})
const results = await eslint.lintFiles(['.'])
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0)
console.log(`lint (type-aware, no warning allowed) of ${results.length} files: ${count(problems, 'problem')} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
if (problems) {
  failed = true
  console.log((await eslint.loadFormatter('stylish')).format(results))
}
process.exit(failed ? 1 : 0)
