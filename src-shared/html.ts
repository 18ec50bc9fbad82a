// Text for an HTML page, the one escape every report Muster writes as HTML uses (the event report,
// pairings, the data update's impact report): markup characters as entities, and characters a page
// must not carry as themselves shown as \uXXXX (issue 26, finding 8a).

/**
 * C0 and C1 controls (NUL, BEL, ESC...) but tab and line breaks, DEL, and the bidirectional
 * embeddings, overrides and isolates, which would turn the rest of a line around (a player's
 * "\u202e" makes "legal" read backwards).
 */
const UNSHOWABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for HTML, in an element or a quoted attribute: markup escaped, controls and direction overrides shown as \uXXXX. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITY[c]).replace(UNSHOWABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
