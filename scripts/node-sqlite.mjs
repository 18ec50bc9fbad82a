// `npm test`'s first check: better-sqlite3's native module for the Node running the tests. Nothing to
// do when it loads (a plain `npm ci` built it). When it is missing, as after `npm ci --ignore-scripts`
// (.ci/run installs that way), it is built here as its own install script would build it: a compile of
// about a minute on one core, which npm test runs beside its other checks instead of before them.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** undefined if the module loads and opens a database; else why not. */
function whyNot() {
  try {
    const Database = require('better-sqlite3')
    new Database(':memory:').close()
    return undefined
  } catch (e) {
    return e instanceof Error ? e.message.split('\n')[0] : String(e)
  }
}

const before = whyNot()
if (before === undefined) {
  console.log('better-sqlite3 loads: nothing to build')
  process.exit(0)
}
if (process.argv.includes('--check-only')) {
  console.error(`better-sqlite3 still does not load after its build: ${before}`)
  process.exit(1)
}
console.log(`better-sqlite3 does not load (${before}): building it (npm rebuild better-sqlite3)`)
const built = spawnSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' })
if (built.status !== 0) process.exit(built.status ?? 1)
// a fresh process: this one may have cached the failed load
const after = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--check-only'], { stdio: 'inherit' })
process.exit(after.status ?? 1)
