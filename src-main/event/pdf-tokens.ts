// A PDF content stream read as tokens (operands and operators), for the text reader (pdf-text.ts).
import { PdfTextError } from './pdf-limits'

export const hexBytes = (hex: string): number[] => {
  const h = hex.replace(/[^0-9a-fA-F]/g, '')
  const out: number[] = []
  for (let i = 0; i < h.length; i += 2) out.push(parseInt(h.slice(i, i + 2).padEnd(2, '0'), 16))
  return out
}

export type Token = { op: string } | { str: number[] } | { num: number } | { name: string } | { array: Token[] }

/** PDF content-stream tokens (operands and operators); dictionaries and inline images are skipped. */
export function* tokens(src: string): Generator<Token> {
  let i = 0
  const n = src.length
  const stack: Token[][] = []
  const emit = function* (t: Token): Generator<Token> {
    if (stack.length) stack[stack.length - 1].push(t)
    else yield t
  }
  while (i < n) {
    const c = src[i]
    if (/\s/.test(c)) {
      i++
    } else if (c === '%') {
      while (i < n && src[i] !== '\n' && src[i] !== '\r') i++
    } else if (c === '(') {
      const bytes: number[] = []
      let depth = 1
      i++
      while (i < n && depth > 0) {
        const ch = src[i]
        if (ch === '\\') {
          const next = src[i + 1]
          const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 }
          if (next in esc) {
            bytes.push(esc[next])
            i += 2
          } else if (/[0-7]/.test(next)) {
            const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4))![0]
            bytes.push(parseInt(oct, 8) & 255)
            i += 1 + oct.length
          } else if (next === '\r' || next === '\n') {
            // a backslash at the end of a line continues the string
            i += next === '\r' && src[i + 2] === '\n' ? 3 : 2
          } else {
            // an unknown escape: the backslash is dropped and the character kept (PDF 32000-1, 7.3.4.2)
            if (next !== undefined) bytes.push(next.charCodeAt(0) & 255)
            i += 2
          }
          continue
        }
        if (ch === '(') depth++
        if (ch === ')' && --depth === 0) break
        bytes.push(ch.charCodeAt(0) & 255)
        i++
      }
      i++
      yield* emit({ str: bytes })
    } else if (c === '<' && src[i + 1] === '<') {
      // a dictionary (marked content properties): skipped whole
      let depth = 0
      while (i < n) {
        if (src.startsWith('<<', i)) {
          depth++
          i += 2
        } else if (src.startsWith('>>', i)) {
          i += 2
          if (--depth === 0) break
        } else i++
      }
    } else if (c === '<') {
      const end = src.indexOf('>', i)
      const hex = src.slice(i + 1, end < 0 ? n : end)
      i = end < 0 ? n : end + 1
      yield* emit({ str: hexBytes(hex) })
    } else if (c === '[') {
      if (stack.length >= 32) throw new PdfTextError('a page is damaged')
      stack.push([])
      i++
    } else if (c === ']') {
      i++
      const array = stack.pop()
      if (array) yield* emit({ array })
    } else if (c === '/') {
      const m = /^\/[^\s()<>[\]{}/%]*/.exec(src.slice(i, i + 256))![0]
      i += m.length
      yield* emit({ name: m.slice(1) })
    } else if (/[0-9+\-.]/.test(c)) {
      const m = /^[0-9+\-.]+/.exec(src.slice(i, i + 64))![0]
      i += m.length
      yield* emit({ num: Number(m) })
    } else {
      const m = /^[^\s()<>[\]{}/%]+/.exec(src.slice(i, i + 64))?.[0] ?? c
      i += m.length
      if (m === 'BI') {
        // an inline image: its data runs to EI
        const end = src.indexOf('EI', i)
        i = end < 0 ? n : end + 2
        continue
      }
      stack.length = 0
      yield { op: m }
    }
  }
}
