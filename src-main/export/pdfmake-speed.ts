// pdfmake and pdfkit made faster where they are slow for Muster's sheets: each patch does what the
// code it replaces does, with less work and garbage, the same PDF byte for byte; but for words drawn
// as runs (pdfmake-runs.ts) and colours written to a millionth (pdfkit-speed.ts), the same glyphs at
// the same places in the same colours, in fewer bytes. Measured on the list
// book (200 rosters, issue 41), where they matter most. They replace members of pdfkit and pdfmake
// for the whole process, so they are put in only for the versions they were written and tested for
// (both pinned exactly in package.json) and only if the members are there as expected; otherwise
// PDFs are drawn by the libraries' own code, right but slower, and a developer is told once.
// On an upgrade: docs/adr/0026-list-book-speed.md.
import { createRequire } from 'node:module'
import type { Swap } from './pdfmake-swap'
import { lookStylesUpInPlace, measureByText, type GetStyleProperty, type Measure, type StyleStackClass } from './pdfmake-styles'
import { drawWordsAsRuns, type RenderLine } from './pdfmake-runs'
import { colourOwner, layOutWordsFaster, parseColoursOnce, writeTextOnce, type PdfKitColours, type PdfKitFont, type PdfKitRef } from './pdfkit-speed'

/** The versions the patches were written for and tested with (test/pdf/pdfmake-speed.test.ts). */
export const WRITTEN_FOR = { pdfmake: '0.3.11', pdfkit: '0.19.1' } as const

const isFunction = (f: unknown, arity: number): boolean => typeof f === 'function' && f.length === arity

/**
 * Why the patches cannot go in, in a developer's words, or undefined when they can: the versions
 * found are the ones written for, and what the patches replace and rely on is there, as in those
 * versions (the methods with their arity, the fields with their types).
 */
export function whyNotPatched(found: { pdfmake?: string; pdfkit?: string }, ref: unknown, parts: PdfMakeClasses): string | undefined {
  const versions = `pdfmake ${found.pdfmake ?? '(version unknown)'} and pdfkit ${found.pdfkit ?? '(version unknown)'}`
  const wanted = `pdfmake ${WRITTEN_FOR.pdfmake} and pdfkit ${WRITTEN_FOR.pdfkit}`
  if (found.pdfmake !== WRITTEN_FOR.pdfmake || found.pdfkit !== WRITTEN_FOR.pdfkit) return `${versions} are installed; its patches were written for ${wanted}`
  const r = ref as Partial<PdfKitRef> | undefined
  const proto = r && (Object.getPrototypeOf(r) as Partial<PdfKitRef>)
  if (!r || !proto || !isFunction(proto.write, 1) || !isFunction(proto.finalize, 0) || !isFunction((proto as { end?: unknown }).end, 1))
    return `pdfkit's PDFReference has no write(chunk), end(chunk) and finalize() as in ${WRITTEN_FOR.pdfkit}`
  if (typeof r.data !== 'object' || !Array.isArray(r.buffer) || typeof r.compress !== 'boolean' || typeof r.uncompressedLength !== 'number')
    return `pdfkit's PDFReference has no data, buffer, compress and uncompressedLength as in ${WRITTEN_FOR.pdfkit}`
  const S = parts.StyleContextStack as { getStyleProperty?: unknown; prototype?: { getProperty?: unknown; clone?: unknown } } | undefined
  if (
    typeof parts.StyleContextStack !== 'function' ||
    !isFunction(S?.getStyleProperty, 4) ||
    !isFunction(S?.prototype?.getProperty, 1) ||
    !isFunction(S?.prototype?.clone, 0)
  )
    return `pdfmake's StyleContextStack has no clone(), getProperty(property) and static getStyleProperty(item, stack, property, default) as in ${WRITTEN_FOR.pdfmake}`
  let stack: { styleDictionary?: unknown; defaultStyle?: unknown; styleOverrides?: unknown } = {}
  try {
    stack = new (S as unknown as StyleStackClass)({}, {})
  } catch {
    // an empty stack not made as before: said below
  }
  if (typeof stack.styleDictionary !== 'object' || typeof stack.defaultStyle !== 'object' || !Array.isArray(stack.styleOverrides))
    return `pdfmake's StyleContextStack has no styleDictionary, defaultStyle and styleOverrides as in ${WRITTEN_FOR.pdfmake}`
  const T = parts.TextInlines as { prototype?: { measure?: unknown; widthOfText?: unknown } } | undefined
  if (typeof parts.TextInlines !== 'function' || !isFunction(T?.prototype?.measure, 2) || !isFunction(T?.prototype?.widthOfText, 2))
    return `pdfmake's TextInlines has no measure(array, styleContextStack) and widthOfText(text, inline) as in ${WRITTEN_FOR.pdfmake}`
  const R = parts.Renderer as { prototype?: { renderLine?: unknown } } | undefined
  if (typeof parts.Renderer !== 'function' || !isFunction(R?.prototype?.renderLine, 3))
    return `pdfmake's Renderer has no renderLine(line, x, y) as in ${WRITTEN_FOR.pdfmake}`
  const F = parts.Font as { prototype?: Partial<Record<keyof PdfKitFont, unknown>> } | undefined
  if (
    typeof parts.Font !== 'function' ||
    !isFunction(F?.prototype?.layout, 3) ||
    !isFunction(F?.prototype?.layoutCached, 1) ||
    !isFunction(F?.prototype?.layoutRun, 2)
  )
    return `pdfkit's EmbeddedFont has no layout(text, features, onlyWidth), layoutCached(text) and layoutRun(text, features) as in ${WRITTEN_FOR.pdfkit}`
  const D = parts.Document as { prototype?: Partial<Record<keyof PdfKitColours, unknown>> } | undefined
  if (
    typeof parts.Document !== 'function' ||
    !isFunction(D?.prototype?._setColorCore, 2) ||
    !isFunction(D?.prototype?._normalizeColor, 1) ||
    !isFunction(D?.prototype?._setColorSpace, 2) ||
    !isFunction(D?.prototype?.addContent, 1)
  )
    return `pdfkit's PDFDocument has no _setColorCore(color, stroke), _normalizeColor(color), _setColorSpace(space, stroke) and addContent(data) as in ${WRITTEN_FOR.pdfkit}`
  // both colour methods pdfkit's own, not one of them replaced by pdfmake's document
  const owner = colourOwner(D!.prototype!) as Partial<PdfKitColours> | undefined
  if (!owner || !Object.hasOwn(owner, '_normalizeColor') || owner._normalizeColor !== D?.prototype?._normalizeColor)
    return `pdfmake's PDFDocument has its own _setColorCore or _normalizeColor, unlike ${WRITTEN_FOR.pdfmake}`
  return undefined
}

