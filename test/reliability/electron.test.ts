// Finding 10: the Electron shell. What the window loads and who may call the IPC contract are
// pure decisions (src-main/electron/app-security.ts), tested here; the rest is read from the production
// build that `npm test` makes before the tests (the Electron binary cannot run here: the
// launch test in test/e2e/electron-launch.test.ts runs it where it exists).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { grantsPermission, isTrustedSender, rendererSource } from '../../src-main/electron/app-security'
import { repoRoot } from '../support/engine'

const index = join(repoRoot, 'out', 'renderer', 'index.html')
const built = pathToFileURL(index).href

describe('what the window loads (finding 10)', () => {
  it('a production build loads its own index.html whatever ELECTRON_RENDERER_URL says', () => {
    expect(rendererSource(index, false, 'https://evil.example/')).toEqual({ url: built, kind: 'file' })
    expect(rendererSource(index, false, 'http://localhost:5173/')).toEqual({ url: built, kind: 'file' })
    expect(rendererSource(index, false, undefined)).toEqual({ url: built, kind: 'file' })
  })

  it('a development build takes the dev server, on this machine only', () => {
    expect(rendererSource(index, true, 'http://localhost:5173/')).toEqual({ url: 'http://localhost:5173/', kind: 'dev-server' })
    expect(rendererSource(index, true, 'http://127.0.0.1:5173')).toEqual({ url: 'http://127.0.0.1:5173/', kind: 'dev-server' })
    expect(rendererSource(index, true, 'https://evil.example/')).toEqual({ url: built, kind: 'file' })
    expect(rendererSource(index, true, 'file:///tmp/x.html')).toEqual({ url: built, kind: 'file' })
    expect(rendererSource(index, true, 'not a url')).toEqual({ url: built, kind: 'file' })
  })
})

describe('who may call the IPC contract (finding 10)', () => {
  const file = rendererSource(index, false, undefined)
  const dev = rendererSource(index, true, 'http://localhost:5173/')

  it("the app's own page, with any #route or ?query", () => {
    expect(isTrustedSender(built, file)).toBe(true)
    expect(isTrustedSender(`${built}#/editor`, file)).toBe(true)
    expect(isTrustedSender(`${built}?x=1`, file)).toBe(true)
    expect(isTrustedSender('http://localhost:5173/src/main.tsx', dev)).toBe(true)
  })

  it('compares paths, not URL spellings: a folder with spaces or braces, a Windows drive letter in another case', () => {
    const odd = rendererSource('/home/a b/{x}/out/renderer/index.html', false, undefined)
    expect(isTrustedSender('file:///home/a%20b/%7Bx%7D/out/renderer/index.html', odd)).toBe(true)
    expect(isTrustedSender('file:///home/a%20b/%7Bx%7D/out/renderer/other.html', odd)).toBe(false)
    const win = { url: 'file:///C:/Program%20Files/Muster/resources/app/out/renderer/index.html', kind: 'file' as const }
    expect(isTrustedSender('file:///c:/program files/muster/resources/app/out/renderer/index.html', win, 'win32')).toBe(true)
    expect(isTrustedSender('file:///c:/program files/muster/resources/app/out/renderer/index.html', win, 'linux')).toBe(false)
  })

  it('nothing else: another local file, a folder beside it, a web page, no URL at all', () => {
    expect(isTrustedSender(pathToFileURL(join(repoRoot, 'out', 'renderer', 'other.html')).href, file)).toBe(false)
    expect(isTrustedSender(pathToFileURL('/tmp/evil/index.html').href, file)).toBe(false)
    expect(isTrustedSender('https://evil.example/', file)).toBe(false)
    expect(isTrustedSender('http://localhost:5174/', dev)).toBe(false)
    expect(isTrustedSender(built, dev)).toBe(false)
    expect(isTrustedSender('', file)).toBe(false)
    expect(isTrustedSender(undefined, file)).toBe(false)
    expect(isTrustedSender('about:blank', file)).toBe(false)
  })
})

describe('the production build (finding 10)', () => {
  const main = join(repoRoot, 'out', 'main', 'main.js')

  it('grants no permission but the clipboard write of Copy buttons (grantsPermission), closes devtools, checks every IPC sender, never loads the dev URL', () => {
    expect(existsSync(main), 'build the app first (npm test does: electron-vite build)').toBe(true)
    const code = readFileSync(main, 'utf8')
    expect(code).toMatch(/setPermissionCheckHandler\([^)]*\) => grantsPermission\(/)
    expect(code).toMatch(/setPermissionRequestHandler\([^;]*callback\(grantsPermission\(/)
    expect(code).toMatch(/devTools: false/)
    expect(code).toMatch(/rendererSource\([^;]*, false, process\.env\.ELECTRON_RENDERER_URL\)/)
    expect(code).not.toMatch(/loadURL\(process\.env\.ELECTRON_RENDERER_URL\)/)
    expect(code).toMatch(/isTrustedSender\(frame\.url, source\)/)
  })

  it("the security allow-list no longer claims the page's origin serves only its own files", () => {
    const allow = readFileSync(join(repoRoot, 'security', 'electronegativity-allow.json'), 'utf8')
    expect(allow).not.toContain('serves only its own bundled files')
  })
})

describe('permissions', () => {
  const own = rendererSource('/opt/Muster/resources/app/out/renderer/index.html', false, undefined)
  it("grants only the Copy buttons' clipboard write, full screen and the camera's video, and only to the app's own page", () => {
    expect(grantsPermission('clipboard-sanitized-write', own.url, own)).toBe(true)
    expect(grantsPermission('clipboard-sanitized-write', `${own.url}#library`, own)).toBe(true)
    for (const p of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal']) expect(grantsPermission(p, own.url, own), p).toBe(false)
    // The projector view's full screen; the result-slip reader's camera, video alone (no microphone).
    expect(grantsPermission('fullscreen', own.url, own)).toBe(true)
    expect(grantsPermission('media', own.url, own, ['video'])).toBe(true)
    for (const types of [['audio'], ['video', 'audio'], ['unknown'], []]) expect(grantsPermission('media', own.url, own, types), types.join()).toBe(false)
    expect(grantsPermission('media', 'file:///tmp/evil.html', own, ['video'])).toBe(false)
    expect(grantsPermission('fullscreen', 'https://example.com/', own)).toBe(false)
    expect(grantsPermission('clipboard-sanitized-write', 'file:///tmp/evil.html', own)).toBe(false)
    expect(grantsPermission('clipboard-sanitized-write', 'https://example.com/', own)).toBe(false)
    expect(grantsPermission('clipboard-sanitized-write', undefined, own)).toBe(false)
  })
})
