// Types for linebreak (UAX #14, the line breaker pdfmake itself uses), which ships none: the part long-words.ts calls.
declare module 'linebreak' {
  export interface Break {
    /** The index (UTF-16) where the next piece starts. */
    position: number
    /** A break the text requires (a line break in it). */
    required: boolean
  }
  export default class LineBreaker {
    constructor(text: string)
    /** The next break opportunity, or null after the last. */
    nextBreak(): Break | null
  }
}
