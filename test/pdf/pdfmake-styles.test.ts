// The style speed-ups (export/pdfmake-styles.ts) answer as pdfmake's own StyleContextStack does,
// whatever is pushed, popped and cloned: the same seeded sequences of pushes (style names that
// repeat at one depth over other entries, nodes shared between parents), pops, clones and lookups
// are run with the speed-ups and without, and every answer compared.
import { describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import { renderPdf } from '../../src-main/export/write-pdf'
import { setSpeedUps, speedUpsInForce } from '../../src-main/export/pdfmake-speed'

const req = createRequire(__filename)

interface Stack {
  push(entry: unknown): void
  pop(howMany?: number): void
  clone(): Stack
  getProperty(property: string): unknown
  styleOverrides: unknown[]
}
type StackClass = (new (styles: object, defaultStyle?: object) => Stack) & {
  getStyleProperty(item: unknown, stack: Stack | undefined, property: string, fallback: unknown): unknown
}
const StyleContextStack = (req('pdfmake/js/StyleContextStack') as { default: StackClass }).default

/** A small seeded generator (mulberry32), so a failure can be run again. */
function random(seed: number): (n: number) => number {
  let a = seed
  return (n) => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}

const PROPERTIES = ['font', 'bold', 'fontSize', 'color', 'alignment', 'lineHeight', 'noWrap', 'leadingIndent', 'margin', 'markerColor', 'fillColor']
const VALUES: Record<string, unknown[]> = {
  font: ['Roboto', 'Other'],
  bold: [true, false, null],
  fontSize: [8, 10, 14, 0],
  color: ['red', 'blue', undefined],
  alignment: ['left', 'right', 'center'],
  lineHeight: [1, 1.5],
  noWrap: [true, false],
  leadingIndent: [0, 12],
  margin: [[1, 2, 3, 4]],
  markerColor: ['green'],
  fillColor: ['#eeeeee', null]
}

/** Every answer pdfmake gives over one seeded sequence of pushes, pops, clones and lookups. */
function answers(seed: number): unknown[] {
  const pick = random(seed)
  const props = (n: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (let i = 0; i < n; i++) {
      const p = PROPERTIES[pick(PROPERTIES.length)]
      out[p] = VALUES[p][pick(VALUES[p].length)]
    }
    return out
  }
  const names = ['a', 'b', 'c', 'd', 'loop', 'missing']
  const styles: Record<string, unknown> = {
    a: props(2),
    b: { ...props(1), extends: 'a' },
    c: { ...props(2), extends: ['b', 'a'] },
    d: {},
    loop: { ...props(1), extends: 'loop2' },
    loop2: { extends: 'loop', ...props(1) }
  }
  const nodes = Array.from({ length: 6 }, (_, i) => (i === 0 ? {} : i === 1 ? { section: 'x', ...props(1) } : props(pick(3))))
  const items: unknown[] = ['a string', {}, { style: 'c' }, { style: ['a', 'loop'], ...props(1) }, { section: 'y', style: 'a' }, ...nodes]
  const defaults = [undefined, props(3)][pick(2)]
  const stacks = [new StyleContextStack(styles, defaults)]
  const out: unknown[] = []
  for (let step = 0; step < 400; step++) {
    const stack = stacks[pick(stacks.length)]
    const op = pick(10)
    if (op < 3) stack.push(pick(2) ? names[pick(names.length)] : nodes[pick(nodes.length)])
    else if (op < 5) stack.pop(1 + pick(2))
    else if (op < 6 && stacks.length < 4) stacks.push(stack.clone())
    else if (op < 8) {
      const p = PROPERTIES[pick(PROPERTIES.length)]
      out.push(stack.getProperty(p))
    } else {
      const p = PROPERTIES[pick(PROPERTIES.length)]
      out.push(StyleContextStack.getStyleProperty(items[pick(items.length)], pick(8) ? stack : undefined, p, 'fallback'))
    }
    out.push(stack.styleOverrides.length)
  }
  return out
}

describe("pdfmake's style lookups, sped up, answer as its own do", () => {
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))('seeded sequence %i', async (seed) => {
    await renderPdf({ pageSize: 'A4', pageOrientation: 'portrait', pageMargins: [40, 40, 40, 40], content: 'warm up' }) // the patches in
    expect(speedUpsInForce()).toBe(true)
    const fast = answers(seed)
    setSpeedUps(false)
    try {
      expect(fast).toEqual(answers(seed))
    } finally {
      setSpeedUps(true)
    }
  })

  it('a style name at one depth over other entries is looked up again', async () => {
    await renderPdf({ pageSize: 'A4', pageOrientation: 'portrait', pageMargins: [40, 40, 40, 40], content: 'warm up' })
    const stack = new StyleContextStack({ cell: {} }, {})
    stack.push({ fontSize: 20 })
    stack.push('cell')
    stack.push({})
    expect(stack.getProperty('fontSize')).toBe(20)
    stack.pop(3)
    stack.push({ fontSize: 8 })
    stack.push('cell')
    stack.push({})
    expect(stack.getProperty('fontSize')).toBe(8)
  })
})
