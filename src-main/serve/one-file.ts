// The phone page as one self-contained HTML file (`muster play --html`): its script and style sheet
// written into the page, its icon and manifest as data: URLs, the sheet in the page itself (a file's
// address has no fragment to carry it), and a Content-Security-Policy that allows exactly those inline
// script and style by their hashes. Nothing in it points outside itself.
import { createHash } from '../files/node-crypto'
import type { PhoneAssets } from './assets'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const dataUrl = (type: string, body: Buffer) => `data:${type.split(';')[0]};base64,${body.toString('base64')}`

function asset(assets: PhoneAssets, href: string) {
  const file = assets.get(href.replace(/^\.\//, ''))
  if (!file) throw new Error(`the phone page's build is incomplete (no ${href}): run npm run build`)
  return file
}

/** `fragment`: the sheet's link text (`s=...`, sheet-link.ts). */
export function phonePageFile(assets: PhoneAssets, fragment: string): string {
  let html = asset(assets, 'index.html').body.toString('utf8')
  const scripts: string[] = []
  const styles: string[] = []
  // a module script's text may hold '</script' only inside strings or comments: escaped there it means the same
  html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_m, src: string) => {
    const code = asset(assets, src)
      .body.toString('utf8')
      .replace(/<\/(script)/gi, '<\\/$1')
    scripts.push(code)
    return `<script type="module">${code}</script>`
  })
  html = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href: string) => {
    const css = asset(assets, href)
      .body.toString('utf8')
      .replace(/<\/(style)/gi, '<\\/$1')
    styles.push(css)
    return `<style>${css}</style>`
  })
  html = html.replace(/<link rel="(icon|manifest)" href="([^"]+)"([^>]*)>/g, (_m, rel: string, href: string, rest: string) => {
    const file = asset(assets, href)
    return `<link rel="${rel}" href="${dataUrl(file.type, rel === 'manifest' ? manifestWithoutLinks(file.body) : file.body)}"${rest}>`
  })
  const csp = [
    "default-src 'none'",
    // No 'unsafe-eval': where eval is refused, the rules' formulas are interpreted (src-shared/formula.ts)
    `script-src ${scripts.map(sha).join(' ')}`,
    `style-src ${styles.map(sha).join(' ')}`,
    'img-src data:',
    'manifest-src data:',
    "base-uri 'none'",
    "form-action 'none'"
  ].join('; ')
  html = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*" \/>/, `<meta http-equiv="Content-Security-Policy" content="${csp}" />`)
  if (!/^[A-Za-z0-9_=&.-]*$/.test(fragment)) throw new Error('a sheet link holds only base64url text')
  return html.replace('<div id="root"></div>', `<div id="root"></div>\n    <script type="text/plain" id="muster-sheet">${fragment}</script>`)
}

/** The manifest inside a data: URL: its icons and start address would point at files that are not there. */
function manifestWithoutLinks(body: Buffer): Buffer {
  const m = JSON.parse(body.toString('utf8')) as Record<string, unknown>
  delete m.icons
  delete m.start_url
  delete m.scope
  return Buffer.from(JSON.stringify(m))
}
