// The characters no output of Muster carries as themselves, and the one way each output shows them
// (issue 26, finding 8a; issue 38): the terminal, the CSV and HTML reports, the PDFs and the roster
// as text all show such a character as a visible code, "\u202e", where the player's text had it. The
// roster or event file is never changed: only what is shown of it.

/**
 * C0 and C1 controls but tab and line breaks (ESC starts a terminal sequence, BEL rings, NUL ends a
 * C string), DEL, and the bidirectional controls, which turn the text after them around or move it
 * ("\u202e" makes "legal" read backwards): the Arabic letter mark U+061C, the left-to-right and
 * right-to-left marks U+200E and U+200F, the embeddings and overrides U+202A to U+202E, the
 * isolates U+2066 to U+2069. Each output handles line breaks in its own way (a terminal a bare CR).
 */
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** The visible code a character is shown as: "\u001b", "\u202e". */
export const charCode = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/** `text` with every control and direction control (above) shown as its code; the rest as it is. */
export function showUnsafe(text: string): string {
  return text.replace(UNSAFE, charCode)
}
