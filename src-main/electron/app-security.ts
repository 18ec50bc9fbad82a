// Pure decisions of the Electron main process about what the window may load and who may call
// the IPC contract, kept apart from main.ts so tests run them without Electron.
import { fileURLToPath, pathToFileURL } from 'node:url'

/** Where the window's page comes from: the built index.html, or in development the dev server. */
export interface RendererSource {
  /** The exact URL the window loads. */
  url: string
  kind: 'file' | 'dev-server'
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The page to load. A production build always loads its own bundled index.html: the
 * ELECTRON_RENDERER_URL variable (electron-vite's dev server) is honoured only by a development
 * build, and only when it points at this machine, so no environment can make the app run a page
 * from elsewhere with the IPC contract exposed to it.
 */
export function rendererSource(indexHtml: string, isDevBuild: boolean, devServerUrl: string | undefined): RendererSource {
  if (isDevBuild && devServerUrl) {
    try {
      const url = new URL(devServerUrl)
      if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname)) return { url: url.href, kind: 'dev-server' }
    } catch {
      /* not a URL: load the built page */
    }
  }
  return { url: pathToFileURL(indexHtml).href, kind: 'file' }
}

/**
 * Whether an IPC call comes from the app's own page: the sender frame's URL (less any #fragment
 * or ?query the page adds) must be the page the window loaded, the same file for a built app,
 * the same origin for the dev server. Anything else (another local file, a frame, a page reached
 * somehow) is refused.
 */
export function isTrustedSender(senderUrl: string | undefined, source: RendererSource, platform: NodeJS.Platform = process.platform): boolean {
  if (!senderUrl) return false
  let sender: URL
  let own: URL
  try {
    sender = new URL(senderUrl)
    own = new URL(source.url)
  } catch {
    return false
  }
  if (source.kind === 'dev-server') return sender.origin === own.origin
  if (sender.protocol !== 'file:' || own.protocol !== 'file:') return false
  // Compared as paths, not URL text: Chromium and Node may encode a folder's characters differently.
  try {
    const a = fileURLToPath(sender)
    const b = fileURLToPath(own)
    return platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b
  } catch {
    return false
  }
}

/**
 * What the app's page may have: writing text to the clipboard when the user clicks a Copy button
 * (Chromium's "sanitized write"); full screen for the event day's projector view; and the camera,
 * video alone (`media` naming only 'video'), for its result-slip reader. Reading the clipboard, the
 * microphone, notifications and the rest stay refused, and no other page gets even these.
 */
export function grantsPermission(permission: string, requestingUrl: string | undefined, source: RendererSource, mediaTypes?: readonly string[]): boolean {
  const asked =
    permission === 'clipboard-sanitized-write' ||
    permission === 'fullscreen' ||
    (permission === 'media' && mediaTypes !== undefined && mediaTypes.length > 0 && mediaTypes.every((t) => t === 'video'))
  return asked && isTrustedSender(requestingUrl, source)
}
