// Many documents as one PDF (the list book): an index, then each part starting on a page of its own,
// laid out as if printed alone (its own paper, margins, styles, running header and footer, "page 2
// of 3" of its own pages). One pdfkit document, so the fonts are embedded once; each part is laid out
// and drawn, then let go, so the memory held is one part's layout, not the book's. Several editions
// of one book (the list book and the judges' copy) are drawn as one: each part once, however many
// editions have it, and each edition then taken out of that one file (pdf-editions.ts).
import { setFlagsFromString } from 'node:v8'
import type { Content, DocDefinition } from './pdf-types'
import { breakLongWords } from './long-words'
import { pdfmakeParts, type PdfMakeParts } from './write-pdf'
import { editionPdf } from './pdf-editions'

/** pdfkit's objects as this file uses them (pdfkit 0.19.1). */
interface PdfRef {
  id: number
  data: Record<string, unknown>
  end(): void
}
interface PdfKitPage {
  dictionary: PdfRef
  content: PdfRef
  resources: PdfRef
}
interface NameTree {
  add(name: string, value: unknown): void
  get(name: string): unknown
}
interface PdfKitBook {
  on(event: 'data', f: (chunk: Buffer) => void): void
  on(event: 'pageAdded' | 'end', f: () => void): void
  on(event: 'error', f: (e: unknown) => void): void
  end(): void
  ref(data: object): PdfRef
  page: PdfKitPage
  info: Record<string, unknown>
  _info: PdfRef
  _offsets: Array<number | null>
  _root: { data: { Pages: PdfRef; Names: PdfRef & { data: { Dests: NameTree } } } }
  _pdfMakePages?: unknown[]
}
interface PdfMakeLayout {
  registerTableLayouts(layouts: object): void
  layoutDocument(content: unknown, doc: PdfKitBook, styles: object, defaultStyle: object, ...rest: unknown[]): unknown[]
}
/** What a `pageReference` is laid out as: the referenced node, whose first position pdfmake draws the number of. */
interface PageNodeRef {
  positions?: Array<{ pageNumber: number }>
}
interface LaidOutLine {
  _pageNodeRef?: PageNodeRef
  inlines: Array<{ _pageNodeRef?: PageNodeRef; linkToDestination?: string }>
}

/**
 * The page numbers of an index laid out apart from what it refers to: each page reference (a line
 * or a run of one, its link target the part's id) given the page `pageOf` says, as pdfmake gives it
 * the position of a node it laid out itself. One it does not know is left: pdfmake then refuses it.
 */
function resolvePageReferences(pages: unknown[], pageOf: ReadonlyMap<string, number>): void {
  const resolve = (ref: PageNodeRef | undefined, id: string | undefined) => {
    const page = id === undefined ? undefined : pageOf.get(id)
    if (ref && page !== undefined) ref.positions = [{ pageNumber: page }]
  }
  for (const page of pages as Array<{ items: Array<{ type: string; item: LaidOutLine }> }>)
    for (const { type, item } of page.items) {
      if (type !== 'line') continue
      resolve(item._pageNodeRef, item.inlines[0]?.linkToDestination)
      for (const inline of item.inlines) resolve(inline._pageNodeRef, inline.linkToDestination)
    }
}

/** The node id of a part's first text: the index's `pageReference` to it gives its first page, and a link there. */
export const partId = (i: number): string => `muster-part-${i}`

/**
 * `content` with `id` on its first text that is laid out (depth first, as pdfmake lays it out: so
 * on the part's first page). pdfmake resolves page references to text nodes only.
 */
function markFirstText(content: Content, id: string): { content: Content; marked: boolean } {
  if (typeof content === 'string') return content ? { content: { text: content, id }, marked: true } : { content, marked: false }
  const list = (items: Content[]) => {
    const out = [...items]
    for (let i = 0; i < out.length; i++) {
      const r = markFirstText(out[i], id)
      if (r.marked) {
        out[i] = r.content
        return { items: out, marked: true }
      }
    }
    return { items, marked: false }
  }
  if (Array.isArray(content)) {
    const r = list(content)
    return { content: r.items, marked: r.marked }
  }
  if (!content || typeof content !== 'object') return { content, marked: false }
  if (content.text !== undefined) return content.text === '' ? { content, marked: false } : { content: { ...content, id }, marked: true }
  for (const key of ['stack', 'columns', 'ul'] as const) {
    const items = content[key]
    if (!items) continue
    const r = list(items)
    return { content: r.marked ? { ...content, [key]: r.items } : content, marked: r.marked }
  }
  if (content.table) {
    const rows = content.table.body.map((row) => [...row])
    for (const row of rows) {
      const r = list(row)
      if (r.marked) return { content: { ...content, table: { ...content.table, body: rows.map((x) => (x === row ? r.items : x)) } }, marked: true }
    }
  }
  return { content, marked: false }
}

