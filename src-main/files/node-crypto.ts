// node:crypto loaded when first used, not when a module that may use it loads: it brings some fifteen
// internal modules, about 2 ms of every `muster` start (4% of `node -e 0`), and most starts hash nothing.
import type { Hash } from 'node:crypto'

const crypto = () => process.getBuiltinModule('node:crypto')

export type { Hash }
export const createHash = (algorithm: string): Hash => crypto().createHash(algorithm)
export const randomBytes = (size: number): Buffer => crypto().randomBytes(size)
