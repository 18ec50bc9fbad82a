// Text for an HTML page, the one escape every report Muster writes as HTML uses (the event report,
// pairings, the data update's impact report): markup characters as entities, and characters a page
// must not carry as themselves (controls, direction controls: unsafe-chars.ts) shown as \uXXXX
// (issue 26, finding 8a; issue 38); a text with direction marks (Hebrew, Arabic) keeps them, set
// apart from the page around it (issue 39 review, point 9).
import { showUnsafeIsolated } from './unsafe-chars'

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for HTML, in an element or a quoted attribute: markup escaped, controls and direction overrides shown as \uXXXX, direction marks kept in an isolate. */
export function escapeHtml(text: string): string {
  return showUnsafeIsolated(text.replace(/[&<>"']/g, (c) => ENTITY[c]))
}
