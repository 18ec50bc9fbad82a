// Issue 23's figures: a full Meshwesh sync from a loopback server with 20 ms added latency per
// request (goal < 15 s), and `muster validate` of one roster with the whole catalogue synced, as a
// ratio to `node -e 0` (goal at most 2x). The server runs in a child process, as a real one would.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { runMeshweshSync } from '../src-main/services/meshwesh/run'
import { startupBench } from './startup'

const root = join(__dirname, '..')
const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET')

async function serverChild(latencyMs: number, extra: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'meshwesh-server-child.ts'), String(latencyMs), String(extra)], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the bench's Meshwesh server ended (${code})`)))
  })
  return { url, stop: () => child.stdin!.end() }
}

export async function meshweshBench(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'muster-bench-mw-'))
  try {
    // The 600 real lists, timed; then 100 more (copies under new ids) for the catalogue at full size.
    const catalogue = join(home, 'meshwesh')
    for (const extra of [0, 100]) {
      const server = await serverChild(20, extra)
      try {
        const t0 = process.hrtime.bigint()
        const report = await runMeshweshSync({ root: catalogue, baseUrl: server.url, dataDirsAbove: [] })
        const s = Number(process.hrtime.bigint() - t0) / 1e9
        if (report.status !== 'published') throw new Error(`the sync ended ${report.status}: ${report.message}`)
        if (extra === 0) console.log(`Meshwesh sync of ${report.total} lists from a loopback server, 20 ms added latency per request, 4 at a time (${report.requests} requests): ${s.toFixed(1)} s (goal < 15 s, ${verdict(s < 15)})`)
        else console.log(`Meshwesh sync again with ${extra} lists added upstream (${report.downloaded} downloaded, ${report.unchanged} unchanged, ${report.requests} requests, most of them conditional): ${s.toFixed(1)} s`)
      } finally {
        server.stop()
      }
    }
    startupBench(21, { env: { ...process.env, MUSTER_MESHWESH: join(home, 'meshwesh') }, label: 'with the Meshwesh catalogue synced (700 lists)' })
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
