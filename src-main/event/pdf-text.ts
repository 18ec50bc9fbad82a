// The text a PDF's pages show, read in JS for `muster check` (printed-codes.ts): enough to find the
// check code printed on a Muster print-out, not a general text extractor. pdf-lib parses the file
// (already a dependency); this walks each page's content streams (and the form XObjects they draw),
// and decodes each text-showing operator's strings through its font's ToUnicode map (pdfmake embeds
// Roboto subsets as Type0 fonts with two-byte codes and a ToUnicode map) or, for a simple font
// without one, as single bytes. A new dependency (pdfjs-dist, megabytes and a worker) was not worth
// it for this; poppler's pdftotext is not on players' machines. Streams are inflated with Node's
// zlib under a size cap, and the operators and form drawings read are counted against caps, so a
// hostile PDF cannot make the check run away: past a cap, or with a filter other than FlateDecode,
// the pages "cannot be read", and the caller never calls them matching.
// Each glyph is read with whether it shows on paper: text in render mode 3 or 7, at zero fill
// alpha (an ExtGState's ca) or under a soft mask, filled white, far off the page box, or smaller
// than 2 points is hidden text, and a check code in hidden text is the mark of an edited print-out
// (printed-codes.ts). This is a reader, not a renderer: clipping, text covered by a filled box,
// glyphs reordered by their positions and a remapped ToUnicode are not seen (docs/adr/0005-printing.md).
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib'
import { fontMap, decode, type FontMap } from './pdf-fonts'
import { apply, IDENTITY, initialState, isWhite, times, type GraphicsState, type Matrix } from './pdf-graphics'
import {
  MAX_BYTES,
  MAX_DEPTH,
  MAX_FILE_DRAWS,
  MAX_FILE_OPERATORS,
  MAX_PAGE_DRAWS,
  MAX_PAGE_OPERATORS,
  MAX_PAGES,
  MAX_SCANNED,
  PdfTextError,
  streamBytes,
  type Budget
} from './pdf-limits'
import { tokens, type Token } from './pdf-tokens'

/** Text smaller than this (points, as printed) is not text for people. */
const MIN_SIZE = 2

/** What the reader did: operators and form drawings counted against the caps, for tests and callers. */
export interface ReadStats {
  operators: number
  draws: number
}

/** A page's text: every glyph, and the glyphs that do not show on paper kept apart. */
export interface PageText {
  /** What shows on paper, in drawing order, moves and gaps as spaces. */
  visible: string
  /** What a reader of the file would find but a reader of the paper would not. */
  hidden: string
  /** Both, in drawing order. */
  all: string
}

interface Reading {
  doc: PDFDocument
  fonts: Map<PDFObject, FontMap>
  forms: Map<PDFObject, Uint8Array>
  budget: Budget
  stats: ReadStats
  page: { operators: number; draws: number }
  box: { left: number; bottom: number; right: number; top: number }
  visible: string[]
  hidden: string[]
  all: string[]
}

/** The text-state operators that set one number from their last operand. */
const TEXT_STATE_SETTERS: Record<'Tr' | 'Tz' | 'Tc' | 'Tw' | 'TL' | 'Ts', (g: GraphicsState, value: number) => void> = {
  Tr: (g, v) => (g.mode = v),
  Tz: (g, v) => (g.scale = v / 100),
  Tc: (g, v) => (g.charSpace = v),
  Tw: (g, v) => (g.wordSpace = v),
  TL: (g, v) => (g.leading = v),
  Ts: (g, v) => (g.rise = v)
}

function count(r: Reading, what: 'operators' | 'draws'): void {
  r.stats[what]++
  r.page[what]++
  const [perPage, perFile] = what === 'operators' ? [MAX_PAGE_OPERATORS, MAX_FILE_OPERATORS] : [MAX_PAGE_DRAWS, MAX_FILE_DRAWS]
  if (r.page[what] > perPage || r.stats[what] > perFile)
    throw new PdfTextError(what === 'operators' ? 'its pages have more drawing operations than a print-out' : 'its pages draw more forms than a print-out')
}

