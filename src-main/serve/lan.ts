// The address `--lan` binds: this computer's first IPv4 address on a network (not the loopback).
import { networkInterfaces } from 'node:os'

export function lanAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  return null
}
