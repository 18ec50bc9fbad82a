// A font's codes read as text: its ToUnicode CMap (pdfmake embeds Roboto subsets as Type0 fonts with
// two-byte codes and a ToUnicode map) or, for a simple font without one, single bytes.
import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib'
import { streamBytes, type Budget } from './pdf-limits'
import { hexBytes } from './pdf-tokens'

const utf16 = (bytes: number[]): string => {
  let s = ''
  for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1])
  return s
}

/** A font's code-to-text map (its ToUnicode CMap), and how many bytes each code takes. */
export interface FontMap {
  width: 1 | 2
  map: Map<number, string> | null
}

function parseCMap(text: string): FontMap {
  const map = new Map<number, string>()
  const range = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/.exec(/begincodespacerange([\s\S]*?)endcodespacerange/.exec(text)?.[1] ?? '')
  const width: 1 | 2 = range && range[1].length <= 2 ? 1 : 2
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(m[1], 16), utf16(hexBytes(m[2])))
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]*>)/g)) {
      const lo = parseInt(m[1], 16)
      const hi = Math.min(parseInt(m[2], 16), lo + 0xffff)
      if (m[3].startsWith('[')) {
        const items = [...m[3].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((x) => utf16(hexBytes(x[1])))
        items.forEach((s, i) => lo + i <= hi && map.set(lo + i, s))
      } else {
        const start = hexBytes(m[3].slice(1, -1))
        for (let c = lo; c <= hi; c++) {
          const dst = [...start]
          dst[dst.length - 1] += c - lo
          map.set(c, utf16(dst))
        }
      }
    }
  }
  return { width, map }
}

export function fontMap(doc: PDFDocument, font: PDFObject | undefined, cache: Map<PDFObject, FontMap>, budget: Budget): FontMap {
  const dict = font instanceof PDFRef ? doc.context.lookup(font) : font
  if (!(dict instanceof PDFDict)) return { width: 1, map: null }
  const known = cache.get(dict)
  if (known) return known
  const type0 = dict.get(PDFName.of('Subtype')) === PDFName.of('Type0')
  const toUnicode = dict.lookup(PDFName.of('ToUnicode'))
  let made: FontMap = { width: type0 ? 2 : 1, map: null }
  if (toUnicode instanceof PDFRawStream) {
    const parsed = parseCMap(Buffer.from(streamBytes(toUnicode, budget)).toString('latin1'))
    made = { width: type0 ? 2 : parsed.width, map: parsed.map }
  }
  cache.set(dict, made)
  return made
}

/** The text of each code of a shown string, one entry per glyph. */
export function decode(bytes: number[], font: FontMap): string[] {
  const out: string[] = []
  for (let i = 0; i < bytes.length; i += font.width) {
    const code = font.width === 2 ? (bytes[i] << 8) | (bytes[i + 1] ?? 0) : bytes[i]
    out.push(font.map ? (font.map.get(code) ?? '') : String.fromCharCode(code))
  }
  return out
}
