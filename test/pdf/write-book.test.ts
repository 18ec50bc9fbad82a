// Several editions of one book drawn as one (export/write-book.ts, pdf-editions.ts): each edition a
// whole PDF of its own - its index first, only its parts, each part's "page X of Y" its own, the
// index's page numbers and links right, nothing of the other edition left in it - read back with
// poppler (pdftotext, pdfinfo -dests), which says nothing on stderr about a sound file.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { partId, renderBooks } from '../../src-main/export/write-book'
import type { DocDefinition } from '../../src-main/export/pdf-types'
import { tempFolders } from '../support/tmp'
import { pdfInfo, pdfPagesText, poppler } from './pdf-support'

const tmp = tempFolders('muster-write-book-')

const doc = (content: DocDefinition['content'], extra: Partial<DocDefinition> = {}): DocDefinition => ({
  pageSize: 'A4',
  pageOrientation: 'portrait',
  pageMargins: [40, 40, 40, 40],
  content,
  footer: (page, pages) => ({ text: `page ${page} of ${pages}`, margin: [40, 10, 40, 0] }),
  ...extra
})

/** A part of `pages` pages, each saying whose page it is. */
const part = (name: string, pages: number) =>
  doc(Array.from({ length: pages }, (_, i) => ({ text: `${name} sheet ${i + 1}`, ...(i > 0 ? { pageBreak: 'before' as const } : {}) })))

const index = (title: string, parts: number[]) => doc([{ text: title }, ...parts.map((n) => ({ text: [`part ${n} on page `, { pageReference: partId(n) }] }))])

describe.skipIf(!poppler)('books drawn as one, taken apart into editions', () => {
  it('each edition has its own index, its own parts in order and the pages they start on', async () => {
    const dir = tmp()
    // parts 1 and 3 in both editions, part 2 in the second only
    const [first, second] = await renderBooks(
      [
        { index: index('First edition', [1, 3]), info: { title: 'First' } },
        { index: index('Second edition', [1, 2, 3]), info: { title: 'Second' } }
      ],
      [
        { doc: part('Ann', 2), editions: [0, 1] },
        { doc: part('Bob', 1), editions: [1] },
        { doc: part('Cat', 3), editions: [0, 1] }
      ]
    )
    expect(first.firstPages).toEqual([2, 4])
    expect(second.firstPages).toEqual([2, 4, 5])
    for (const [name, edition, pages] of [
      ['first', first, ['First edition', 'Ann sheet 1', 'Ann sheet 2', 'Cat sheet 1', 'Cat sheet 2', 'Cat sheet 3']],
      ['second', second, ['Second edition', 'Ann sheet 1', 'Ann sheet 2', 'Bob sheet 1', 'Cat sheet 1', 'Cat sheet 2', 'Cat sheet 3']]
    ] as const) {
      const file = join(dir, `${name}.pdf`)
      writeFileSync(file, edition.pdf)
      const texts = pdfPagesText(file)
      expect(texts.map((t) => t.trim().split('\n')[0].trim())).toEqual(pages)
      expect(pdfInfo(file).Title).toBe(name === 'first' ? 'First' : 'Second')
      // a part's footer counts its own pages
      expect(texts[pages.indexOf('Cat sheet 2')]).toContain('page 2 of 3')
      // poppler reads it whole: no complaint, and each destination is one of its own pages
      const dests = spawnSync('pdfinfo', ['-dests', file], { encoding: 'utf8' })
      expect(dests.stderr).toBe('')
      const named = dests.stdout.split('\n').flatMap((l) => {
        const m = /^\s*(\d+) .*"(muster-part-\d+)"/.exec(l)
        return m ? [[m[2], Number(m[1])] as const] : []
      })
      expect(Object.fromEntries(named)).toEqual(name === 'first' ? { [partId(1)]: 2, [partId(3)]: 4 } : { [partId(1)]: 2, [partId(2)]: 4, [partId(3)]: 5 })
    }
    const firstIndex = pdfPagesText(join(dir, 'first.pdf'))[0]
    expect(firstIndex).toMatch(/part 1 on page 2/)
    expect(firstIndex).toMatch(/part 3 on page 4/)
    expect(pdfPagesText(join(dir, 'second.pdf'))[0]).toMatch(/part 3 on page 5/)
    // nothing of the other edition's own: its information, its index's page objects
    expect(first.pdf.includes('(Second)')).toBe(false)
    expect(second.pdf.includes('(First)')).toBe(false)
    const pageObjects = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\n/g)?.length
    expect([pageObjects(first.pdf), pageObjects(second.pdf)]).toEqual([6, 7])
  })
})