function showText(r: Reading, content: Uint8Array, resources: PDFDict | undefined, start: GraphicsState, depth: number): void {
  r.budget.scan -= content.length
  if (r.budget.scan < 0) throw new PdfTextError('its pages are too large to read')
  const fonts = resources?.lookup(PDFName.of('Font'))
  const xobjects = resources?.lookup(PDFName.of('XObject'))
  const states = resources?.lookup(PDFName.of('ExtGState'))
  let g: GraphicsState = { ...start }
  const saved: GraphicsState[] = []
  let tm: Matrix = IDENTITY
  let tlm: Matrix = IDENTITY
  let operands: Token[] = []
  const nums = (): number[] => operands.filter((o): o is { num: number } => 'num' in o).map((o) => o.num)
  const moveLine = (tx: number, ty: number) => {
    tlm = times([1, 0, 0, 1, tx, ty], tlm)
    tm = tlm
  }
  const visibleNow = (): boolean => {
    const fills = [0, 2, 4, 6].includes(g.mode) && g.fillAlpha > 0 && !g.fillWhite
    const strokes = [1, 2, 5, 6].includes(g.mode) && g.strokeAlpha > 0 && !g.strokeWhite
    if ((!fills && !strokes) || g.softMask) return false
    const m = times(tm, g.ctm)
    const height = Math.abs(g.size) * Math.hypot(m[2], m[3])
    const width = Math.abs(g.size * g.scale) * Math.hypot(m[0], m[1])
    return height >= MIN_SIZE && width >= MIN_SIZE / 2
  }
  const onPage = (x: number, y: number): boolean => x >= r.box.left && x <= r.box.right && y >= r.box.bottom && y <= r.box.top
  const show = (glyphs: string[]) => {
    const shows = visibleNow()
    for (const glyph of glyphs) {
      const [x, y] = apply(times(tm, g.ctm), 0, g.rise)
      ;(shows && onPage(x, y) ? r.visible : r.hidden).push(glyph)
      r.all.push(glyph)
      // glyph widths are not read: half an em is near enough to tell a glyph far off the page
      const advance = (g.size * 0.5 + g.charSpace + (glyph === ' ' ? g.wordSpace : 0)) * g.scale
      tm = times([1, 0, 0, 1, advance, 0], tm)
    }
  }
  const gap = () => {
    r.visible.push(' ')
    r.hidden.push(' ')
    r.all.push(' ')
  }
  for (const t of tokens(Buffer.from(content).toString('latin1'))) {
    if (!('op' in t)) {
      // no operator takes more than a few operands: a run of thousands is kept short
      if (operands.push(t) > 16) operands.shift()
      continue
    }
    count(r, 'operators')
    const last = operands[operands.length - 1]
    const n = nums()
    switch (t.op) {
      case 'q':
        // every q is kept (the cap on operators bounds them), so Q always restores the state it should
        saved.push({ ...g })
        break
      case 'Q':
        g = saved.pop() ?? g
        break
      case 'cm':
        if (n.length >= 6) g.ctm = times(n.slice(-6) as Matrix, g.ctm)
        break
      case 'gs': {
        const name = last && 'name' in last ? last.name : undefined
        const state = name && states instanceof PDFDict ? states.lookup(PDFName.of(name)) : undefined
        if (state instanceof PDFDict) {
          const ca = state.lookup(PDFName.of('ca'))
          const CA = state.lookup(PDFName.of('CA'))
          const mask = state.get(PDFName.of('SMask'))
          if (ca instanceof PDFNumber) g.fillAlpha = ca.asNumber()
          if (CA instanceof PDFNumber) g.strokeAlpha = CA.asNumber()
          if (mask !== undefined) g.softMask = mask !== PDFName.of('None')
        }
        break
      }
      case 'g':
      case 'rg':
      case 'k':
      case 'sc':
      case 'scn':
        g.fillWhite = isWhite(n)
        break
      case 'G':
      case 'RG':
      case 'K':
      case 'SC':
      case 'SCN':
        g.strokeWhite = isWhite(n)
        break
      case 'cs':
        g.fillWhite = false
        break
      case 'CS':
        g.strokeWhite = false
        break
      case 'Tf': {
        const name = operands.find((o): o is { name: string } => 'name' in o)
        g.font = fontMap(r.doc, name && fonts instanceof PDFDict ? fonts.get(PDFName.of(name.name)) : undefined, r.fonts, r.budget)
        if (n.length) g.size = n[n.length - 1]
        break
      }
      case 'Tr':
      case 'Tz':
      case 'Tc':
      case 'Tw':
      case 'TL':
      case 'Ts':
        if (n.length) TEXT_STATE_SETTERS[t.op](g, n[n.length - 1])
        break
      case 'BT':
        tm = tlm = IDENTITY
        gap()
        break
      case 'Td':
      case 'TD':
        if (n.length >= 2) {
          if (t.op === 'TD') g.leading = -n[n.length - 1]
          moveLine(n[n.length - 2], n[n.length - 1])
        }
        // every move of the text position parts words; codes are matched with spaces taken out
        gap()
        break
      case 'Tm':
        if (n.length >= 6) tm = tlm = n.slice(-6) as Matrix
        gap()
        break
      case 'T*':
        moveLine(0, -g.leading)
        gap()
        break
      case 'Tj':
      case "'":
      case '"':
        if (t.op !== 'Tj') {
          if (t.op === '"' && n.length >= 2) {
            g.wordSpace = n[0]
            g.charSpace = n[1]
          }
          moveLine(0, -g.leading)
          gap()
        }
        if (last && 'str' in last) show(decode(last.str, g.font))
        break
      case 'TJ':
        if (last && 'array' in last) {
          for (const item of last.array) {
            if ('str' in item) show(decode(item.str, g.font))
            else if ('num' in item) {
              tm = times([1, 0, 0, 1, (-item.num / 1000) * g.size * g.scale, 0], tm)
              if (item.num < -250) gap()
            }
          }
        }
        break
      case 'Do': {
        const name = last && 'name' in last ? last.name : undefined
        const xobject = name && xobjects instanceof PDFDict ? xobjects.lookup(PDFName.of(name)) : undefined
        count(r, 'draws')
        if (xobject instanceof PDFRawStream && xobject.dict.get(PDFName.of('Subtype')) === PDFName.of('Form') && depth < MAX_DEPTH) {
          const own = xobject.dict.lookup(PDFName.of('Resources'))
          // a form drawn again is inflated once
          let bytes = r.forms.get(xobject)
          if (!bytes) {
            bytes = streamBytes(xobject, r.budget)
            r.forms.set(xobject, bytes)
          }
          const matrix = xobject.dict.lookup(PDFName.of('Matrix'))
          const m = matrix instanceof PDFArray ? matrix.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : NaN)) : []
          const formMatrix = m.length === 6 && m.every(Number.isFinite) ? (m as Matrix) : IDENTITY
          showText(r, bytes, own instanceof PDFDict ? own : resources, { ...g, ctm: times(formMatrix, g.ctm) }, depth + 1)
        }
        break
      }
    }
    operands = []
  }
}

