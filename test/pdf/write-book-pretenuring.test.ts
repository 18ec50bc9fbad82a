// V8's pretenuring is off while books are drawn (export/write-book.ts) and on again only when the
// last book being drawn is done: two drawn at once (the app's list book and judges' copy, asked for
// by two calls) do not switch it back on under the other.
import { describe, expect, it, vi } from 'vitest'

const flags = vi.hoisted(() => [] as string[])
vi.mock('node:v8', async (importOriginal) => {
  const v8 = await importOriginal<typeof import('node:v8')>()
  return {
    ...v8,
    setFlagsFromString: (flag: string) => {
      flags.push(flag)
      v8.setFlagsFromString(flag)
    }
  }
})

const { renderBook } = await import('../../src-main/export/write-book')

const doc = (text: string) => ({
  pageSize: 'A4' as const,
  pageOrientation: 'portrait' as const,
  pageMargins: [40, 40, 40, 40] as [number, number, number, number],
  content: text
})

describe('pretenuring while books are drawn', () => {
  it('off once for two books drawn at once, on again after the last', async () => {
    const book = (name: string) => renderBook(doc(`${name} index`), [doc(`${name} sheet`)], { title: name })
    const first = book('First')
    const second = book('Second')
    expect(flags).toEqual(['--no-allocation-site-pretenuring'])
    const [a, b] = await Promise.all([first, second])
    expect([a.firstPages, b.firstPages]).toEqual([[2], [2]])
    expect(flags).toEqual(['--no-allocation-site-pretenuring', '--allocation-site-pretenuring'])
    // and again for the next book alone
    await book('Third')
    expect(flags).toEqual([
      '--no-allocation-site-pretenuring',
      '--allocation-site-pretenuring',
      '--no-allocation-site-pretenuring',
      '--allocation-site-pretenuring'
    ])
  })
})
