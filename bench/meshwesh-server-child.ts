// The loopback Meshwesh server in a process of its own for the bench, as a real server would be:
// its work (serialising lists, ETags) must not share the syncing process's thread. Prints its URL,
// serves until stdin closes. `extra` more lists (copies of real ones under new ids) make ~700;
// `no-etags` (third argument) serves no validators, as some servers and caches do.
import { startMeshweshServer } from '../test/support/meshwesh-server'

async function main(): Promise<void> {
  const latencyMs = Number(process.argv[2] ?? 0)
  const extra = Number(process.argv[3] ?? 0)
  const server = await startMeshweshServer({ latencyMs, frozen: true, etags: process.argv[4] !== 'no-etags' })
  const lists = [...server.lists.values()]
  for (let i = 0; i < extra; i++) {
    const copy = structuredClone(lists[i % lists.length])
    copy.id = (0xc0ffee000000 + i).toString(16).padStart(24, '0')
    copy.name = `${copy.name} (bench copy ${i + 1})`
    copy.sublistId = `x${i}`
    server.add(copy)
  }
  process.stdout.write(`${server.url}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)))
}
void main()
