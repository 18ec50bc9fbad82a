// The reliability tests of a print-out's pages (test/reliability/printed-page*.test.ts): the examples,
// their check codes, print-outs made at run time, a player's submission folder, and the reviewer's
// forgery (/tmp/rev26/forge.ts) as a function.
import { readFileSync, writeFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { join } from 'node:path'
import { expect } from 'vitest'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, StandardFonts } from 'pdf-lib'
import { buildExport } from '../../src-main/export'
import { checkCode } from '../../src-main/export/check-code'
import { renderPdf } from '../../src-main/export/write-pdf'
import { codeData } from '../../src-main/rules/data-in-force'
import { bundledEngine, repoRoot } from './engine'
import { muster } from './cli'
import { tempFolders } from './tmp'

export { checkRow, type Row } from './event-check'

export const tempDir = tempFolders('muster-page-')
export const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as Record<string, unknown>
export const codeOf = (roster: Record<string, unknown>) => checkCode(roster, codeData(bundledEngine().ruleset(roster.ruleset as string)!, roster).version)

export async function print(roster: unknown, kind: 'roster' | 'cards' | 'qrs' = 'roster', paper: 'a4' | 'letter' = 'a4') {
  const built = buildExport(bundledEngine(), roster, { kind, paper, fileName: 'legion.muster.json' })
  return { bytes: await renderPdf(built.doc), code: built.checkCode }
}

/** A player's legal file beside their illegal print-out, in a folder of its own. */
export async function submission(printed: Uint8Array) {
  const dir = tempDir()
  const file = join(dir, 'legion.muster.json')
  writeFileSync(file, JSON.stringify(example('triumph-legal')))
  writeFileSync(join(dir, 'legion.pdf'), printed)
  return { dir, file, pdf: join(dir, 'legion.pdf') }
}

export const setEntry = (doc: PDFDocument, code: string | undefined) => {
  const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict
  if (code === undefined) info.delete(PDFName.of('MusterCheckCode'))
  else info.set(PDFName.of('MusterCheckCode'), PDFString.of(code))
}

/** Every content stream of every page, rewritten. */
export function rewritePages(doc: PDFDocument, edit: (text: string) => string) {
  for (const page of doc.getPages()) {
    const c = page.node.Contents()!
    const streams = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c]
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue
      const text = edit(inflateSync(s.contents).toString('latin1'))
      doc.context.assign(doc.context.getObjectRef(s)!, doc.context.flateStream(Buffer.from(text, 'latin1')))
    }
  }
}

/** The reviewer's forgery (/tmp/rev26/forge.ts): the printed code split, the legal code hidden on every page, the entry edited. */
export async function forge(
  illegal: Uint8Array,
  legalCode: string,
  hide: (doc: PDFDocument, page: ReturnType<PDFDocument['getPages']>[number], font: Awaited<ReturnType<PDFDocument['embedFont']>>) => void
) {
  const doc = await PDFDocument.load(illegal, { updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  // a "-300 300" pair (no movement at all) after the first glyph of every shown array: nothing on paper, a space to a naive reader
  rewritePages(doc, (text) => text.replace(/\[<([0-9a-f]{4})([0-9a-f]+)>/g, '[<$1> -300 300 <$2>'))
  for (const page of doc.getPages()) hide(doc, page, font)
  setEntry(doc, legalCode)
  return doc.save()
}

/** `muster verify` of a file and its print-out: its exit code, and what its output says. */
export function expectVerify(file: string, pdf: string, says: string | string[], code: number, stream: 'stdout' | 'stderr' = 'stdout') {
  const v = muster(['verify', file, pdf])
  for (const words of [says].flat()) expect(v[stream]).toContain(words)
  expect(v.code).toBe(code)
}

/** The PDF file with its MusterCheckCode entry set to `code`, as anyone can with a PDF editor. */
export async function editEntry(pdf: string, code: string) {
  const doc = await PDFDocument.load(readFileSync(pdf), { updateMetadata: false })
  setEntry(doc, code)
  writeFileSync(pdf, await doc.save())
}
