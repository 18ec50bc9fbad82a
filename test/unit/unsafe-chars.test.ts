// One definition of the characters no output carries as themselves (src-shared/unsafe-chars.ts):
// the library's messages naming a folder (store/transfer.ts shownName) wrote their own escape, of a
// set of their own that left out the direction marks U+061C, U+200E and U+200F (issue 39 review,
// point 7). Folder names still take the marks (Hebrew and Arabic), and refuse the rest. HTML keeps
// the marks of a genuine right-to-left name, in an isolate (point 9).
import { describe, expect, it } from 'vitest'
import { showUnsafe, showUnsafeLine } from '../../src-shared/unsafe-chars'
import { escapeHtml } from '../../src-shared/html'
import { shownName } from '../../src-main/store/transfer'
import { cleanFolderName, tidyFolderName } from '../../src-main/store/folders'

const code = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

describe('the unsafe characters, one set for every output', () => {
  it('a folder named in a message shows every character an output shows as a code as that code, and tab and line breaks too', () => {
    for (let cp = 0; cp < 0x3000; cp++) {
      const c = String.fromCharCode(cp)
      const shown = shownName(`a${c}b`)
      if (showUnsafe(c) !== c || '\t\n\r'.includes(c)) expect(shown, code(c)).toBe(`'a${code(c)}b'`)
      else expect(shown, code(c)).toBe(`'a${c}b'`)
    }
    expect(shownName('מועדון\u200f 2026 \u061cنادي\u200e')).toBe("'מועדון\\u200f 2026 \\u061cنادي\\u200e'")
    expect(showUnsafeLine('x\u202e\u001b\u0085\u200ey')).toBe('x\\u202e\\u001b\\u0085\\u200ey')
  })

  it('a folder name keeps Hebrew and Arabic direction marks and loses controls and direction controls', () => {
    expect(cleanFolderName('מועדון\u200e 2026')).toBe('מועדון\u200e 2026')
    expect(tidyFolderName('Club\u202e \u2067x\u2069\u0007\u0085\u061c', 'F')).toBe('Club x\u061c')
    expect(() => cleanFolderName('Club\u2066')).toThrow(/reverse the direction/)
  })

  it('HTML keeps the direction marks of a Hebrew or Arabic name, set apart in an isolate; controls and direction controls stay codes', () => {
    expect(escapeHtml('דוד\u200f כהן')).toBe('\u2068דוד\u200f כהן\u2069')
    expect(escapeHtml('نادي\u061c ١ & <b>')).toBe('\u2068نادي\u061c ١ &amp; &lt;b&gt;\u2069')
    expect(escapeHtml('Eve\u202eyrollaM\u202c \u2067x\u2069 \u200fR\u0007')).toBe('\u2068Eve\\u202eyrollaM\\u202c \\u2067x\\u2069 \u200fR\\u0007\u2069')
    expect(escapeHtml('Ann "x"')).toBe('Ann &quot;x&quot;')
    // a terminal, a CSV cell or plain text cannot set a text apart: there the marks stay codes
    expect(showUnsafe('דוד\u200f')).toBe('דוד\\u200f')
  })
})
