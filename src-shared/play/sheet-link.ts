// A play sheet as text for a URL fragment (`#s=<this>`): the sheet's JSON, raw-deflated (fflate, small
// and pure, the same code in the app, the CLI and the phone page) and written base64url, then a dot and a
// check value (as a result code's), so a changed character is refused, never read as another sheet. The fragment is
// never sent to a server, so the rosters reach the phone without any server log seeing them.
import { deflateSync, inflateSync, strToU8 } from 'fflate'
import { sha256 } from '@noble/hashes/sha2.js'
import { fromBase64url, toBase64url } from '../base64url'
import type { PlaySheet } from './types'

/** A link that holds no sheet Muster can read, in players' words. */
export class SheetLinkError extends Error {
  override name = 'SheetLinkError'
}

/** A sheet unpacks to far less than this (two rosters and the rules of play are tens of KB): past it, no sheet. */
export const MAX_SHEET_BYTES = 4 * 1024 * 1024
const CHECK_BYTES = 6
const DAMAGED = 'the link is damaged or incomplete: a character was changed, lost or added. Copy or scan the whole link again'

/** The check value of a link's payload: the first 48 bits of its SHA-256, as a result code has (8 base64url characters). */
const checkOf = (payload: string): string => toBase64url(sha256(new TextEncoder().encode(payload)).subarray(0, CHECK_BYTES))

/** A sheet as link text: `<payload>.<check>`, so a link with one character changed is refused whole. */
export function encodeSheet(sheet: PlaySheet): string {
  const payload = toBase64url(deflateSync(strToU8(JSON.stringify(sheet)), { level: 9 }))
  return `${payload}.${checkOf(payload)}`
}

/** The sheet a link holds; a damaged or foreign one is a SheetLinkError, never half a sheet. */
export function decodeSheet(text: string): PlaySheet {
  const dot = text.lastIndexOf('.')
  if (dot < 0) throw new SheetLinkError('the link is not a Muster game link, or was cut short: copy or scan the whole link again')
  const payload = text.slice(0, dot)
  const packed = fromBase64url(payload)
  if (!packed || text.slice(dot + 1) !== checkOf(payload)) throw new SheetLinkError(DAMAGED)
  let bytes: Uint8Array
  try {
    // Into a buffer one byte past the cap: a sheet that fills it is too large (fflate truncates, never overruns).
    bytes = inflateSync(packed, { out: new Uint8Array(MAX_SHEET_BYTES + 1) })
  } catch {
    throw new SheetLinkError(DAMAGED)
  }
  if (bytes.length > MAX_SHEET_BYTES)
    throw new SheetLinkError(`the link unpacks to more than ${MAX_SHEET_BYTES / 1024 / 1024} MB, more than any game sheet: it was not read`)
  let json: string
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new SheetLinkError(DAMAGED)
  }
  let sheet: unknown
  try {
    sheet = JSON.parse(json)
  } catch {
    throw new SheetLinkError('the link holds no game sheet (its text is not JSON)')
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
