// The play sheet in a URL fragment (src-shared/play/sheet-link.ts) and the phone's posted taps
// (src-shared/play/tap-base.ts): round trips, and damage refused in words, never half-read.
import { describe, expect, it } from 'vitest'
import { decodeSheet, encodeSheet, readFragment, sheetFragment, SheetLinkError } from '../../src-shared/play/sheet-link'
import { fromBase64url, toBase64url } from '../../src-shared/base64url'
import { sharedStart, tapsBase } from '../../src-shared/play/tap-base'
import type { Tap } from '../../src-shared/play/types'
import { fixtureSheet } from '../components/play-fixture'

describe('sheet links', () => {
  it('base64url round-trips every length of bytes', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255)
      const text = toBase64url(bytes)
      expect(text).toBe(Buffer.from(bytes).toString('base64url'))
      expect([...fromBase64url(text)!]).toEqual([...bytes])
    }
  })

  it('a sheet travels whole in a fragment, with or without the sync mark', () => {
    const sheet = fixtureSheet()
    expect(decodeSheet(encodeSheet(sheet))).toEqual(sheet)
    expect(readFragment(`#${sheetFragment(sheet, { sync: true })}`)).toEqual({ sheet, sync: true })
    expect(readFragment(sheetFragment(sheet))).toEqual({ sheet, sync: false })
    expect(readFragment('#')).toBeNull()
  })

  it('a damaged or foreign link is refused in words', () => {
    const text = encodeSheet(fixtureSheet())
    const cut = text.slice(0, Math.floor(text.length / 2))
    for (const bad of [cut, `${text.slice(0, 10)}!${text.slice(11)}`, toBase64url(new TextEncoder().encode('hello')), 'A'])
      expect(() => decodeSheet(bad)).toThrow(SheetLinkError)
  })

  it('a link with one character changed is refused by its check value, at every position', () => {
    const text = encodeSheet(fixtureSheet())
    const read: number[] = []
    for (let i = 0; i < text.length; i++) {
      const c = text[i] === 'A' ? 'B' : 'A'
      try {
        decodeSheet(text.slice(0, i) + c + text.slice(i + 1))
        read.push(i)
      } catch (e) {
        if (!(e instanceof SheetLinkError)) throw e
      }
    }
    expect(read).toEqual([])
    expect(() => decodeSheet(text.slice(0, 20) + 'A' + text.slice(21))).toThrow(/damaged or incomplete/)
  })

  it('a link that unpacks past the cap is refused before it is read', async () => {
    const { deflateSync } = await import('fflate')
    const { sha256 } = await import('@noble/hashes/sha2.js')
    const { MAX_SHEET_BYTES } = await import('../../src-shared/play/sheet-link')
    const payload = toBase64url(deflateSync(new Uint8Array(MAX_SHEET_BYTES + 10).fill(32)))
    const check = toBase64url(sha256(new TextEncoder().encode(payload)).subarray(0, 6))
    expect(() => decodeSheet(`${payload}.${check}`)).toThrow(/more than 4 MB/)
  })
})

describe("what the phone's taps are based on", () => {
  const a: Tap = { kind: 'loss', side: 0, unit: 1, delta: 1 }
  const b: Tap = { kind: 'flag', side: 1, flag: 'camp', value: true }
  const c: Tap = { kind: 'round', round: 2, at: '2026-01-01T10:00:00Z' }

  it("digests a list of taps by its taps in order, whatever the order of a tap's keys", () => {
    expect(tapsBase([])).toBe(tapsBase([]))
    expect(tapsBase([a, b])).not.toBe(tapsBase([b, a]))
    expect(tapsBase([a, b])).not.toBe(tapsBase([a]))
    expect(tapsBase([a])).not.toBe(tapsBase([{ ...a, delta: 2 }]))
    expect(tapsBase([{ delta: 1, unit: 1, side: 0, kind: 'loss' } as Tap])).toBe(tapsBase([a]))
    expect(tapsBase([a, b, c])).toMatch(/^3\./)
  })

  it('says how many taps two lists share from the start', () => {
    expect(sharedStart([a, b], [a, b, c])).toBe(2)
    expect(sharedStart([a, b, c], [a])).toBe(1)
    expect(sharedStart([a, b], [a, c])).toBe(1)
    expect(sharedStart([], [a])).toBe(0)
    expect(sharedStart([{ delta: 1, unit: 1, side: 0, kind: 'loss' } as Tap], [a])).toBe(1)
  })
})
