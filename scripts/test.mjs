// `npm test`: everything CI checks, stopping at the first failure. First the checks and builds run
// side by side (two at a time: one per core here): better-sqlite3's module for this Node when it is
// missing (scripts/node-sqlite.mjs: .ci/run installs without it, so its compile runs beside the other
// checks instead of before them), build the CLI bundle, type-check every side and lint (one
// TypeScript program per project for both: scripts/types-and-lint.mjs), check the formatting and the
// imports, build the app and, once it is built, scan it (electronegativity). Each step's output is
// printed whole when it ends, with its time. Then vitest, every tier (which ends with "Tests: N
// passed, N failed, N skipped").
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

const checks = [
  // first: when it has to compile, it is the longest step
  ['better-sqlite3 for this Node (built if missing)', 'node', ['scripts/node-sqlite.mjs']],
  ['build the CLI', 'node', ['scripts/build-cli.mjs']],
  // one program per TypeScript project, type-checked and then linted (scripts/types-and-lint.mjs)
  // the three programs and ESLint in one process peak at about 2.7 GB: a heap limit that does not
  // depend on the machine's memory (V8's default is a quarter of it, 2 GB on an 8 GB machine)
  ['type-check every side, then lint (type-aware)', 'node', ['--max-old-space-size=4096', 'scripts/types-and-lint.mjs']],
  ['build the app (electron-vite)', 'npx', ['electron-vite', 'build']],
  ['build the phone page (vite)', 'npx', ['vite', 'build', '-c', 'vite.phone.config.mts']],
  ['format (prettier; `npm run format` fixes it)', 'npm', ['run', '--silent', 'format:check']],
  [
    'imports: no cycles, each folder only what it may use (dependency-cruiser)',
    'npx',
    ['depcruise', 'src-main', 'src-renderer', 'src-phone', 'src-shared', '--output-type', 'err']
  ],
  // last in the queue, so the app's build (above) has long started; it waits for it to end
  ['security scan (electronegativity)', 'node', ['scripts/security-scan.mjs'], {}, 'pipe', 'build the app (electron-vite)']
]
// every tier (vitest.config.mts); the CLI and the app are built above, once
const tests = ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)], { MUSTER_BUILT: '1' }, 'inherit']

const running = new Set()
const ended = new Map() // label -> the promise of its step's end

async function run(step) {
  const [label, , , , , needs] = step
  if (needs) await ended.get(needs)
  const end = start(step)
  ended.set(label, end)
  return end
}

function start([label, cmd, args, env, stdio = 'pipe']) {
  return new Promise((resolve) => {
    const started = Date.now()
    if (stdio === 'inherit') process.stdout.write(`\n== ${label}\n`)
    const child = spawn(cmd, args, { stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    running.add(child)
    const out = []
    child.stdout?.on('data', (d) => out.push(d))
    child.stderr?.on('data', (d) => out.push(d))
    child.on('close', (status, signal) => {
      running.delete(child)
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      if (stdio !== 'inherit') process.stdout.write(`\n== ${label} (${seconds} s)\n${Buffer.concat(out).toString('utf8')}`)
      if (status !== 0) {
        process.stdout.write(`\nnpm test: ${label} failed (exit ${status ?? signal})\n`)
        for (const other of running) other.kill()
        process.exit(status || 1)
      }
      resolve()
    })
  })
}

async function pool(steps, width) {
  const queue = [...steps]
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) await run(queue.shift())
    })
  )
}

await pool(checks, Math.max(1, Math.min(2, availableParallelism())))
await run(tests)
