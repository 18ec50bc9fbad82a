// node:crypto for all of src-main, loaded when first used, not when a module that may use it loads: it
// brings some fifteen internal modules, about 2 ms of every `muster` start (4% of `node -e 0`), and
// most starts hash nothing. Lint refuses node:crypto anywhere else in src-main (eslint.config.mjs).
import type * as Crypto from 'node:crypto'

const crypto = (): typeof Crypto => process.getBuiltinModule('node:crypto')

export type { Hash, Hmac } from 'node:crypto'
export const createHash = (algorithm: string): Crypto.Hash => crypto().createHash(algorithm)
export const createHmac = (algorithm: string, key: Crypto.BinaryLike): Crypto.Hmac => crypto().createHmac(algorithm, key)
export const randomBytes = (size: number): Buffer => crypto().randomBytes(size)
export const randomUUID = (): string => crypto().randomUUID()
export const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView): boolean => crypto().timingSafeEqual(a, b)
