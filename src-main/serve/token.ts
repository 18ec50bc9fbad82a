// The secret part of the phone page's address: 192 random bits, base64url (32 characters).
import { randomBytes, timingSafeEqual } from '../files/node-crypto'

export const newToken = (): string => randomBytes(24).toString('base64url')

/** Compared in constant time, so a guesser learns nothing from how long a wrong token takes. */
export function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}
