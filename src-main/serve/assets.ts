// The built phone page (out/phone/, vite.phone.config.mts) read into memory once: the server serves
// these files and nothing else, so no path from a request ever reaches the file system.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'

export interface PhoneFile {
  body: Buffer
  type: string
}

/** By path under the page ('index.html', 'assets/index-x.js'). */
export type PhoneAssets = ReadonlyMap<string, PhoneFile>

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.woff2': 'font/woff2'
}

/** The phone page is not built (`npm run build` builds it), in players' words. */
export class PhonePageMissing extends Error {
  override name = 'PhonePageMissing'
}

/** `page`: the built page the caller serves (index.html the game's, results.html an event's results page). */
export function readPhoneAssets(dir: string, page = 'index.html'): PhoneAssets {
  let names: string[]
  try {
    names = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => relative(dir, join(f.parentPath, f.name)).split(sep).join('/'))
  } catch {
    names = []
  }
  if (!names.includes(page)) throw new PhonePageMissing(`the phone page is not built (no ${join(dir, page)}): run npm run build`)
  const files = new Map<string, PhoneFile>()
  for (const name of names.sort()) {
    if (name.endsWith('.map')) continue
    files.set(name, { body: readFileSync(join(dir, name)), type: TYPES[extname(name)] ?? 'application/octet-stream' })
  }
  return files
}

/**
 * Where the built page is, seen from a bundle's folder: out/main (the app) and build/ (the CLI) both
 * find it at out/phone; the sources (tests) two folders up.
 */
export function findPhoneDir(from: string): string {
  const candidates = [join(from, '..', 'phone'), join(from, '..', 'out', 'phone'), join(from, '..', '..', 'out', 'phone')]
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? candidates[0]
}
