// pdfmake's style lookups and word measuring made cheaper (pdfmake 0.3.11), the same answers: part
// of the speed-ups of pdfmake-speed.ts, which puts them in and says why they are safe to.
import type { Swap } from './pdfmake-swap'

type Style = Record<string, unknown> & { extends?: string | string[] }

interface StyleStack {
  styleDictionary: Record<string, Style | undefined>
  defaultStyle?: Record<string, unknown> | null
  styleOverrides: unknown[]
}

export interface StyleStackClass {
  new (styles: object, defaultStyle: object): StyleStack
  getStyleProperty: unknown
  prototype: { getProperty: unknown; clone: unknown }
}

const isValue = (v: unknown) => v !== undefined && v !== null
const isString = (v: unknown): v is string => typeof v === 'string' || v instanceof String

/** A named style's value of `property`, through the styles it extends (last first), each style once. */
function fromStyle(stack: StyleStack, name: string, property: string, visited?: Set<string>): unknown {
  if (visited?.has(name)) return undefined
  const style = stack.styleDictionary[name]
  if (!style) return undefined
  if (isValue(style[property])) return style[property]
  if (!style.extends) return undefined
  const seen = visited ?? new Set<string>()
  seen.add(name)
  const parents = Array.isArray(style.extends) ? style.extends : [style.extends]
  for (let i = parents.length - 1; i >= 0; i--) {
    const value = fromStyle(stack, parents[i], property, seen)
    if (isValue(value)) return value
  }
  return undefined
}

/** One entry of the style stack: a style's name, or a node (or overrides) with its own properties. */
const entryValue = (stack: StyleStack, entry: unknown, property: string): unknown =>
  isString(entry) ? fromStyle(stack, String(entry), property) : (entry as Record<string, unknown>)[property]

/** The properties pdfmake asks of every text and word (TextInlines.measure, TextBreaker): each level of a stack keeps them found. */
const KEPT = [
  'font',
  'bold',
  'italics',
  'alignment',
  'fontSize',
  'fontFeatures',
  'characterSpacing',
  'color',
  'decoration',
  'decorationColor',
  'decorationStyle',
  'decorationThickness',
  'background',
  'link',
  'linkToPage',
  'linkToDestination',
  'noWrap',
  'opacity',
  'sup',
  'sub',
  'lineHeight',
  'preserveLeadingSpaces',
  'preserveTrailingSpaces',
  'wordBreak',
  'leadingIndent'
] as const
type Kept = (typeof KEPT)[number]
/** What a stack says of each kept property: the topmost entry's value, else the default style's (as pdfmake's getProperty). */
export type StackStyle = Readonly<Record<Kept, unknown>>
const IS_KEPT = new Set<string>(KEPT)

/** Whether a node or word says nothing itself of a kept property (and, for a word, has no style of its own). */
export function saysNothing(item: unknown, styleToo: boolean): boolean {
  if (isString(item)) return true
  for (const key in item as object) {
    const value = (item as Record<string, unknown>)[key]
    if (IS_KEPT.has(key) ? isValue(value) : styleToo && key === 'style' && value) return false
  }
  return true
}

interface Level {
  entry: unknown
  style: StackStyle
}
/** A stack as the patch below keeps it: for each depth, what the stack up to it says, with the entry it was found under. */
type Kept_Stack = StyleStack & { levels?: Array<Level | undefined> }

const defaults = new WeakMap<object, StackStyle>()

/**
 * What the first `depth` entries of `stack` say of the kept properties, found once for each depth
 * and kept with the entry at that depth: a text's words are measured against one stack and a
 * table's cells against stacks that differ only at the top, so most of it is found once a table.
 * An entry that says nothing shares the style below it. A depth's style is found anew when another
 * entry is there. (pdfmake only ever sets a property on a node on the stack to the value the stack
 * gives it, which changes no answer.)
 */
