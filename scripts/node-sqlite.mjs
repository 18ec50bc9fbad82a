// `npm test`'s first check: better-sqlite3's native module for the Node running the tests. Nothing to
// do when it loads (a plain `npm ci` built it). When it is missing, as after `npm ci --ignore-scripts`
// (.ci/run installs that way), it is built here as its own install script would build it: a compile of
// about a minute on one core, which npm test runs beside its other checks instead of before them.
import { spawn, spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

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
  console.error(`better-sqlite3 still does not load after npm rebuild: ${before}`)
  process.exit(1)
}
console.log(`better-sqlite3 does not load (${before}): building it (npm rebuild better-sqlite3)`)
// In a process group of its own, so that when npm test stops this check (another failed), the
// compiler under npm and node-gyp stops too instead of building on, orphaned, into node_modules.
const build = spawn('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit', detached: true })
const stop = () => {
  try {
    process.kill(-build.pid, 'SIGTERM')
  } catch {
    // already gone
  }
  process.exit(1)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
const status = await new Promise((resolve) => {
  build.on('error', (e) => {
    console.error(`npm rebuild better-sqlite3 could not start: ${e.message}`)
    resolve(1)
  })
  build.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
})
if (status !== 0) process.exit(status)
// a fresh process: this one may have cached the failed load
const after = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--check-only'], { stdio: 'inherit' })
if (after.error) console.error(`could not check the build: ${after.error.message}`)
process.exit(after.status ?? 1)
