// base64url (RFC 4648 §5, no padding) for the codes and links both processes make: result codes
// (play/result-code.ts) and sheet links (play/sheet-link.ts). Pure and browser-safe: no Buffer, no atob.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]))

export function toBase64url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6))
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63]
  }
  return out
}

/** The bytes of base64url text; null when it is not base64url (a foreign character, a cut-short length). */
export function fromBase64url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8))
  let bits = 0
  let acc = 0
  let at = 0
  for (const c of text) {
    const v = VALUE.get(c)
    if (v === undefined) return null
    acc = ((acc << 6) | v) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes[at++] = (acc >> bits) & 255
    }
  }
  return bytes
}