function styleAt(stack: Kept_Stack, depth: number): StackStyle {
  if (depth === 0) {
    const base = stack.defaultStyle
    if (!base) return Object.fromEntries(KEPT.map((p) => [p, base])) as StackStyle
    let style = defaults.get(base)
    if (!style) defaults.set(base, (style = Object.fromEntries(KEPT.map((p) => [p, base[p]])) as StackStyle))
    return style
  }
  const entry = stack.styleOverrides[depth - 1]
  const levels = (stack.levels ??= [])
  const level = levels[depth - 1]
  if (level && level.entry === entry) return level.style
  const below = styleAt(stack, depth - 1)
  let style = below
  if (isString(entry) || !saysNothing(entry, false)) {
    const own: Record<string, unknown> = { ...below }
    for (const p of KEPT) {
      const value = entryValue(stack, entry, p)
      if (isValue(value)) own[p] = value
    }
    style = own as StackStyle
  }
  levels[depth - 1] = { entry, style }
  return style
}

/** What `stack` says, as it stands, of the kept properties. */
export const stackStyle = (stack: unknown): StackStyle => styleAt(stack as Kept_Stack, (stack as Kept_Stack).styleOverrides.length)

/**
 * pdfmake asks the style of every text it measures some twenty times (font, bold, size, colour...),
 * each time pushing the node and its styles on the stack, making two closures and a set, walking
 * the stack and popping them (StyleContextStack.getStyleProperty, auto, getProperty). This answers
 * the same from the node, its styles and the stack as it is, pushing nothing, and the kept
 * properties from what each depth of the stack was found to say (styleAt); a clone shares that, as
 * it has the same entries.
 */
export function lookStylesUpInPlace(StyleContextStack: StyleStackClass): Swap[] {
  const proto = StyleContextStack.prototype
  const walk = (stack: StyleStack, property: string): unknown => {
    if (IS_KEPT.has(property)) return stackStyle(stack)[property as Kept]
    for (let i = stack.styleOverrides.length - 1; i >= 0; i--) {
      const value = entryValue(stack, stack.styleOverrides[i], property)
      if (isValue(value)) return value
    }
    return stack.defaultStyle && stack.defaultStyle[property]
  }
  const cloned = function (this: Kept_Stack): Kept_Stack {
    const copy = new StyleContextStack(this.styleDictionary, this.defaultStyle as object) as Kept_Stack
    copy.styleOverrides.push(...this.styleOverrides)
    if (this.levels) copy.levels = this.levels.slice(0, this.styleOverrides.length)
    return copy
  }
  const getProperty = function (this: StyleStack, property: string): unknown {
    return walk(this, property)
  }
  const getStyleProperty = function (item: Record<string, unknown>, stack: StyleStack | undefined, property: string, fallback: unknown): unknown {
    if (isValue(item[property])) return item[property]
    if (!stack) return fallback
    // What auto(item) would push on top of the stack: the node's styles, then the node itself
    // (its own property is not set, seen above); a text or a section pushes nothing.
    if (!isString(item) && item.section === undefined && item.style) {
      const names = Array.isArray(item.style) ? (item.style as unknown[]) : [item.style]
      for (let i = names.length - 1; i >= 0; i--) {
        const value = entryValue(stack, names[i], property)
        if (isValue(value)) return value
      }
    }
    const value = walk(stack, property)
    return isValue(value) ? value : fallback
  }
  return [
    { on: proto, key: 'clone', original: proto.clone, patched: cloned },
    { on: proto, key: 'getProperty', original: proto.getProperty, patched: getProperty },
    { on: StyleContextStack, key: 'getStyleProperty', original: StyleContextStack.getStyleProperty, patched: getStyleProperty }
  ]
}

const LEADING = /^(\s)+/g
const TRAILING = /(\s)+$/g

interface Word extends Record<string, unknown> {
  text: string
  font: { lineHeight(size: number): number }
  fontSize: number
  leadingCut?: number
  trailingCut?: number
}
interface TextInlinesLike {
  pdfDocument: { provideFont(font: unknown, bold: unknown, italics: unknown): Word['font'] }
  widthOfText(text: string, word: Word): number
}
export type GetStyleProperty = (item: object, stack: unknown, property: string, fallback: unknown) => unknown
export type Measure = (this: TextInlinesLike, words: Word[], stack: unknown) => Word[]

