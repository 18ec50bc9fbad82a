// Running a child to whom file permissions apply. Permissions do not stop root, so as root the child
// runs under setpriv without the capabilities that override them (it stays root: it can still read
// the checkout wherever it is). Where that cannot be done (no setpriv, no right to drop capabilities,
// or then no way into the checkout) the tests that need it skip, or on CI fail (tools.ts).
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from './engine'
import { toolOrSkip } from './tools'

const asRoot = process.getuid?.() === 0
const DROP_CAPS = ['--inh-caps=-all', '--bounding-set=-dac_override,-dac_read_search,-fowner']

/** The command that runs Node as a process file permissions apply to. */
export const unprivilegedNode: string[] = asRoot ? ['setpriv', ...DROP_CAPS, process.execPath] : [process.execPath]

function probe(): boolean {
  if (!asRoot) return true
  const dir = mkdtempSync(join(tmpdir(), 'muster-probe-'))
  try {
    chmodSync(dir, 0o555)
    // it must still read the checkout, and must now be refused a write into a 0555 folder
    const script = `const fs = require('node:fs'); fs.accessSync(${JSON.stringify(join(repoRoot, 'bin', 'muster.js'))}, fs.constants.R_OK); try { fs.writeFileSync(${JSON.stringify(join(dir, 'x'))}, ''); process.exit(3) } catch { process.exit(0) }`
    return spawnSync(unprivilegedNode[0], [...unprivilegedNode.slice(1), '-e', script]).status === 0
  } finally {
    chmodSync(dir, 0o755)
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Whether file permissions can be made to apply to a child here (checked once, for real); on CI they must. */
export const permissionsApply: boolean = !!toolOrSkip(
  'setpriv (util-linux), able to drop capabilities',
  probe() || undefined,
  'apt-get install util-linux, run with CAP_SETPCAP'
)
