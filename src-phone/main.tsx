// The phone page: the tracker's components (src-renderer/play) in a bundle of their own, driven from
// local storage. The sheet comes in the URL fragment (`#s=...`, never sent to any server) or, in the
// one-file page `muster play --html` writes, from the page itself.
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { readFragment, SheetLinkError } from '../src-shared/play/sheet-link'
import { gameKey, LocalGame, memoryStorage, type KeyValue } from './store'
import { PhoneApp, NoSheet } from './PhoneApp'
import { followTheme } from './theme'
import '../src-renderer/colours.css'
import './phone.css'

followTheme()

function storage(): KeyValue {
  try {
    const s = window.localStorage
    s.getItem('muster')
    return s
  } catch {
    return memoryStorage()
  }
}

const LAST = 'muster-last-sheet'

/**
 * `s=...` from the fragment, else from the page (the one-file page), else the last game this phone
 * opened (the page started from the home screen, whose address has no fragment).
 */
function sheetText(kept: KeyValue): string {
  const text = window.location.hash.length > 1 ? window.location.hash : (document.getElementById('muster-sheet')?.textContent?.trim() ?? '')
  return text || (kept.getItem(LAST) ?? '')
}

function remember(kept: KeyValue, text: string): void {
  try {
    kept.setItem(LAST, text)
  } catch {
    // full storage: only a start from the home screen misses it
  }
}

/**
 * The QR code of a large game carries only `#sync=1`: the page then asks Muster for the sheet under
 * its secret path (a response body, which no server log holds either).
 */
async function fromMuster(text: string): Promise<string> {
  if (/(^|[#&])s=/.test(text) || !/(^|[#&])sync=1(&|$)/.test(text)) return text
  const r = await fetch(new URL('sheet', window.location.href.split('#')[0]), { cache: 'no-store' })
  if (!r.ok) throw new SheetLinkError('Muster no longer serves this game: scan its new QR code')
  return `${(await r.text()).trim()}&sync=1`
}

async function start(root: Root): Promise<void> {
  try {
    const kept = storage()
    const text = await fromMuster(sheetText(kept))
    const link = readFragment(text)
    if (!link) return root.render(<NoSheet why="This page shows a game Muster sends it: open it from Muster's link, QR code or file." />)
    remember(kept, text)
    const game = new LocalGame(link.sheet, gameKey(text), kept)
    const base = window.location.href.split('#')[0]
    root.render(
      <StrictMode>
        <PhoneApp game={game} sync={link.sync && /^https?:$/.test(window.location.protocol) ? base : null} />
      </StrictMode>
    )
  } catch (e) {
    root.render(<NoSheet why={e instanceof SheetLinkError ? `Muster cannot read this game: ${e.message}.` : 'Muster is out of reach: try again.'} />)
  }
}

void start(createRoot(document.getElementById('root')!))

// Offline once opened: a worker keeps the page and its assets (served pages only; a file needs none).
if ('serviceWorker' in navigator && /^https?:$/.test(window.location.protocol) && !document.getElementById('muster-sheet')) {
  void navigator.serviceWorker.register('./sw.js').catch(() => undefined)
}