const or = (value: unknown, fallback: unknown): unknown => (isValue(value) ? value : fallback)

/** What pdfmake's TextInlines.measure takes of a word's style (pdfmake 0.3.11), with the value it takes when nothing says. */
function wordStyle(get: (property: Kept, fallback: unknown) => unknown) {
  return {
    font: get('font', 'Roboto'),
    bold: get('bold', false),
    italics: get('italics', false),
    alignment: get('alignment', 'left'),
    fontSize: get('fontSize', 12) as number,
    fontFeatures: get('fontFeatures', null),
    characterSpacing: get('characterSpacing', 0),
    color: get('color', 'black'),
    decoration: get('decoration', null),
    decorationColor: get('decorationColor', null),
    decorationStyle: get('decorationStyle', null),
    decorationThickness: get('decorationThickness', null),
    background: get('background', null),
    link: get('link', null),
    linkToPage: get('linkToPage', null),
    linkToDestination: get('linkToDestination', null),
    noWrap: get('noWrap', null),
    opacity: get('opacity', 1),
    sup: get('sup', false),
    sub: get('sub', false),
    lineHeight: get('lineHeight', 1) as number,
    preserveLeadingSpaces: get('preserveLeadingSpaces', false),
    preserveTrailingSpaces: get('preserveTrailingSpaces', false)
  }
}
type WordStyle = ReturnType<typeof wordStyle>

/**
 * pdfmake measures each word of a text asking its style twenty-three times (TextInlines.measure):
 * 2.1 million lookups for the list book, where most words say nothing of their style and take the
 * text's. This takes a word that says nothing its text's style, found once a text (from what its
 * stack says, stackStyle), and asks the rest as pdfmake does; then measures each word as pdfmake
 * does, in the same order, with the same values.
 */
export function measureByText(TextInlines: { prototype: { measure: Measure } }, StyleContextStack: { getStyleProperty: GetStyleProperty }): Swap[] {
  const measure = TextInlines.prototype.measure
  const patched: Measure = function (this: TextInlinesLike, words, stack) {
    const get = StyleContextStack.getStyleProperty
    if (words.length) {
      const leadingIndent = get(words[0], stack, 'leadingIndent', 0) as number
      if (leadingIndent) {
        words[0].leadingCut = -leadingIndent
        words[0].leadingIndent = leadingIndent
      }
    }
    let textStyle: WordStyle | undefined
    for (const word of words) {
      const style = saysNothing(word, true)
        ? (textStyle ??= wordStyle((property, fallback) => or(stackStyle(stack)[property], fallback)))
        : wordStyle((property, fallback) => get(word, stack, property, fallback))
      word.font = this.pdfDocument.provideFont(style.font, style.bold, style.italics)
      word.alignment = style.alignment
      word.fontSize = style.fontSize
      word.fontFeatures = style.fontFeatures
      word.characterSpacing = style.characterSpacing
      word.color = style.color
      word.decoration = style.decoration
      word.decorationColor = style.decorationColor
      word.decorationStyle = style.decorationStyle
      word.decorationThickness = style.decorationThickness
      word.background = style.background
      word.link = style.link
      word.linkToPage = style.linkToPage
      word.linkToDestination = style.linkToDestination
      word.noWrap = style.noWrap
      word.opacity = style.opacity
      word.sup = style.sup
      word.sub = style.sub
      if (word.sup || word.sub) word.fontSize *= 0.58
      word.width = this.widthOfText(word.text, word)
      word.height = word.font.lineHeight(word.fontSize) * style.lineHeight
      if (!word.leadingCut) word.leadingCut = 0
      if (!style.preserveLeadingSpaces) {
        const leadingSpaces = word.text.match(LEADING)
        if (leadingSpaces) word.leadingCut += this.widthOfText(leadingSpaces[0], word)
      }
      word.trailingCut = 0
      if (!style.preserveTrailingSpaces) {
        const trailingSpaces = word.text.match(TRAILING)
        if (trailingSpaces) word.trailingCut = this.widthOfText(trailingSpaces[0], word)
      }
    }
    return words
  }
  return [{ on: TextInlines.prototype, key: 'measure', original: measure, patched }]
}
