// Advance widths of the embedded Roboto fonts (pdfmake's fonts/Roboto, Regular and Medium), in
// thousandths of an em, for the characters Muster prints most. Used to wrap text ahead of pdfmake
// where a box has a fixed size (unit cards), so nothing can run off a card. Generated once with
// fontkit from the TTF files; characters not listed count as the widest common glyph (a safe guess).

const CHARS =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\u00a0\u00a1\u00a2\u00a3\u00a4\u00a5\u00a6\u00a7\u00a8\u00a9\u00aa\u00ab\u00ac\u00ad\u00ae\u00af\u00b0\u00b1\u00b2\u00b3\u00b4\u00b5\u00b6\u00b7\u00b8\u00b9\u00ba\u00bb\u00bc\u00bd\u00be\u00bf\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00cc\u00cd\u00ce\u00cf\u00d0\u00d1\u00d2\u00d3\u00d4\u00d5\u00d6\u00d7\u00d8\u00d9\u00da\u00db\u00dc\u00dd\u00de\u00df\u00e0\u00e1\u00e2\u00e3\u00e4\u00e5\u00e6\u00e7\u00e8\u00e9\u00ea\u00eb\u00ec\u00ed\u00ee\u00ef\u00f0\u00f1\u00f2\u00f3\u00f4\u00f5\u00f6\u00f7\u00f8\u00f9\u00fa\u00fb\u00fc\u00fd\u00fe\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022\u2264\u2265\u2212\u00d7\u00bd\u00be\u00bc\u2033\u2032\u00b0\u00b1\u00b7'
const REGULAR = [
  248, 258, 320, 616, 562, 732, 622, 175, 342, 348, 431, 567, 197, 276, 264, 413, 562, 562, 562, 562, 562, 562, 562, 562, 562, 562, 242, 211, 508, 549, 523,
  473, 898, 652, 623, 651, 656, 568, 553, 681, 713, 272, 552, 627, 539, 873, 713, 688, 631, 688, 616, 594, 597, 648, 637, 887, 627, 601, 599, 265, 411, 265,
  418, 451, 309, 544, 562, 523, 564, 530, 348, 562, 551, 243, 239, 507, 243, 877, 552, 570, 562, 568, 339, 516, 327, 551, 484, 751, 496, 473, 496, 338, 244,
  338, 680, 248, 244, 547, 582, 713, 525, 240, 613, 418, 786, 447, 469, 554, 276, 786, 458, 374, 535, 367, 367, 313, 567, 489, 261, 248, 367, 455, 469, 732,
  776, 778, 474, 652, 652, 652, 652, 652, 652, 935, 651, 568, 568, 568, 568, 272, 272, 272, 272, 671, 713, 688, 688, 688, 688, 688, 534, 688, 648, 648, 648,
  648, 601, 591, 595, 544, 544, 544, 544, 544, 544, 845, 523, 530, 530, 530, 530, 248, 248, 248, 248, 586, 552, 570, 570, 570, 570, 570, 571, 567, 551, 551,
  551, 551, 473, 576, 473, 656, 781, 200, 200, 354, 357, 669, 337, 508, 523, 572, 534, 776, 778, 732, 320, 175, 374, 535, 261
]
const MEDIUM = [
  249, 265, 319, 603, 568, 736, 641, 167, 346, 350, 443, 555, 224, 340, 278, 390, 568, 568, 568, 568, 568, 568, 568, 568, 568, 568, 264, 240, 509, 563, 520,
  486, 897, 663, 631, 653, 653, 565, 551, 681, 709, 283, 556, 632, 540, 875, 709, 689, 638, 689, 629, 605, 609, 654, 646, 880, 631, 611, 603, 271, 417, 271,
  429, 448, 320, 539, 562, 522, 563, 536, 353, 567, 556, 255, 251, 521, 255, 871, 557, 567, 562, 566, 354, 515, 333, 556, 496, 742, 503, 490, 503, 333, 249,
  333, 663, 249, 265, 563, 588, 702, 531, 246, 622, 446, 786, 445, 486, 552, 340, 786, 481, 382, 536, 370, 370, 322, 594, 489, 283, 259, 370, 457, 486, 724,
  767, 795, 487, 663, 663, 663, 663, 663, 663, 937, 653, 565, 565, 565, 565, 283, 283, 283, 283, 667, 709, 689, 689, 689, 689, 689, 532, 688, 654, 654, 654,
  654, 611, 601, 615, 539, 539, 539, 539, 539, 539, 845, 522, 536, 536, 536, 536, 261, 261, 261, 261, 580, 557, 567, 567, 567, 567, 567, 571, 565, 556, 556,
  556, 556, 490, 571, 490, 642, 771, 218, 216, 380, 384, 708, 350, 509, 520, 563, 532, 767, 795, 724, 319, 167, 382, 536, 283
]

