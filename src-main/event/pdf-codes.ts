// Check codes in a PDF's text (pdf-text.ts), read as a person would type them: look-alike letters and
// dashes, gaps and invisible characters do not hide a code (printed-codes.ts).
import type { PageText } from './pdf-text'

/** Letters and dashes that look like the code's own, read as them (Cyrillic and Greek capitals, dash forms). */
const LOOK_ALIKES: Record<string, string> = Object.fromEntries([
  ...[...'АВЕЅІЈКМНОРСТХҮ'].map((c, i) => [c, 'ABESIJKMHOPCTXY'[i]]),
  ...[...'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ'].map((c, i) => [c, 'ABEZHIKMNOPTYX'[i]]),
  ...[...'\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\u02d7\ufe58\ufe63\u2796\u2e3a\u2e3b\u30fc\u2500'].map((c) => [c, '-'])
])

/**
 * Text as the code reader compares it: compatibility forms folded (full-width, mathematical
 * letters), marks, format characters (zero-width, soft hyphens, direction marks) and all white
 * space taken out, look-alike letters and dashes read as the code's own. A code is found in this
 * text with no regard to what stands beside it, so a gap, a break or a letter set against it does
 * not hide it.
 */
export function codeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}\p{Cc}\p{Z}\s]/gu, '')
    .replace(/[^\x21-\x7e]/g, (c) => LOOK_ALIKES[c] ?? c)
}

const CODE_SHAPE = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){7}/gi

/** Code-shaped runs (eight groups of four, any case) in reader text, as the code would be typed. */
function codesIn(text: string): string[] {
  const found = new Set<string>()
  for (const m of codeText(text).matchAll(CODE_SHAPE)) found.add(m[0].toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1'))
  return [...found]
}

/** The check codes of the printed version on one page: those that show on paper, and those in text that does not. */
export interface PageCodes {
  shown: string[]
  hidden: string[]
}

/**
 * Every check code of the printed version (eight groups of four) on each page: shown, or hidden
 * (in text that does not show, or made only whole by hidden glyphs).
 */
export function codesShown(pages: PageText[]): PageCodes[] {
  return pages.map((page) => {
    const shown = codesIn(page.visible)
    // a code in hidden text, or one that only the hidden glyphs between its visible ones make whole
    const hidden = new Set([...codesIn(page.hidden), ...codesIn(page.all)])
    return { shown, hidden: [...hidden].filter((c) => !shown.includes(c)) }
  })
}

/** Whether a page's text speaks of a check code at all (a Muster print-out whose code cannot be read). */
export function mentionsCheckCode(pages: PageText[]): boolean {
  return pages.some((p) => /checkcode/i.test(codeText(p.all)))
}
