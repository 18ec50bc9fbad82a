// The native lane: the source build of better-sqlite3 (about a minute of compiling, a tenth of the
// run) and the installer's packing (electron-builder, half a minute) run when what they prove can
// have changed, not on every `npm test`. Their inputs are the prestart's scripts, the native
// binding's loader, the installer's configuration and afterPack hook, and the lockfile (the packages
// it builds with and the dependencies the installer packs); their SHA-256 is stamped in
// verified-inputs.json when `npm run test:native-lane` passes. `npm test` runs both when the inputs
// differ from the stamp (or MUSTER_NATIVE_LANE=1), and otherwise says plainly that it left them out
// and why.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { repoRoot } from '../support/engine'

export const STAMP = join(repoRoot, 'test', 'native', 'verified-inputs.json')

/** Files and folders (walked) whose change can change the source build or the packed app. */
const FILES = ['scripts/native', 'scripts/electron-native.ts', 'src-main/native', 'electron-builder.yml', 'packaging/after-pack.cjs', 'package-lock.json']

function walk(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => walk(join(path, name)))
}

/** SHA-256 over the lane's inputs: each file's path and bytes. */
export function laneInputs(): string {
  const hash = createHash('sha256')
  for (const file of FILES.flatMap((f) => walk(join(repoRoot, f)))) {
    hash.update(relative(repoRoot, file).replaceAll('\\', '/') + '\0')
    hash.update(readFileSync(file))
  }
  return hash.digest('hex')
}

/** Whether this run runs the lane (the source build, the installer's packing), and why, in one line for the log. */
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
