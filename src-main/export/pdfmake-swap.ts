/** A member of pdfmake or pdfkit replaced by a speed-up (pdfmake-speed.ts): where, its own code and the patch's. */
export interface Swap {
  on: object
  key: string
  original: unknown
  patched: unknown
  /** false for a patch whose PDF differs in its bytes, not in what it shows (drawWordsAsRuns, parseColoursOnce). */
  sameBytes?: false
}
