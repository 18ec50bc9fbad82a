// The address `--lan` binds: this computer's first IPv4 address on a network (not the loopback).
import { networkInterfaces } from 'node:os'

export function lanAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  return null
}

/** No network to open a page to, in players' words. */
export class NoNetwork extends Error {
  override name = 'NoNetwork'
}

/** Where a server binds: this computer only (127.0.0.1), or its address on the network (`lan`); `why`: what to say when it is on none. */
export function servedHost(lan: boolean, why: string): string {
  const host = lan ? lanAddress() : '127.0.0.1'
  if (!host) throw new NoNetwork(why)
  return host
}
