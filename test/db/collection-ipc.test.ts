// The collection's IPC calls (ipc/collection-handlers.ts) over a real library file, as the app's
// window makes them: the cap behind "only what I own", the shopping list on screen and as a PDF read
// back, collection files through the (fake) native dialogs, refused whole when wrong.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { testLibrary } from '../support/library'
import { tempDialogs, type TempDialogs } from '../support/file-dialogs'
import { tempFolders } from '../support/tmp'
import type { RosterDocument } from '../../src-main/store'
import { britons as brit } from '../support/rosters'

const tempDir = tempFolders('muster-collection-ipc-')
let t: Awaited<ReturnType<typeof testLibrary>>
let dialogs: TempDialogs

beforeEach(async () => {
  dialogs = tempDialogs(join(tempDir(), 'saved'))
  t = await testLibrary({ dialogs })
})
afterEach(() => t.dispose())

const britons = (warband: number): RosterDocument => brit(warband) as RosterDocument

describe('only what I own', () => {
  it('says what the collection still has once the roster has taken its units', async () => {
    const h = t.handlers
    await h.addCollectionItems([
      { name: 'Warband', count: 8, ruleset: 'triumph', troop: 'warband' },
      { name: 'More warband', count: 2, ruleset: 'triumph', troop: 'warband' }
    ])
    const left = await h.ownedLeft(britons(6))
    expect(left.counts).toBe('stands')
    expect(left.troops).toEqual([{ troop: 'warband', troopName: 'Warband', attributes: {}, owned: 10, left: 4, per: 1 }])
    expect((await h.ownedLeft(britons(10))).troops[0].left).toBe(0)
  })
})

describe('what to buy', () => {
  it('on screen, as text and as a PDF saved where the player says', async () => {
    const h = t.handlers
    await h.addCollectionItems([{ name: 'Warband', count: 8, ruleset: 'triumph', troop: 'warband' }])
    const row = await h.createRoster(britons(10))
    const answer = await h.shoppingList([row.id])
    expect(answer.toBuy.map((m) => [m.troop, m.stands])).toEqual([
      ['warband', 2],
      ['bad-horse', 2]
    ])
    expect(answer.text).toContain('2 stands of Warband, 3 figures each')
    const made = await h.shoppingListPdf([row.id], 'a4')
    const saved = await h.savePdf(made.key)
    expect(saved.saved).toBe(true)
    const text = execFileSync('pdftotext', ['-layout', saved.saved ? saved.path : '', '-'], { encoding: 'utf8' })
    expect(text).toContain('What to buy')
    expect(text).toMatch(/Britons \(Triumph!, Ancient British\): 8 of 12 stands covered/)
  })
})

describe('collection files through the dialogs', () => {
  it('exports, and imports into another library the same items', async () => {
    const h = t.handlers
    await h.addCollectionItems([{ name: 'Warband', count: 8, ruleset: 'triumph', troop: 'warband' }])
    const saved = await h.exportCollectionFile()
    expect(saved.saved).toBe(true)
    const other = await testLibrary({ dialogs })
    try {
      dialogs.pick([saved.saved ? saved.path : ''])
      expect(await other.handlers.importCollectionFile(null, 'merge')).toEqual({ added: 1, skipped: 0 })
      expect((await other.handlers.collection()).items).toEqual((await h.collection()).items)
      // cancelled: nothing happens
      expect(await other.handlers.importCollectionFile(null, 'merge')).toBeNull()
    } finally {
      other.dispose()
    }
  })

  it('refuses a file with a duplicate key whole, saying where, and keeps the collection as it was', async () => {
    const h = t.handlers
    await h.addCollectionItems([{ name: 'Warband', count: 8, ruleset: 'triumph', troop: 'warband' }])
    const file = join(tempDir(), 'shelf.json')
    const item = (id: string) => `{"id": "${id}", "name": "Spear", "count": 4, "counted": "stands", "countsAs": {"triumph": {"troop": "spear"}}}`
    writeFileSync(
      file,
      `{"format": "muster-collection", "version": 1, "items": [${item('a1')}, ${item('a2').replace('"count": 4', '"count": 4, "count": 5')}]}`
    )
    await expect(h.importCollectionFile(file, 'replace')).rejects.toThrow(/shelf\.json:1:\d+: .*"count".* Nothing was imported\./)
    expect((await h.collection()).items.map((i) => i.name)).toEqual(['Warband'])
    expect(readFileSync(file, 'utf8')).toContain('"count": 5')
  })
})

describe('the roster sheet marks proxies', () => {
  it('the units the collection does not wholly cover, when asked, and none otherwise', async () => {
    const h = t.handlers
    await h.addCollectionItems([{ name: 'Warband', count: 8, ruleset: 'triumph', troop: 'warband' }])
    const row = await h.createRoster(britons(8))
    const text = async (markProxies: boolean) => {
      const made = markProxies ? await h.exportPdf(row.id, 'roster', 'a4', null, { markProxies }) : await h.exportPdf(row.id, 'roster', 'a4')
      const saved = await h.savePdf(made.key)
      return execFileSync('pdftotext', ['-layout', saved.saved ? saved.path : '', '-'], { encoding: 'utf8' })
    }
    const marked = await text(true)
    expect(marked.match(/proxy: not in my collection/g)).toHaveLength(1)
    expect(marked.split('\n').find((l) => l.includes('proxy'))).toBeDefined()
    expect(await text(false)).not.toContain('proxy')
  })
})