/** pdfmake's document information, as its Printer makes it (createMetadata). */
function metadata(info: NonNullable<DocDefinition['info']>): Record<string, string> {
  const standard = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate', 'Trapped']
  const out: Record<string, string> = { Producer: 'pdfmake', Creator: 'pdfmake' }
  for (const [key, value] of Object.entries(info)) {
    if (!value) continue
    const std = key.charAt(0).toUpperCase() + key.slice(1)
    out[standard.includes(std) ? std : key.replace(/\s+/g, '')] = value
  }
  return out
}

/** One part laid out into `doc` (as pdfmake's Printer lays out a document), its pages not yet drawn. */
function layOut(pm: PdfMakeParts, doc: PdfKitBook, part: DocDefinition): { pages: unknown[] } {
  const d = breakLongWords(part)
  const layout = new pm.LayoutBuilder(
    pm.normalizePageSize(d.pageSize, d.pageOrientation),
    pm.normalizePageMargin(d.pageMargins ?? 40),
    new pm.SVGMeasure()
  ) as PdfMakeLayout
  layout.registerTableLayouts(pm.tableLayouts)
  const pages = layout.layoutDocument(
    d.content,
    doc,
    d.styles ?? {},
    d.defaultStyle ?? { fontSize: 12, font: 'Roboto' },
    d.background,
    d.header,
    d.footer,
    undefined,
    d.pageBreakBefore
  )
  return { pages }
}

type Info = NonNullable<DocDefinition['info']>

/** An edition: its index (its page references to `partId(n)`, n the part's place among all parts from 1) and document information. */
export interface Edition {
  index: DocDefinition
  info: Info
}

/** A part and the editions (their places in the list given) that have it. */
export interface BookPart {
  doc: DocDefinition
  editions: number[]
}

/** The objects pdfkit wrote for a page: its dictionary, contents, resources and annotations (the index's links) with their actions. */
const objectsOf = (page: PdfKitPage): number[] => [
  page.dictionary.id,
  page.content.id,
  page.resources.id,
  ...((page.dictionary.data.Annots as PdfRef[] | undefined) ?? []).flatMap((a) => [a.id, ...(a.data.A ? [(a.data.A as PdfRef).id] : [])])
]

