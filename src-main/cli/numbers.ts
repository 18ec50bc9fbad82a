// The one reading of a number given on the command line (issue 38: `--count 0x10` added 16, as
// JavaScript's Number() reads hex, octal, binary, exponents, fractions and spaces): every numeric
// argument is a plain decimal whole number, digits only, or it is refused in words, in one message
// for every option ("--count must be a whole number of at least 1, written in digits (like 12), not
// '0x10'.").

/** Digits only, at most 15 (every such number is exact in a double): "16", "016"; never "0x10", "1e1", "16.0", "+16", " 16" or "". */
const DECIMAL = /^[0-9]{1,15}$/

/** `text` as a whole number, when it is one written in plain decimal digits; else undefined. */
export function wholeNumber(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined
}

/** `text` as a whole number from `min` to `max`; else undefined. */
export function wholeNumberIn(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n = wholeNumber(text)
  return n !== undefined && n >= min && n <= max ? n : undefined
}

/** What a number must be: the least and the most, the unit ("seconds") and an example. */
export interface NumberRule {
  min: number
  max?: number
  unit?: string
  example?: number
}

/** The one message for a number refused: "--timeout must be a whole number of seconds from 1 to 600, written in digits (like 30), not '0x10'." */
export function notWholeNumber(option: string, value: string, rule: NumberRule): string {
  const n = (x: number) => x.toLocaleString('en')
  const range = rule.max === undefined ? ` of at least ${n(rule.min)}` : ` from ${n(rule.min)} to ${n(rule.max)}`
  const unit = rule.unit ? ` of ${rule.unit}` : ''
  return `${option} must be a whole number${unit}${range}, written in digits (like ${n(rule.example ?? 12)}), not '${value}'.`
}

/**
 * A numeric argument refused. Not commander's InvalidArgumentError, which commander would print
 * after words of its own ("option '--count <n>' argument '0x10' is invalid."): the CLI prints this
 * message as it is ("muster: …") and exits 2.
 */
export class NumberArgumentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NumberArgumentError'
  }
}

/**
 * Commander parser for options that take a whole number of at least 1. Commander calls it on the
 * option (`this`), whose long name the message gives.
 */
export function positiveInteger(this: { long?: string } | void, value: string): number {
  const n = wholeNumberIn(value, 1)
  if (n === undefined) throw new NumberArgumentError(notWholeNumber((this && this.long) || 'the number', value, { min: 1 }))
  return n
}
