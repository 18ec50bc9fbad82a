// Many documents as one PDF (the list book): each document definition becomes a section of one
// pdfmake document, starting on a page of its own with its own paper, orientation, margins, default
// style, running header and footer. Laid out and written once, the fonts are embedded once, where
// making each document alone and merging the PDFs embedded them (and parsed the pages) once each.
import type { Content, ContentNode, DocDefinition, PageSize, Style } from './pdf-types'
import { FONT } from './layout'

type Frame = NonNullable<DocDefinition['header']>

export interface BoundBook {
  doc: DocDefinition
  /** After rendering: the first page of each part, in the order given (1 = the book's first page). */
  firstPages(): number[]
}

/** The node id of a part's first text, for a `pageReference` to its first page (an index) and a link there. */
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

/**
 * One document of `parts`. Each part's header and footer count its own pages ("page 2 of 3"): a
 * part's pages are known only once the whole book is laid out, and pdfmake draws headers and
 * footers after that, so each part notes the pages it is given as they are added (a section's
 * background is asked for on each of its pages, as it is added) and its header and footer read them.
 */
export function bindDocuments(parts: DocDefinition[], info: NonNullable<DocDefinition['info']>): BoundBook {
  const owner: number[] = [] // the part of each page (index: page number - 1)
  const styles: Record<string, Style> = {}
  const pagesOf = (part: number) => {
    const first = owner.indexOf(part)
    return { first: first + 1, count: owner.filter((p) => p === part).length }
  }
  const sections = parts.map((d, i): ContentNode => {
    if (d.pageBreakBefore || d.background) throw new Error('bindDocuments: a part with pageBreakBefore or a background cannot be bound')
    for (const [name, style] of Object.entries(d.styles ?? {})) {
      if (styles[name] && styles[name] !== style) throw new Error(`bindDocuments: two parts define the style '${name}' differently`)
      styles[name] = style
    }
    const base = d.defaultStyle ?? {}
    // The part's default style on what it draws: its content, header and footer.
    const styled = (content: Content): Content => (content ? { stack: [content], ...base } : content)
    const frame = (own: Frame | undefined) =>
      own
        ? (page: number, _pages: number, size: PageSize) => {
            const { first, count } = pagesOf(i)
            return styled(own(page - first + 1, count, size))
          }
        : null
    const { content, marked } = markFirstText(d.content, partId(i))
    if (!marked) throw new Error(`bindDocuments: part ${i + 1} has no text to start it`)
    return {
      section: { stack: [content], ...base },
      pageSize: d.pageSize,
      pageOrientation: d.pageOrientation ?? 'portrait',
      pageMargins: d.pageMargins,
      header: frame(d.header),
      footer: frame(d.footer),
      background: (page: number) => {
        owner[page - 1] = i
        return null
      }
    }
  })
  return {
    doc: {
      pageSize: parts[0]?.pageSize ?? 'A4',
      pageOrientation: parts[0]?.pageOrientation ?? 'portrait',
      pageMargins: parts[0]?.pageMargins ?? [40, 40, 40, 40],
      content: sections,
      styles,
      defaultStyle: { font: FONT },
      info
    },
    firstPages: () => parts.map((_, i) => pagesOf(i).first)
  }
}