/** Roboto's line height (ascender 1900 - descender -500 over 2048 units per em), as pdfmake uses it. */
export const LINE_HEIGHT = 2400 / 2048

const FALLBACK = 900
const regular = new Map<string, number>()
const medium = new Map<string, number>()
Array.from(CHARS).forEach((c, i) => {
  regular.set(c, REGULAR[i])
  medium.set(c, MEDIUM[i])
})

/** Width in points of `text` at `size` points (no kerning: never narrower than pdfmake draws it). */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? medium : regular
  let w = 0
  for (const c of text) w += table.get(c) ?? FALLBACK
  return (w * size) / 1000
}

/**
 * Lines `text` takes in a box `width` points wide, wrapping at spaces only (pdfmake may also
 * break after hyphens, so it never needs more lines than this) and splitting words wider than the box.
 */
export function lineCount(text: string, width: number, size: number, bold = false): number {
  let lines = 0
  for (const paragraph of text.split('\n')) {
    lines++
    let used = 0
    const space = textWidth(' ', size, bold)
    for (const word of paragraph.split(' ')) {
      const w = textWidth(word, size, bold)
      if (used > 0 && used + space + w > width) {
        lines++
        used = 0
      }
      if (w > width) {
        const extra = Math.ceil(w / width) - 1
        lines += extra
        used = w - extra * width
      } else used += (used > 0 ? space : 0) + w
    }
  }
  return lines
}

const ELLIPSIS = '\u2026'
const MARK = /\p{M}/u

/**
 * `text` cut to fit `width` points at `size` (one line): whole if it fits, else its longest start
 * that fits with "…" after it (on a whole character, never between a letter and its combining
 * mark, trailing spaces dropped); "" when not even "…" fits. For the one-line headers and footers
 * that show a roster's name, so a long name never pushes the check code off a page.
 */
export function fitWidth(text: string, width: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text
  const room = width - textWidth(ELLIPSIS, size, bold)
  if (room < 0) return ''
  const chars = Array.from(text)
  let used = 0
  let end = 0
  for (; end < chars.length; end++) {
    const w = textWidth(chars[end], size, bold)
    if (used + w > room) break
    used += w
  }
  while (end > 0 && end < chars.length && MARK.test(chars[end])) end-- // keep a letter with its marks
  return `${chars.slice(0, end).join('').trimEnd()}${ELLIPSIS}`
}

/**
 * A line of `pieces` run together that fits `width` points at `size`: the pieces given as
 * `{ cut }` (names) are shortened with fitWidth, sharing the room the others leave (a short one
 * leaves its unused share to the rest); the others are kept whole. A cut piece with no room left is
 * "…" at the least, so the line still reads; only then can the line be longer than `width`.
 */
export function fitLine(pieces: Array<string | { cut: string }>, width: number, size: number, bold = false): string {
  const fixed = pieces.reduce((w, p) => w + (typeof p === 'string' ? textWidth(p, size, bold) : 0), 0)
  const cuts = pieces.flatMap((p, i) => (typeof p === 'string' ? [] : [{ i, w: textWidth(p.cut, size, bold) }])).sort((a, b) => a.w - b.w)
  const out = pieces.map((p) => (typeof p === 'string' ? p : p.cut))
  let room = width - fixed
  cuts.forEach(({ i }, k) => {
    const share = Math.max(0, room / (cuts.length - k))
    const text = fitWidth(out[i], share, size, bold) || ELLIPSIS
    out[i] = text
    room -= textWidth(text, size, bold)
  })
  return out.join('')
}
