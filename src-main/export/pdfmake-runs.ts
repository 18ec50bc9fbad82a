// pdfmake's drawing of text made cheaper (pdfmake 0.3.11 and pdfkit 0.19.1): a line's words drawn
// as runs, the same glyphs at the same places. Part of the speed-ups of pdfmake-speed.ts.
import type { Swap } from './pdfmake-swap'

/** A laid-out run of text as pdfmake's Renderer draws it (pdfmake 0.3.11's Line and inlines). */
interface Inline {
  text: string
  x: number
  width: number
  [style: string]: unknown
}
interface LaidLine {
  inlines: Inline[]
  _pageNodeRef?: unknown
}
export type RenderLine = (this: unknown, line: LaidLine, x: number, y: number) => unknown

/**
 * What pdfmake draws the same for every word of a run: a word differing in any of these starts a
 * run of its own (the height too: the line's height, which a background is drawn to, is its
 * tallest word's).
 */
const RUN_STYLE = ['font', 'fontSize', 'color', 'opacity', 'sup', 'sub', 'height'] as const
/**
 * What a word may not have to join a run: a link (pdfkit makes one for any link but null), a box
 * or line drawn for it, a number put in at drawing, justified spacing; spacing between letters
 * (pdfkit puts it after a word's last letter too) or font features (pdfkit then lays the whole
 * text out at once). Nor a line break in its text (a text that may not wrap keeps them, and pdfkit
 * starts each line of a text at its x again).
 */
const ON_ITS_OWN = ['linkToPage', 'linkToDestination', '_pageNodeRef', 'decoration', 'background', 'justifyShift', 'characterSpacing', 'fontFeatures'] as const

const alone = (word: Inline): boolean => word.link != null || word.text.includes('\n') || ON_ITS_OWN.some((key) => word[key])

/**
 * Whether `next` is drawn in one text with the run that starts with `first` and ends with `last`
 * at `end`: it starts there (to a millionth of a point, the precision pdfkit writes), in the same
 * style, and `last` ends with a space or tab. pdfkit lays a text out a word at a time, each word
 * ending after a space or tab (EmbeddedFont.layout), so the joined text gets the very glyphs and
 * advances its words got drawn one by one.
 */
const joins = (first: Inline, last: Inline, end: number, next: Inline): boolean =>
  /[ \t]$/.test(last.text) && Math.abs(end - next.x) < 1e-6 && RUN_STYLE.every((key) => first[key] === next[key]) && !alone(next)

/**
 * pdfmake draws each word as a text of its own: a dozen operators and as many calls into pdfkit a
 * word (BT, Tm, Tf, the glyphs, ET, colour, opacity, a save and restore), for 87,000 words in the
 * list book. This draws each run of words in one style as one text: the same glyphs at the same
 * places, in under half the operators. pdfmake's own drawing of the line is kept; it is only
 * given the runs in place of the words, and the words back after.
 */
export function drawWordsAsRuns(Renderer: { prototype: { renderLine: RenderLine } }): Swap[] {
  const renderLine = Renderer.prototype.renderLine
  const patched: RenderLine = function (this: unknown, line, x, y) {
    const words = line.inlines
    if (line._pageNodeRef || words.length < 2) return renderLine.call(this, line, x, y)
    const runs: Inline[] = []
    for (let i = 0; i < words.length;) {
      const first = words[i]
      let last = first
      let text = first.text
      let width = first.width
      let j = i + 1
      if (!alone(first))
        for (; j < words.length && joins(first, last, first.x + width, words[j]); j++) {
          last = words[j]
          text += last.text
          width += last.width
        }
      runs.push(j === i + 1 ? first : { ...first, text, width })
      i = j
    }
    if (runs.length === words.length) return renderLine.call(this, line, x, y)
    line.inlines = runs
    try {
      return renderLine.call(this, line, x, y)
    } finally {
      line.inlines = words
    }
  }
  return [{ on: Renderer.prototype, key: 'renderLine', original: renderLine, patched, sameBytes: false }]
}
