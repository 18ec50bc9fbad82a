// Runs @doyensec/electronegativity over the built app (out/) and fails on any finding that is not
// reviewed and listed, with its reason, in security/electronegativity-allow.json. Uses the
// scanner's own runner (its CLI breaks when another commander version is installed beside it).
import { readFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const base = join(dirname(require.resolve('@doyensec/electronegativity/package.json')), 'dist')
const input = join(root, 'out')
if (!existsSync(join(input, 'main', 'main.js'))) {
  console.error('security scan: build the app first (npx electron-vite build)')
  process.exit(2)
}

await require(join(base, 'locales', 'i18n.js'))()
const run = require(join(base, 'runner.js'))
const electron = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version
const result = await run(
  {
    input,
    isSarif: false,
    customScan: [],
    excludeFromScan: ['availablesecurityfixesglobalcheck'],
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: electron,
    parserPlugins: []
  },
  false
)
const allow = JSON.parse(readFileSync(join(root, 'security', 'electronegativity-allow.json'), 'utf8')).allowed
const unexpected = []
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// out/phone is the phone page (vite.phone.config.mts): a web page for a phone's browser, which Electron
// never loads; its threat model is security/local-server.md. Its findings are said, not counted.
const phonePage = (issue) => issue.file.replace(/\\/g, '/').startsWith('phone/')
for (const issue of result.issues.filter(phonePage))
  console.log(`phone page ${issue.id} ${issue.file}:${issue.location.line} (${issue.severity.name}): not an Electron page (security/local-server.md)`)
for (const issue of result.issues.filter((i) => !phonePage(i))) {
  // A bundle's file name carries its content hash: an allowed entry may write it as '*'.
  const ok = allow.find((a) => a.id === issue.id && new RegExp(`^${a.file.split('*').map(escape).join('[^/]*')}$`).test(issue.file))
  const where = `${issue.file}:${issue.location.line}:${issue.location.column}`
  console.log(
    `${ok ? 'accepted ' : 'FINDING  '} ${issue.id} ${where} (${issue.severity.name}, ${issue.confidence.name}): ${issue.description}${ok ? `\n           reason: ${ok.reason}` : ''}`
  )
  if (!ok) unexpected.push(issue)
}
if (result.errors.length) console.log(`scanner errors: ${result.errors.map((e) => `${e.file}: ${e.message ?? e}`).join('; ')}`)
console.log(
  `electronegativity ${result.globalChecks} global + ${result.atomicChecks} atomic checks on Electron ${electron}: ${result.issues.filter((i) => !phonePage(i)).length} finding(s) in the app, ${unexpected.length} not reviewed`
)
process.exit(unexpected.length ? 1 : 0)
