// `npm run test:native-lane`: the native lane (the source build of better-sqlite3 and the installer's
// packing), always, and on success the stamp of its inputs (test/native/verified-inputs.json), so
// `npm test` leaves it out until they change (test/native/lane.ts).
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'

const run = spawnSync('npx', ['vitest', 'run', '--project', 'native', 'test/native/source-build.test.ts', 'test/native/installer.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, MUSTER_NATIVE_LANE: '1' }
})
if (run.status !== 0) process.exit(run.status || 1)
const stamp = spawnSync('npx', ['tsx', 'test/native/lane.ts', '--print'], { encoding: 'utf8' })
if (stamp.status !== 0 || !/^[0-9a-f]{64}$/.test(stamp.stdout)) {
  process.stderr.write('native lane: could not hash its inputs\n' + stamp.stderr)
  process.exit(1)
}
writeFileSync('test/native/verified-inputs.json', JSON.stringify({ inputs: stamp.stdout, verifiedAt: new Date().toISOString().slice(0, 10) }, null, 2) + '\n')
process.stdout.write(`native lane: passed; inputs stamped in test/native/verified-inputs.json\n`)
