// Long words and long texts, made cheap to lay out before pdfmake sees them (issue 26). pdfmake fits
// a word wider than its line by trying ever shorter beginnings of it, measuring each, once per line:
// a 20,000-character word took 8 s and 600 MB to print, and a 100,000-character name never
// finished. Every PDF goes through renderPdf (write-pdf.ts), which runs its document through
// `breakLongWords`: a run of more than WORD characters without a space gets a zero-width space
// (U+200B, a line-break opportunity Roboto draws as nothing) after every WORD characters, after a
// hyphen or slash where the run has one; and one text longer than MAX_TEXT (beyond any field a valid
// roster holds) is cut, saying how much was left out. Text that is short or has spaces is untouched.
// Controls and direction controls are shown as codes ("\u202e", src-shared/unsafe-chars.ts), in a
// roster's texts before anything is measured (printable) and in every text laid out (issue 38).
// pdfmake also lays out, measures and draws each piece between two line-break opportunities on its
// own: text that may break between any two characters (Chinese, Japanese, Korean, emoji) was one
// piece per character, and a list book of such rosters took 2.6 times as long as one of words
// (issue 38). Those breaks are joined (joinBreaks) before the long runs are broken as above; the
// joiner is drawn as nothing and left out of the text written into the PDF (write-pdf.ts), so a
// copy from the PDF is the text as written.
import LineBreaker from 'linebreak'
import type { Roster } from '../rules/types'
import { showUnsafe } from '../../src-shared/unsafe-chars'
import type { DocDefinition } from './pdf-types'
import rosterSchema from '../../schemas/roster.schema.json'

/** Characters a word may run without a break opportunity: beyond a check code (39) and a file name. */
export const WORD = 60
/** Characters one text may have on a page: more than the longest field of a valid roster (notes). */
export const MAX_TEXT = 10_000

const ZWSP = '\u200b'
/** A space (a line-break opportunity), but not the joiner, which JavaScript counts as one. */
const SPACE = /[^\S\ufeff]/u
const MARK = /\p{M}/u
const LONG_RUN = new RegExp(`(?:[^\\s\\u200b]|\\ufeff){${WORD + 1},}`, 'u')

/**
 * What joinBreaks puts between two characters a line is not to break between: the zero-width
 * no-break space, of line-break class WJ. Roboto has a glyph for it (of no width), so it measures
 * as nothing whatever else the document holds; the word joiner U+2060, which Roboto lacks, measured
 * as the missing-glyph box or made every missing glyph measure nothing, by which was met first.
 * fontkit draws it as a space, so it is left out of the text drawn (write-pdf.ts, INVISIBLE).
 */
export const JOINER = '\ufeff'
/**
 * Characters of text that may break between any two of them: Chinese, Japanese and Korean
 * (with their own punctuation and marks), emoji and the parts of emoji sequences.
 */
const WIDE =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200d\u20e3\ufe0f\u{e0020}-\u{e007f}]/u

/**
 * `text` with each line-break opportunity (UAX #14, by linebreak, as pdfmake finds them) between two
 * wide characters (WIDE) taken away by JOINER: a run of them is one word, broken every WORD
 * characters by breakText like any other. Every other break is kept as it is: after a space, a
 * hyphen or a dash, between Greek or Latin letters and punctuation.
 */
export function joinBreaks(text: string): string {
  if (!WIDE.test(text)) return text
  const breaker = new LineBreaker(text)
  let out = ''
  let last = 0
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    const at = bk.position
    if (at <= 0 || at >= text.length || bk.required) continue
    const before = String.fromCodePoint(text.codePointAt(/[\udc00-\udfff]/.test(text[at - 1]) ? at - 2 : at - 1) ?? 0)
    const after = String.fromCodePoint(text.codePointAt(at) ?? 0)
    if (!WIDE.test(before) || !WIDE.test(after)) continue
    out += text.slice(last, at) + JOINER
    last = at
  }
  return last === 0 ? text : out + text.slice(last)
}

/** A run of characters without a space, with a zero-width space at least every WORD characters. */
function breakRun(run: string): string {
  const out: string[] = []
  let seg: string[] = []
  let soft = -1 // after which character of seg a hyphen or slash allows a break
  for (const c of run) {
    // Never between a letter and its combining mark.
    if (seg.length >= WORD && !MARK.test(c)) {
      const at = soft >= 0 ? soft + 1 : seg.length
      out.push(seg.slice(0, at).join(''), ZWSP)
      seg = seg.slice(at)
      soft = -1
      for (let i = 0; i < seg.length; i++) if (seg[i] === '-' || seg[i] === '/') soft = i
    }
    seg.push(c)
    if (c === '-' || c === '/') soft = seg.length - 1
  }
  out.push(seg.join(''))
  return out.join('')
}