/**
 * The text of each page, in drawing order, shown and hidden apart; throws PdfTextError when the
 * pages cannot be read (too many, too large, encoded in a way this reader does not read, or past
 * a cap). `stats`, when given, counts the operators and form drawings read.
 */
export function pagesText(doc: PDFDocument, stats: ReadStats = { operators: 0, draws: 0 }): PageText[] {
  const pages = doc.getPages()
  if (pages.length > MAX_PAGES) throw new PdfTextError(`it has ${pages.length} pages, more than a print-out of a roster`)
  const budget: Budget = { left: MAX_BYTES, scan: MAX_SCANNED }
  const fonts = new Map<PDFObject, FontMap>()
  const forms = new Map<PDFObject, Uint8Array>()
  return pages.map((page) => {
    const mb = page.getCropBox()
    // a glyph this far outside the page box is not on the paper (a little past the edge may be a bleed)
    const slack = 36
    const box = { left: mb.x - slack, bottom: mb.y - slack, right: mb.x + mb.width + slack, top: mb.y + mb.height + slack }
    const r: Reading = { doc, fonts, forms, budget, stats, page: { operators: 0, draws: 0 }, box, visible: [], hidden: [], all: [] }
    const contents = page.node.Contents()
    if (!contents) return { visible: '', hidden: '', all: '' }
    const streams = contents instanceof PDFArray ? contents.asArray().map((c) => (c instanceof PDFRef ? doc.context.lookup(c) : c)) : [contents]
    const parts = streams.map((s) => streamBytes(s, budget))
    const all = new Uint8Array(parts.reduce((sum, p) => sum + p.length + 1, 0))
    let at = 0
    for (const p of parts) {
      all.set(p, at)
      all[at + p.length] = 10
      at += p.length + 1
    }
    showText(r, all, page.node.Resources(), initialState(), 0)
    return { visible: r.visible.join(''), hidden: r.hidden.join(''), all: r.all.join('') }
  })
}
