// The characters no output of Muster carries as themselves, and the one way each output shows them
// (issue 26, finding 8a; issue 38): the terminal, the CSV and text reports, the PDFs and the roster
// as text show such a character as a visible code, "\u202e", where the player's text had it. The
// roster or event file is never changed: only what is shown of it.
//
// Direction marks in HTML (issue 39 review, point 9): a genuine Hebrew or Arabic name often carries
// them, and "\u200f" in it reads as noise. HTML can set a text apart from what is around it, as
// <bdi> does, so there a text keeps its marks and is put in a first-strong isolate (U+2068 … U+2069,
// which works in attribute values too, where <bdi> cannot go): its marks then move nothing outside
// it. Embeddings, overrides, isolates of the player's own and controls are still shown as codes.
// A terminal, a CSV cell, plain text and a PDF cannot isolate a text, so there marks stay codes.

/** C0 and C1 controls but tab and line breaks (ESC starts a terminal sequence, BEL rings, NUL ends a C string), and DEL. */
const CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f'
/**
 * The embeddings and overrides U+202A to U+202E and the isolates U+2066 to U+2069: they turn the
 * text after them around or move it ("\u202e" makes "legal" read backwards), far past themselves.
 */
const DIRECTION_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069'
/**
 * The plain direction marks: the Arabic letter mark U+061C, the left-to-right and right-to-left
 * marks U+200E and U+200F. Hebrew and Arabic text carries them; they move only the characters next
 * to them that have no direction of their own (a dash, a digit), which is still enough to make one
 * name show as another where text is not kept apart from what is around it.
 */
const DIRECTION_MARKS = '\\u061c\\u200e\\u200f'

/**
 * Every output shows all three kinds as codes: each handles line breaks in its own way (a terminal a bare CR).
 */
const UNSAFE = new RegExp(`[${CONTROLS}${DIRECTION_CONTROLS}${DIRECTION_MARKS}]`, 'g')

/**
 * What a name Muster stores (a library folder's) may not hold, as a regular expression's character
 * class (flag u): every control (tab and line breaks too: a name is one line) and the direction
 * controls. The direction marks are allowed, for Hebrew and Arabic names; every output still shows
 * them as codes (showUnsafe), as it does any text of a player's.
 */
export const NAME_UNSAFE_CHARS = `\\p{Cc}${DIRECTION_CONTROLS}`
/** The direction controls alone, as a character class body (flag u): for a message that names them. */
export const DIRECTION_CONTROL_CHARS = DIRECTION_CONTROLS
const LINE_UNSAFE = new RegExp(`[${NAME_UNSAFE_CHARS}${DIRECTION_MARKS}]`, 'gu')

/** The visible code a character is shown as: "\u001b", "\u202e". */
export const charCode = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/** `text` with every control, direction control and direction mark (above) shown as its code; the rest as it is. */
export function showUnsafe(text: string): string {
  return text.replace(UNSAFE, charCode)
}

const HTML_UNSAFE = new RegExp(`[${CONTROLS}${DIRECTION_CONTROLS}]`, 'g')
const MARK = new RegExp(`[${DIRECTION_MARKS}]`)

/**
 * `text` for an HTML page (markup already escaped): controls and direction controls as codes, and
 * a text with direction marks kept whole, in a first-strong isolate (see above).
 */
export function showUnsafeIsolated(text: string): string {
  const shown = text.replace(HTML_UNSAFE, charCode)
  return MARK.test(shown) ? `\u2068${shown}\u2069` : shown
}

/** A name shown on one line (in a message): as showUnsafe, and tab and line breaks as codes too. */
export function showUnsafeLine(text: string): string {
  return text.replace(LINE_UNSAFE, charCode)
}