async function drawBooks(editions: Edition[], parts: Iterable<BookPart>): Promise<Array<{ pdf: Buffer; firstPages: number[] }>> {
  const pm = pdfmakeParts()
  const infos = editions.map((e) => metadata(breakLongWords({ ...e.index, content: '', info: e.info }).info ?? {}))
  const doc = new pm.PDFDocument(
    pm.fonts,
    {},
    {},
    {},
    {
      pdfVersion: '1.3',
      compress: true,
      fontLayoutCache: true,
      bufferPages: false,
      autoFirstPage: false,
      tagged: false,
      displayTitle: false,
      info: infos[0] ?? {},
      font: null
    },
    pm.virtualfs,
    pm.localAccessPolicy
  ) as PdfKitBook
  const chunks: Buffer[] = []
  doc.on('data', (c) => chunks.push(c))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve())
    doc.on('error', reject)
  })
  const drawn: PdfKitPage[] = []
  doc.on('pageAdded', () => drawn.push(doc.page))
  const renderer = new pm.Renderer(doc)
  const draw = (pages: unknown[]): PdfKitPage[] => {
    const from = drawn.length
    renderer.renderPages(pages)
    // pdfmake's renderer keeps the pages it drew on the document (_pdfMakePages, unused): let them go
    doc._pdfMakePages = undefined
    return drawn.slice(from)
  }
  const fronts = editions.map((e) => layOut(pm, doc, e.index))
  const books = editions.map(() => ({ pages: [] as PdfKitPage[], firstPages: [] as number[], ids: [] as string[] }))
  const groups: Array<{ pages: PdfKitPage[]; editions: number[] }> = []
  let n = 0
  for (const part of parts) {
    const { content, marked } = markFirstText(part.doc.content, partId(++n))
    if (!marked) throw new Error(`renderBooks: part ${n} has no text to start it`)
    const pages = draw(layOut(pm, doc, { ...part.doc, content }).pages)
    for (const e of part.editions) {
      books[e].firstPages.push(fronts[e].pages.length + books[e].pages.length + 1)
      books[e].pages.push(...pages)
      books[e].ids.push(partId(n))
    }
    groups.push({ pages, editions: part.editions })
  }
  const dests = doc._root.data.Names.data.Dests
  const standIns = editions.map((_, e) => {
    const book = books[e]
    resolvePageReferences(fronts[e].pages, new Map(book.ids.map((id, i) => [id, book.firstPages[i]])))
    const index = draw(fronts[e].pages)
    groups.push({ pages: index, editions: [e] })
    book.pages.unshift(...index)
    // The edition's own page tree, named destinations (its parts' first pages) and information.
    const pageTree = doc.ref({ Type: 'Pages', Count: book.pages.length, Kids: book.pages.map((p) => p.dictionary) })
    const names = new (dests.constructor as new () => NameTree)()
    for (const id of book.ids) if (dests.get(id)) names.add(id, dests.get(id))
    const named = doc.ref({ Dests: names })
    const info = doc.ref({
      ...Object.fromEntries(Object.entries(infos[e]).map(([k, v]) => [k, new String(v)])),
      CreationDate: doc.info.CreationDate
    })
    for (const ref of [pageTree, named, info]) ref.end()
    return { pageTree: pageTree.id, names: named.id, info: info.id }
  })
  doc.end()
  await ended
  const file = Buffer.concat(chunks)
  const masterInfo = Object.values(doc._info.data).flatMap((v) => (v && typeof v === 'object' && 'id' in v ? [(v as PdfRef).id] : []))
  return editions.map((_, e) => {
    const drop = new Set(masterInfo)
    for (const g of groups) if (!g.editions.includes(e)) for (const p of g.pages) for (const id of objectsOf(p)) drop.add(id)
    standIns.forEach((s, other) => {
      if (other !== e) [s.pageTree, s.names, s.info].forEach((id) => drop.add(id))
    })
    const own = standIns[e]
    const pdf = editionPdf(file, doc._offsets, {
      drop,
      standIns: new Map([
        [doc._root.data.Pages.id, own.pageTree],
        [doc._root.data.Names.id, own.names],
        [doc._info.id, own.info]
      ]),
      name: String(e)
    })
    return { pdf, firstPages: books[e].firstPages }
  })
}

const PRETENURING = 'allocation-site-pretenuring'
/** Books being drawn now (the app may draw the list book and the judges' copy at once). */
let drawing = 0

/**
 * V8 "pretenures" what is made where most objects outlive a young collection: it makes them in the
 * old generation at once. A part's layout (pdfmake's inlines and lines) outlives a young collection
 * or two, then dies with the part; pretenured, every part's layout went straight to the old
 * generation, which grew by ~1 MB a young collection between full ones (the book and judges' copy of
 * 200 rosters: peak ~255 MB; ~200 MB with it off, as with the flag given at start-up, and no slower:
 * docs/adr/0026-list-book-speed.md). Off while books are drawn, on again when the last one being
 * drawn is done (unless this process was started with it off). Set at run time, which Node calls
 * unpredictable, because the app's main process cannot be started with it: it only changes
 * where V8 makes new objects, never what a program computes.
 */
async function withoutPretenuring<T>(f: () => Promise<T>): Promise<T> {
  if (drawing++ === 0) setFlagsFromString(`--no-${PRETENURING}`)
  try {
    return await f()
  } finally {
    const startedOff = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes(`no-${PRETENURING}`))
    if (--drawing === 0 && !startedOff) setFlagsFromString(`--${PRETENURING}`)
  }
}

/**
 * Each edition as a PDF: its index, then the parts it has, in order, each starting on a page of its
 * own; with each of those parts' first page. Each part's first text is given its `partId` (the
 * link target). The indexes are laid out first (their page counts place the parts) and drawn last,
 * once the parts' pages are known; each edition's page tree puts its index first.
 */
export function renderBooks(editions: Edition[], parts: Iterable<BookPart>): Promise<Array<{ pdf: Buffer; firstPages: number[] }>> {
  return withoutPretenuring(() => drawBooks(editions, parts))
}

/** One edition (see renderBooks). */
export async function renderBook(index: DocDefinition, parts: Iterable<DocDefinition>, info: Info): Promise<{ pdf: Buffer; firstPages: number[] }> {
  const all = function* () {
    for (const doc of parts) yield { doc, editions: [0] }
  }
  return (await renderBooks([{ index, info }], all()))[0]
}
