// Reading printed PDFs back with poppler-utils (Debian's pdftotext, pdffonts, pdfinfo, pdftoppm):
// text with layout, text of a cropped area, word boxes, fonts, page size, PNG pages.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundledEngine, repoRoot } from '../support/engine'
import { toolOrSkip } from '../support/tools'
import { buildExport, type ExportKind, type Paper } from '../../src-main/export'
import { writePdfFile } from '../../src-main/export/write-pdf'

export const RULESETS = ['wrg-1969', 'wrg-mk2', 'triumph', 'cca-miniatures', 'portable-ancients'] as const

export const poppler =
  toolOrSkip(
    'poppler-utils (pdftotext, pdftoppm)',
    spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).status === 0 || undefined,
    'apt-get install poppler-utils'
  ) ?? false

export function example(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as Record<string, unknown>
}

export async function printPdf(dir: string, name: string, roster: unknown, kind: ExportKind, opts: { paper?: Paper; opponent?: unknown } = {}) {
  const built = buildExport(bundledEngine(), roster, { kind, paper: opts.paper ?? 'a4', opponent: opts.opponent, fileName: `${name}.muster.json` })
  const file = join(dir, `${name}-${kind}.pdf`)
  const written = await writePdfFile(built.doc, file)
  return { ...built, file, ...written }
}

/** `pdftotext -layout`; pages separated by form feeds. */
export function pdfText(file: string, crop?: { x: number; y: number; w: number; h: number; page?: number }): string {
  const args = ['-layout', '-enc', 'UTF-8']
  if (crop) {
    args.push('-x', String(Math.floor(crop.x)), '-y', String(Math.floor(crop.y)), '-W', String(Math.ceil(crop.w)), '-H', String(Math.ceil(crop.h)))
    if (crop.page) args.push('-f', String(crop.page), '-l', String(crop.page))
  }
  return execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' })
}

export function pdfPagesText(file: string): string[] {
  return pdfText(file)
    .split('\f')
    .filter((p, i, all) => i < all.length - 1 || p.trim() !== '')
}

export interface WordBox {
  page: number
  pageWidth: number
  pageHeight: number
  text: string
  xMin: number
  yMin: number
  xMax: number
  yMax: number
}

/** Every word with its box in points (`pdftotext -bbox`). */
export function wordBoxes(file: string): WordBox[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const out: WordBox[] = []
  let page = 0
  let pageWidth = 0
  let pageHeight = 0
  for (const m of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g
  )) {
    if (m[1]) {
      page++
      pageWidth = Number(m[1])
      pageHeight = Number(m[2])
    } else out.push({ page, pageWidth, pageHeight, xMin: Number(m[3]), yMin: Number(m[4]), xMax: Number(m[5]), yMax: Number(m[6]), text: m[7] })
  }
  return out
}

export function pdfFonts(file: string): Array<{ name: string; type: string; embedded: boolean }> {
  const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
  return lines.map((l) => {
    const cols = l.trim().split(/\s+/)
    // name type [type...] encoding emb sub uni objectID gen
    return { name: cols[0], type: cols.slice(1, -6).join(' '), embedded: cols[cols.length - 5] === 'yes' }
  })
}

export function pdfInfo(file: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of execFileSync('pdfinfo', [file], { encoding: 'utf8' }).split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line)
    if (m) out[m[1]] = m[2]
  }
  return out
}

/** Renders pages to test-output/pdf/<name>-<n>.png and returns their paths. */
export function renderPngs(file: string, name: string, dpi = 80): string[] {
  const dir = join(repoRoot, 'test-output', 'pdf')
  mkdirSync(dir, { recursive: true })
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, join(dir, name)])
  const pages = Number(pdfInfo(file).Pages)
  const width = String(pages).length
  return Array.from({ length: pages }, (_, i) => join(dir, `${name}-${String(i + 1).padStart(pages >= 10 ? width : 1, '0')}.png`))
}

/** The line of a roster's units table that starts with the unit's number. */
export function unitRowLine(pageTexts: string[], index: number): { line: string; page: number } | undefined {
  for (const [p, text] of pageTexts.entries()) {
    for (const line of text.split('\n'))
      if (new RegExp(`^\\s*${index + 1}\\s+\\S`).test(line) && !/^\s*\d+\s+(of|page)\b/.test(line)) return { line, page: p + 1 }
  }
  return undefined
}

export function writeJson(dir: string, name: string, data: unknown): string {
  const file = join(dir, name)
  writeFileSync(file, JSON.stringify(data, null, 2))
  return file
}
