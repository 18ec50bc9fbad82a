// A play sheet as text for a URL fragment (`#s=<this>`): the sheet's JSON, raw-deflated (fflate, small
// and pure, the same code in the app, the CLI and the phone page) and written base64url. The fragment is
// never sent to a server, so the rosters reach the phone without any server log seeing them.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate'
import type { PlaySheet } from './types'

/** A link that holds no sheet Muster can read, in players' words. */
export class SheetLinkError extends Error {
  override name = 'SheetLinkError'
}

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

export function fromBase64url(text: string): Uint8Array {
  if (text.length % 4 === 1) throw new SheetLinkError('the link is cut short')
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8))
  let bits = 0
  let acc = 0
  let at = 0
  for (const c of text) {
    const v = VALUE.get(c)
    if (v === undefined) throw new SheetLinkError('the link has a character no Muster link holds')
    acc = (acc << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes[at++] = (acc >> bits) & 255
    }
  }
  return bytes
}

export function encodeSheet(sheet: PlaySheet): string {
  return toBase64url(deflateSync(strToU8(JSON.stringify(sheet)), { level: 9 }))
}

/** The sheet a link holds; a damaged or foreign one is a SheetLinkError, never half a sheet. */
export function decodeSheet(text: string): PlaySheet {
  let json: string
  try {
    json = strFromU8(inflateSync(fromBase64url(text)))
  } catch (e) {
    throw e instanceof SheetLinkError ? e : new SheetLinkError('the link is damaged: copy it again')
  }
  let sheet: unknown
  try {
    sheet = JSON.parse(json)
  } catch {
    throw new SheetLinkError('the link is damaged: copy it again')
  }
  const s = sheet as Partial<PlaySheet> | null
  if (!s || s.format !== 'muster-play-sheet' || s.version !== 1 || !Array.isArray(s.sides) || s.sides.length !== 2) {
    throw new SheetLinkError('the link holds no game sheet of this version of Muster')
  }
  return s as PlaySheet
}

/** The fragment's parameters (after '#'): `s` the sheet, `sync` set when Muster serves the page and takes its taps back. */
export function sheetFragment(sheet: PlaySheet, opts: { sync?: boolean } = {}): string {
  return `s=${encodeSheet(sheet)}${opts.sync ? '&sync=1' : ''}`
}

/** Reads `#s=...&sync=1` (with or without the '#'); null when it names no sheet. */
export function readFragment(hash: string): { sheet: PlaySheet; sync: boolean } | null {
  const params = new Map(
    hash
      .replace(/^#/, '')
      .split('&')
      .filter(Boolean)
      .map((p) => {
        const at = p.indexOf('=')
        return at < 0 ? ([p, ''] as const) : ([p.slice(0, at), p.slice(at + 1)] as const)
      })
  )
  const s = params.get('s')
  if (!s) return null
  return { sheet: decodeSheet(s), sync: params.get('sync') === '1' }
}