/** One text as it is laid out: cut past MAX_TEXT, controls shown as codes, long runs given break opportunities. */
export function breakText(text: string): string {
  let s = text
  if (s.length > MAX_TEXT) {
    // Cut on a whole character (not half a surrogate pair).
    let end = MAX_TEXT
    if (/[\udc00-\udfff]/.test(s[end] ?? '')) end--
    s = `${s.slice(0, end)}\u2026 (${(text.length - end).toLocaleString('en')} more characters not printed)`
  }
  s = joinBreaks(showUnsafe(s))
  if (!LONG_RUN.test(s)) return s
  let out = ''
  let run = ''
  for (const c of s) {
    if (SPACE.test(c) || c === ZWSP) {
      out += run.length > WORD ? breakRun(run) : run
      out += c
      run = ''
    } else run += c
  }
  return out + (run.length > WORD ? breakRun(run) : run)
}

type Node = unknown

/** A pdfmake node with its texts broken: strings, `text` (plain or inline runs), stacks, columns, lists, table cells, and a section's content, header and footer (book.ts). */
function walk(node: Node): Node {
  if (typeof node === 'string') return breakText(node)
  if (Array.isArray(node)) return node.map(walk)
  if (typeof node === 'function') return (...args: unknown[]) => walk((node as (...a: unknown[]) => unknown)(...args))
  if (!node || typeof node !== 'object') return node
  const o = node as Record<string, unknown>
  const copy: Record<string, unknown> = { ...o }
  if ('text' in o) copy.text = walk(o.text)
  for (const key of ['stack', 'columns', 'ul', 'ol', 'section', 'header', 'footer'] as const) if (key in o) copy[key] = walk(o[key])
  const table = o.table as { body?: unknown } | undefined
  if (table && typeof table === 'object' && Array.isArray(table.body)) copy.table = { ...table, body: table.body.map(walk) }
  return copy
}

/** The document with every text it lays out (content, running header and footer) made cheap to lay out, and its information entry (a title a viewer shows) shown safe. */
export function breakLongWords(doc: DocDefinition): DocDefinition {
  const d = doc as DocDefinition & Record<string, unknown>
  const info = d.info as Record<string, unknown> | undefined
  return {
    ...d,
    ...(info ? { info: Object.fromEntries(Object.entries(info).map(([k, v]) => [k, typeof v === 'string' ? showUnsafe(v) : v])) } : {}),
    content: walk(d.content),
    ...(d.header !== undefined ? { header: walk(d.header) } : {}),
    ...(d.footer !== undefined ? { footer: walk(d.footer) } : {})
  } as DocDefinition
}

/** A text cut to `max` characters (on a whole character), with an ellipsis when it was longer. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\udc00-\udfff]/.test(text[max] ?? '') ? max - 1 : max
  return `${text.slice(0, end)}\u2026`
}

type Props = Record<string, { maxLength?: number } | undefined>
const schemaDefs = rosterSchema.$defs as unknown as Record<string, { properties: Props }>
/** Where the format sets no length (attribute values, ids): as long as a name. */
const OTHER_TEXT = rosterSchema.properties.name.maxLength

function cutFields<T>(o: T, props: Props): T {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return o
  const copy = { ...(o as Record<string, unknown>) }
  for (const [k, v] of Object.entries(copy))
    if (typeof v === 'string') copy[k] = showUnsafe(cutText(v, Object.hasOwn(props, k) ? (props[k]?.maxLength ?? OTHER_TEXT) : OTHER_TEXT))
  return copy as T
}

/**
 * A roster as its sheets show it: a refused roster's texts longer than the format allows (a
 * 100,000-character player name) cut to the format's limit, with an ellipsis; controls and
 * direction controls as codes, so the one-line headers measure what is printed. The verdict and
 * the check code are of the roster as it is; only what is laid out is changed.
 */
export function printable(roster: Roster): Roster {
  const r = cutFields(roster, rosterSchema.properties as unknown as Props)
  const list = (items: unknown, props: Props) => (Array.isArray(items) ? items.map((i: unknown) => cutFields(i, props)) : items)
  return {
    ...r,
    ...(Array.isArray(r.units) ? { units: list(r.units, schemaDefs.unit.properties) as Roster['units'] } : {}),
    ...(Array.isArray(r.battleCards) ? { battleCards: list(r.battleCards, schemaDefs.battleCard.properties) as Roster['battleCards'] } : {}),
    ...(r.camp && typeof r.camp === 'object' ? { camp: cutFields(r.camp, {}) } : {})
  }
}
