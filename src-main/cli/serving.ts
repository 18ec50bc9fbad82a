// What the commands that serve a page to phones share (`muster play --serve`, `muster event serve`):
// the port they are given, a server that could not listen said in words, and serving until the
// server closes or Ctrl+C; the link said with who can open it.
import type { Io } from './io'
import { shorten } from './format'

/** --port as given: a number from 0 (a free port) to 65535, or the refusal in words. */
export function portOption(given: string | undefined): { port: number } | { refused: string } {
  const text = given ?? '0'
  const port = Number(text)
  return /^\d+$/.test(text) && port <= 65535 ? { port } : { refused: `--port is a number from 0 to 65535, not '${shorten(given ?? '')}'` }
}

/** Why the server could not listen on `port`, in words; undefined for any other fault. */
export function listenRefusal(e: unknown, port: number): string | undefined {
  const code = (e as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE' || code === 'EACCES') return `port ${port} is ${code === 'EADDRINUSE' ? 'in use' : 'not open to you'}: try --port 0`
  return undefined
}

/** Waits until the server closes, by itself or on Ctrl+C (or SIGTERM), which close it. */
export async function serveUntilStopped(server: { close: () => unknown; closed: Promise<unknown> }): Promise<void> {
  const stop = () => void server.close()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  await server.closed
  process.off('SIGINT', stop)
  process.off('SIGTERM', stop)
}

/**
 * The served page's link; then, open to the network (--lan), who can open it and its QR code (made only
 * then), else that only this computer can and how to let the phones in.
 */
export async function printLink(
  io: Io,
  link: string,
  lan: boolean | undefined,
  words: { lan: string; local: string },
  qr: () => Promise<string>
): Promise<void> {
  io.out(`${link}\n`)
  if (!lan) return io.out(`${words.local}\n`)
  io.out(`${words.lan}\n`)
  io.out(await qr())
}
