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

/**
 * Whether a word says nothing itself of a kept property and has no style of its own. Words are
 * made by pdfmake's TextBreaker, which copies a text's own enumerable properties onto each
 * (copyStyle): so its own keys are all there is to look at.
 */
export function wordSaysNothing(word: object): boolean {
  for (const key in word) {
    const value = (word as Record<string, unknown>)[key]
    if (IS_KEPT.has(key) ? isValue(value) : key === 'style' && value) return false
  }
  return true
}

/** What of a word its style depends on (getStyleProperty below): its kept properties with a value, its style and section. */
type Says = Map<string, unknown>
/** A section given as null: pdfmake then pushes none of the word's styles, as for any section but undefined. */
const NULL_SECTION = Symbol('section: null')

/** What `word` says by `key`, as getStyleProperty reads it, or undefined for nothing that bears on its style. */
function said(word: object, key: string): unknown {
  const value = (word as Record<string, unknown>)[key]
  if (IS_KEPT.has(key)) return isValue(value) ? value : undefined
  if (key === 'style') return value || undefined
  if (key === 'section') return value === null ? NULL_SECTION : value
  return undefined
}

function wordSays(word: object): Says {
  const says: Says = new Map()
  for (const key in word) {
    const value = said(word, key)
    if (value !== undefined) says.set(key, value)
  }
  return says
}

/** Whether `word` says what `says` does (wordSays of another word): then its style is that word's. */
function saysSame(word: object, says: Says): boolean {
  let count = 0
  for (const key in word) {
    const value = said(word, key)
    if (value === undefined) continue
    if (says.get(key) !== value) return false
    count++
  }
  return count === says.size
}

/**
 * What each named style says of the kept properties (through what it extends), found once a
 * document: a table's cells name the same few styles thousands of times. Kept with the document's
 * stack (and its clones), so a style dictionary changed between documents is read anew.
 */
function namedStyle(stack: KeptStack, name: string): Array<[Kept, unknown]> {
  const byName = (stack.named ??= new Map())
  let says = byName.get(name)
  if (!says) {
    says = []
    for (const p of KEPT) {
      const value = fromStyle(stack, name, p)
      if (isValue(value)) says.push([p, value])
    }
    byName.set(name, says)
  }
  return says
}

/** A stack entry's own values of the kept properties (a named style's through what it extends) over `below`'s: `below` itself when it has none. */
function entryStyle(stack: KeptStack, entry: unknown, below: StackStyle): StackStyle {
  let own: Record<string, unknown> | undefined
  if (isString(entry)) {
    for (const [p, value] of namedStyle(stack, String(entry))) (own ??= { ...below })[p] = value
  } else {
    // A node is plain data (a document definition, or what pdfmake made of one): its enumerable keys are all it says.
    for (const key in entry as object) {
      const value = (entry as Record<string, unknown>)[key]
      if (IS_KEPT.has(key) && isValue(value)) (own ??= { ...below })[key] = value
    }
  }
  return (own as StackStyle | undefined) ?? below
}

interface Level {
  entry: unknown
  style: StackStyle
}
/**
 * A stack as the patches here keep it: what its default style says, for each depth what the stack
 * up to it says, with the entry there, and what each named style says (namedStyle).
 */
type KeptStack = StyleStack & { base?: StackStyle; levels?: Level[]; named?: Map<string, Array<[Kept, unknown]>> }

/**
 * What the first `depth` entries of `stack` say of the kept properties, found once for each depth
 * and kept with the entry at that depth: a text's words are measured against one stack and a
 * table's cells against stacks that differ only at the top, so most of it is found once a table.
 * A depth's style is used only while every entry up to it is the one it was found under (a style's
 * name can stand at one depth over other entries); from the first that is not, it is found anew.
 * An entry that says nothing shares the style below it. (pdfmake only ever sets a property on a
 * node on the stack to the value the stack gives it, which changes no answer.)
 */
function styleAt(stack: KeptStack, depth: number): StackStyle {
  const entries = stack.styleOverrides
  const levels = (stack.levels ??= [])
  let same = 0
  while (same < depth && same < levels.length && levels[same].entry === entries[same]) same++
  if (same < levels.length) levels.length = same
  const defaults = stack.defaultStyle
  let style = same > 0 ? levels[same - 1].style : (stack.base ??= Object.fromEntries(KEPT.map((p) => [p, defaults && defaults[p]])) as StackStyle)
  for (let i = same; i < depth; i++) {
    style = entryStyle(stack, entries[i], style)
    levels.push({ entry: entries[i], style })
  }
  return style
}

/** What `stack` says, as it stands, of the kept properties. */
export const stackStyle = (stack: unknown): StackStyle => styleAt(stack as KeptStack, (stack as KeptStack).styleOverrides.length)

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
  const cloned = function (this: KeptStack): KeptStack {
    const copy = new StyleContextStack(this.styleDictionary, this.defaultStyle as object) as KeptStack
    copy.styleOverrides.push(...this.styleOverrides)
    // the same entries: what this stack found holds for the copy (styleAt checks the entries anyway)
    // found on this stack first, so that the next clone of it (a table's next cell) finds it too
    styleAt(this, this.styleOverrides.length)
    copy.base = this.base
    copy.named = this.named ??= new Map()
    copy.levels = this.levels!.slice(0, this.styleOverrides.length)
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
    if (!stack) return measure.call(this, words, stack)
    const get = StyleContextStack.getStyleProperty
    if (words.length) {
      const leadingIndent = get(words[0], stack, 'leadingIndent', 0) as number
      if (leadingIndent) {
        words[0].leadingCut = -leadingIndent
        words[0].leadingIndent = leadingIndent
      }
    }
    let textStyle: WordStyle | undefined
    // a text's words each carry what the text says of its style (TextBreaker copies it): found once a run of them
    let last: { says: Says; style: WordStyle } | undefined
    for (const word of words) {
      let style: WordStyle
      if (wordSaysNothing(word)) style = textStyle ??= wordStyle((property, fallback) => or(stackStyle(stack)[property], fallback))
      else if (last && saysSame(word, last.says)) style = last.style
      else {
        // what it says now, before this loop sets its style on it
        const says = wordSays(word)
        style = wordStyle((property, fallback) => get(word, stack, property, fallback))
        last = { says, style }
      }
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
