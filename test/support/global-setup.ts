// Builds the CLI bundle once before the suite, so CLI tests run the real `muster` binary.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

export default function setup(): void {
  execFileSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'build-cli.mjs')], { stdio: 'inherit' })
}