/** pdfmake's classes the speed-ups replace members of. */
export interface PdfMakeClasses {
  StyleContextStack?: unknown
  TextInlines?: unknown
  Renderer?: unknown
  /** pdfkit's EmbeddedFont (a font from a file's bytes), which pdfkit does not export. */
  Font?: unknown
  /** pdfmake's PDFDocument (a pdfkit document). */
  Document?: unknown
}

/**
 * pdfmake's classes, as `req` finds them, and pdfkit's EmbeddedFont, the class of the font `aFont`
 * makes (pdfkit does not export it); undefined where one is not there.
 */
export function pdfmakeClasses(req: NodeRequire, aFont: () => unknown): PdfMakeClasses {
  const load = (name: string): unknown => {
    try {
      return (req(`pdfmake/js/${name}`) as { default?: unknown }).default
    } catch {
      return undefined
    }
  }
  const fontClass = (): unknown => {
    try {
      return (aFont() as object | undefined)?.constructor
    } catch {
      return undefined
    }
  }
  return {
    StyleContextStack: load('StyleContextStack'),
    TextInlines: load('TextInlines'),
    Renderer: load('Renderer'),
    Font: fontClass(),
    Document: load('PDFDocument')
  }
}

let swaps: Swap[] = []
let told = false

/**
 * Every patch, on pdfmake's modules (`req` resolves them), its PDFDocument and pdfkit's font class
 * (that of the font `aFont` makes), if they fit
 * the pdfmake and pdfkit installed (whyNotPatched); if not, said once on stderr. Returns whether
 * they went in.
 */
export function speedUp(req: NodeRequire, aFont: () => unknown): boolean {
  if (swaps.length) return true
  const version = (r: NodeRequire, name: string) => {
    try {
      return (r(`${name}/package.json`) as { version?: string }).version
    } catch {
      return undefined
    }
  }
  // pdfkit as pdfmake finds it (the one that draws), whatever the app's own require would find
  const pdfmakeReq = createRequire(req.resolve('pdfmake/package.json'))
  const found = { pdfmake: version(req, 'pdfmake'), pdfkit: version(pdfmakeReq, 'pdfkit') }
  const parts = pdfmakeClasses(req, aFont)
  let ref: unknown
  try {
    // pdfkit's PDFReference is not exported: an empty document's root is one.
    ref = new (parts.Document as new (...a: unknown[]) => { _root: object })({}, {}, {}, {}, { autoFirstPage: false, font: null })._root
  } catch {
    // left undefined: whyNotPatched says what is missing
  }
  const why = whyNotPatched(found, ref, parts)
  if (why) {
    if (!told)
      console.warn(
        `Muster: PDFs are drawn without the speed-ups of src-main/export/pdfmake-speed.ts (${why}). They are right, only slower; see docs/adr/0026-list-book-speed.md.`
      )
    told = true
    return false
  }
  swaps = [
    ...writeTextOnce((ref as object).constructor as unknown as { prototype: PdfKitRef }),
    ...lookStylesUpInPlace(parts.StyleContextStack as StyleStackClass),
    ...measureByText(parts.TextInlines as { prototype: { measure: Measure } }, parts.StyleContextStack as { getStyleProperty: GetStyleProperty }),
    ...drawWordsAsRuns(parts.Renderer as { prototype: { renderLine: RenderLine } }),
    ...layOutWordsFaster(parts.Font as { prototype: PdfKitFont }),
    ...parseColoursOnce(parts.Document as { prototype: PdfKitColours })
  ]
  setSpeedUps(true)
  return true
}

/**
 * The patches in force (true) or pdfmake's and pdfkit's own code back (false), for the tests that
 * they change no byte, and that those writing other bytes draw the same: `which` is every patch, or
 * only those (words drawn as runs, colours written to a millionth). Only between documents: a
 * document drawn half with each is not one.
 */
export function setSpeedUps(on: boolean, which: 'every' | 'other-bytes' = 'every'): void {
  for (const s of swaps) if (which === 'every' || s.sameBytes === false) (s.on as Record<string, unknown>)[s.key] = on ? s.patched : s.original
}

/** Whether none of the patches is in force (all of pdfmake's and pdfkit's own code back). */
export const noSpeedUpInForce = (): boolean => swaps.every((s) => (s.on as Record<string, unknown>)[s.key] === s.original)

/** Whether the patches are in force. */
export const speedUpsInForce = (): boolean => swaps.length > 0 && swaps.every((s) => (s.on as Record<string, unknown>)[s.key] === s.patched)
