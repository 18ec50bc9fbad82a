// The native lane: the source build of better-sqlite3 (about a minute of compiling, a tenth of the
// run) runs when what it proves can have changed, not on every `npm test`. Its inputs are the
// prestart's scripts, the native binding's loader and the locked versions of the packages it builds
// with; their SHA-256 is stamped in verified-inputs.json when `npm run test:native-lane` passes.
// `npm test` runs the build when the inputs differ from the stamp (or MUSTER_NATIVE_LANE=1), and
// otherwise says plainly that it left it out and why.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { repoRoot } from '../support/engine'

export const STAMP = join(repoRoot, 'test', 'native', 'verified-inputs.json')

/** Files, folders (walked) and lockfile packages whose change can change the source build. */
const FILES = ['scripts/native', 'scripts/electron-native.ts', 'src-main/native']
const PACKAGES = /^node_modules\/(better-sqlite3|electron|node-gyp|prebuild-install|node-abi|@electron\/[^/]+)$/

function walk(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => walk(join(path, name)))
}

/** SHA-256 over the lane's inputs: each file's path and bytes, and the locked packages' versions and integrity. */
export function laneInputs(): string {
  const hash = createHash('sha256')
  for (const file of FILES.flatMap((f) => walk(join(repoRoot, f)))) {
    hash.update(relative(repoRoot, file).replaceAll('\\', '/') + '\0')
    hash.update(readFileSync(file))
  }
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; integrity?: string }> }
  for (const name of Object.keys(lock.packages)
    .filter((n) => PACKAGES.test(n))
    .sort()) {
    const p = lock.packages[name]
    hash.update(`${name}@${p.version ?? ''}#${p.integrity ?? ''}\0`)
  }
  return hash.digest('hex')
}

/** Whether this run builds from source, and why, in one line for the log. */
export function nativeLane(): { run: boolean; why: string } {
  if (process.env.MUSTER_NATIVE_LANE === '1') return { run: true, why: 'asked for (MUSTER_NATIVE_LANE=1)' }
  const stamp = existsSync(STAMP) ? (JSON.parse(readFileSync(STAMP, 'utf8')) as { inputs?: string; verifiedAt?: string }) : {}
  const now = laneInputs()
  if (stamp.inputs !== now) return { run: true, why: 'its inputs changed since the last verified run' }
  return {
    run: false,
    why: `its inputs are unchanged since it passed on ${stamp.verifiedAt ?? 'an earlier run'}; \`npm run test:native-lane\` runs it`
  }
}

// `tsx test/native/lane.ts --print`: the inputs' hash, for scripts/native-lane.mjs to stamp.
if (process.argv.includes('--print')) process.stdout.write(laneInputs())
