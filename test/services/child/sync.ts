// A sync in a child process, to be killed mid-way: prints "list" per list fetched.
import { runMeshweshSync } from '../../../src-main/services/meshwesh/run'

const [root, baseUrl] = process.argv.slice(2)
void runMeshweshSync({ root, baseUrl, dataDirsAbove: [], onProgress: (p) => p.phase === 'lists' && process.stdout.write('list\n') }).then((r) =>
  process.stdout.write(`done ${r.status}\n`)
)
