// The graphics state the text reader keeps (pdf-text.ts): matrices, the text state, and what makes a glyph not show.
import type { FontMap } from './pdf-fonts'

/** [a b c d e f], as PDF writes a matrix; points are row vectors (x y 1) times it. */
export type Matrix = [number, number, number, number, number, number]
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]
export const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5]
]
export const apply = (m: Matrix, x: number, y: number): [number, number] => [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]]

/** What the graphics state says of how text shows (q and Q save and restore it). */
export interface GraphicsState {
  ctm: Matrix
  font: FontMap
  size: number
  /** Horizontal scaling (Tz / 100), character and word spacing, leading, rise. */
  scale: number
  charSpace: number
  wordSpace: number
  leading: number
  rise: number
  /** Text render mode (Tr): 3 draws nothing, 7 only clips. */
  mode: number
  fillAlpha: number
  strokeAlpha: number
  softMask: boolean
  fillWhite: boolean
  strokeWhite: boolean
}

export const initialState = (): GraphicsState => ({
  ctm: IDENTITY,
  font: { width: 1, map: null },
  size: 0,
  scale: 1,
  charSpace: 0,
  wordSpace: 0,
  leading: 0,
  rise: 0,
  mode: 0,
  fillAlpha: 1,
  strokeAlpha: 1,
  softMask: false,
  fillWhite: false,
  strokeWhite: false
})

/** Colour operands that paint white (or near it): gray 1, RGB 1 1 1, CMYK 0 0 0 0. */
export function isWhite(values: number[]): boolean {
  if (values.length === 1) return values[0] >= 0.97
  if (values.length === 3) return values.every((v) => v >= 0.97)
  if (values.length === 4) return values.every((v) => v <= 0.03)
  return false
}
