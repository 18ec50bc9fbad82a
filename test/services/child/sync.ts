// A sync in a child process, to be killed mid-way: prints "list" per list fetched on its own and
// "enemies" per list whose enemies were asked for; `full` (third argument) refreshes the extras.
import { runMeshweshSync } from '../../../src-main/services/meshwesh/run'

const [root, baseUrl, full] = process.argv.slice(2)
void runMeshweshSync({
  root,
  baseUrl,
  dataDirsAbove: [],
  full: full === 'full',
  onProgress: (p) => (p.phase === 'lists' || p.phase === 'enemies') && p.done > 0 && process.stdout.write(`${p.phase === 'lists' ? 'list' : 'enemies'}\n`)
}).then((r) => process.stdout.write(`done ${r.status}\n`))
