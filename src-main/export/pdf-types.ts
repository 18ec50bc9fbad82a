// The part of pdfmake 0.3's document definition that Muster's builders produce. pdfmake ships no
// types of its own and @types/pdfmake describes 0.2, so the shapes we rely on are written here once.

export type Margins = number | [number, number] | [number, number, number, number]

export interface Style {
  font?: string
  fontSize?: number
  bold?: boolean
  italics?: boolean
  color?: string
  fillColor?: string
  alignment?: 'left' | 'center' | 'right' | 'justify'
  lineHeight?: number
  margin?: Margins
  noWrap?: boolean
  characterSpacing?: number
  decoration?: 'underline' | 'lineThrough' | 'overline'
}

export interface TableLayout {
  hLineWidth?: (i: number, node: TableNode) => number
  vLineWidth?: (i: number, node: TableNode) => number
  hLineColor?: (i: number, node: TableNode) => string
  vLineColor?: (i: number, node: TableNode) => string
  paddingLeft?: (i: number, node: TableNode) => number
  paddingRight?: (i: number, node: TableNode) => number
  paddingTop?: (i: number, node: TableNode) => number
  paddingBottom?: (i: number, node: TableNode) => number
  fillColor?: (rowIndex: number, node: TableNode, columnIndex: number) => string | null
}

export interface TableNode {
  table: Table
}

export interface Table {
  body: Content[][]
  widths?: Array<number | '*' | 'auto' | string>
  heights?: number | number[]
  headerRows?: number
  dontBreakRows?: boolean
  keepWithHeaderRows?: number
}

export type CanvasItem =
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth?: number; lineColor?: string; dash?: { length: number; space?: number } }
  | {
      type: 'rect'
      x: number
      y: number
      w: number
      h: number
      r?: number
      lineWidth?: number
      lineColor?: string
      color?: string
      dash?: { length: number; space?: number }
    }

export interface ContentNode extends Style {
  text?: string | Array<string | ContentNode>
  stack?: Content[]
  columns?: Content[]
  ul?: Content[]
  table?: Table
  layout?: string | TableLayout
  canvas?: CanvasItem[]
  style?: string | string[]
  width?: number | '*' | 'auto' | string
  columnGap?: number
  absolutePosition?: { x: number; y: number }
  relativePosition?: { x: number; y: number }
  pageBreak?: 'before' | 'after'
  unbreakable?: boolean
  colSpan?: number
  rowSpan?: number
  border?: [boolean, boolean, boolean, boolean]
  headlineLevel?: number
  id?: string
  markerColor?: string
  /** Page number of the node with this id, drawn when the pages are known (an index). */
  pageReference?: string
  /** A part starting on a page of its own, with its own paper, margins, header and footer (book.ts); at the top level only. */
  section?: Content
  pageSize?: DocDefinition['pageSize']
  pageOrientation?: DocDefinition['pageOrientation']
  pageMargins?: DocDefinition['pageMargins']
  header?: DocDefinition['header'] | null
  footer?: DocDefinition['footer'] | null
  background?: DocDefinition['background'] | null
}

export type Content = string | ContentNode | Content[]

export interface PageSize {
  width: number
  height: number
  orientation: 'portrait' | 'landscape'
}

export interface DocDefinition {
  pageSize: 'A4' | 'LETTER' | { width: number; height: number }
  pageOrientation: 'portrait' | 'landscape'
  pageMargins: [number, number, number, number]
  content: Content
  styles?: Record<string, Style>
  defaultStyle?: Style
  header?: (currentPage: number, pageCount: number, pageSize: PageSize) => Content
  footer?: (currentPage: number, pageCount: number, pageSize: PageSize) => Content
  background?: (currentPage: number, pageSize: PageSize) => Content | null
  /** Called for each node; true starts a new page before it (used to keep headings off page ends). */
  pageBreakBefore?: (node: { headlineLevel?: number }, nodes: { getFollowingNodesOnPage(): unknown[] }) => boolean
  /** Standard entries, plus custom ones (pdfmake writes every key into the document information). */
  info?: { title?: string; author?: string; subject?: string; keywords?: string; creator?: string; producer?: string; [custom: string]: string | undefined }
  compress?: boolean
}
